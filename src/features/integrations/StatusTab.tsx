// A connection's Status tab: each selected stream, how it is copied (in the add-connector step's
// words), and what the last job did with it. When a job of this connection ends (its live event),
// the job's record is read again (see useSyncProgress), so each stream's rows show without a reload. Airbyte's public API
// reports a job's rows as a whole, so on Airbyte the per-stream figures stay empty and the tab says why.
import { useState } from 'react';
import type { ConnectionView } from '@common/integrations/integrationsContract';
import { useGetJobQuery } from '../../api/integrationsApi';
import { DateTimeText } from '../../components/DateTimeText';
import { formatBytes, formatCount } from '../../components/format';
import { JobLogViewer } from './JobLogViewer';
import { SimpleTable } from '../../components/SimpleTable';
import { jobStatusText } from './scheduleText';
import { streamLabel } from './streamSelections';
import { destinationSyncModeText, syncModeText } from './syncModeText';

export function StatusTab({ connection }: { connection: ConnectionView }) {
  const lastJob = connection.lastJob;
  const detail = useGetJobQuery(lastJob?.id ?? '', { skip: !lastJob });
  // When a job ends, the connection page's live hook (useSyncProgress) invalidates the connection and
  // this job's record, so both are read again here.
  const progress = new Map((detail.currentData?.streams ?? []).map((stream) => [stream.stream, stream]));
  const selected = connection.streams.filter((stream) => stream.selected);
  const [showLog, setShowLog] = useState(false);
  return (
    <>
      <p>
        {lastJob ? (
          <>
            {`Last ${lastJob.kind}: ${jobStatusText[lastJob.status]}, `}
            <DateTimeText iso={lastJob.endedAt ?? lastJob.createdAt} />
            {`, ${formatCount(lastJob.rowsSynced)} rows. `}
            {showLog ? null : (
              <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => setShowLog(true)}>
                View its log
              </button>
            )}
          </>
        ) : (
          'Not synced yet. Use "Sync now" to copy the data for the first time.'
        )}
      </p>
      {lastJob && showLog ? <JobLogViewer key={lastJob.id} job={lastJob} onClose={() => setShowLog(false)} /> : null}
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
              `${syncModeText[stream.syncMode]}${stream.syncMode === 'incremental' && stream.cursorField?.length ? ` on ${stream.cursorField.join('.')}` : ''}`,
          },
          { header: 'Destination', cell: ({ stream }) => destinationSyncModeText[stream.destinationSyncMode] },
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
