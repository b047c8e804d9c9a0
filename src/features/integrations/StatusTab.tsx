// A connection's Status tab: each selected stream, how it is copied, and what the last job did
// with it. Airbyte's public API reports a job's rows as a whole, so on Airbyte the per-stream
// figures stay empty and the tab says why.
import type { ConnectionView } from '@common/integrations/integrationsContract';
import { useGetJobQuery } from '../../api/integrationsApi';
import { DateTimeText } from '../../components/DateTimeText';
import { formatBytes, formatCount } from '../../components/format';
import { SimpleTable } from '../../components/SimpleTable';
import { jobStatusText } from './scheduleText';
import { streamLabel } from './streamSelections';

export function StatusTab({ connection }: { connection: ConnectionView }) {
  const lastJob = connection.lastJob;
  const detail = useGetJobQuery(lastJob?.id ?? '', { skip: !lastJob });
  const progress = new Map((detail.currentData?.streams ?? []).map((stream) => [stream.stream, stream]));
  const selected = connection.streams.filter((stream) => stream.selected);
  return (
    <>
      <p>
        {lastJob ? (
          <>
            {`Last ${lastJob.kind}: ${jobStatusText[lastJob.status]}, `}
            <DateTimeText iso={lastJob.endedAt ?? lastJob.createdAt} />
            {`, ${formatCount(lastJob.rowsSynced)} rows.`}
          </>
        ) : (
          'Not synced yet. Use "Sync now" to copy the data for the first time.'
        )}
      </p>
      {lastJob?.failure ? (
        <div className="alert alert-danger">
          <strong>Why the last job failed:</strong> {lastJob.failure}
        </div>
      ) : null}
      {connection.engine === 'airbyte' ? (
        <p className="text-body-secondary">
          This connection runs on Airbyte, which reports rows for the whole job, not per stream. Airbyte keeps each job&apos;s detailed
          logs.
        </p>
      ) : null}
      <SimpleTable
        caption="Streams and their last job"
        captionClassName="caption-top"
        className="table table-sm"
        rows={selected.map((stream) => {
          const label = streamLabel(stream);
          return { stream, label, done: progress.get(label) ?? progress.get(stream.name) };
        })}
        rowKey={(row) => row.label}
        columns={[
          { header: 'Stream', rowHeader: true, cell: ({ label }) => label },
          {
            header: 'Sync mode',
            cell: ({ stream }) =>
              stream.syncMode === 'incremental'
                ? `Incremental${stream.cursorField ? ` on ${stream.cursorField.join('.')}` : ''}`
                : 'Full refresh',
          },
          { header: 'Destination', cell: ({ stream }) => stream.destinationSyncMode },
          { header: 'Rows (last job)', className: 'text-end', cell: ({ done }) => (done ? formatCount(done.rowsCommitted) : '–') },
          { header: 'Bytes (last job)', className: 'text-end', cell: ({ done }) => (done ? formatBytes(done.bytesCommitted) : '–') },
          {
            header: 'State',
            cell: ({ done }) =>
              done?.status === 'COMPLETE' ? 'Complete' : done?.status === 'INCOMPLETE' ? 'Incomplete' : done ? 'Running' : 'Not synced',
          },
        ]}
      />
    </>
  );
}
