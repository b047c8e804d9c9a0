// A connection's Status tab: each selected stream, how it is copied, and what the last job did
// with it. Airbyte's public API reports a job's rows as a whole, so on Airbyte the per-stream
// figures stay empty and the tab says why.
import type { ConnectionView } from '@common/integrations/integrationsContract';
import { useGetJobQuery } from '../../api/integrationsApi';
import { DateTimeText } from '../../components/DateTimeText';
import { formatBytes, formatCount } from '../../components/format';
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
      <div className="table-responsive">
        <table className="table table-sm">
          <caption className="caption-top">Streams and their last job</caption>
          <thead>
            <tr>
              <th scope="col">Stream</th>
              <th scope="col">Sync mode</th>
              <th scope="col">Destination</th>
              <th scope="col" className="text-end">
                Rows (last job)
              </th>
              <th scope="col" className="text-end">
                Bytes (last job)
              </th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {selected.map((stream) => {
              const label = streamLabel(stream);
              const done = progress.get(label) ?? progress.get(stream.name);
              return (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>
                    {stream.syncMode === 'incremental'
                      ? `Incremental${stream.cursorField ? ` on ${stream.cursorField.join('.')}` : ''}`
                      : 'Full refresh'}
                  </td>
                  <td>{stream.destinationSyncMode}</td>
                  <td className="text-end">{done ? formatCount(done.rowsCommitted) : '–'}</td>
                  <td className="text-end">{done ? formatBytes(done.bytesCommitted) : '–'}</td>
                  <td>
                    {done?.status === 'COMPLETE'
                      ? 'Complete'
                      : done?.status === 'INCOMPLETE'
                        ? 'Incomplete'
                        : done
                          ? 'Running'
                          : 'Not synced'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
