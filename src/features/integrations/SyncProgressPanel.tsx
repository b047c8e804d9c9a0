// A running sync: rows per stream (against the connector's estimate where it gives one), the
// job's state in words, and Cancel. Announced politely as it changes.
import type { StreamProgress, SyncJobSummary, SyncProgressEvent } from '@common/integrations/integrationsContract';
import { FINISHED_SYNC_STATUSES } from '@common/integrations/integrationsRules';
import { apiErrorMessage } from '../../api/apiError';
import { useCancelJobMutation, useGetJobQuery } from '../../api/integrationsApi';
import { formatCount } from '../../components/format';
import { InlineError } from '../../components/InlineError';
import { jobStatusText } from './scheduleText';

interface SyncProgressPanelProps {
  job: SyncJobSummary;
  live: SyncProgressEvent | null;
}

function StreamRow({ stream }: { stream: StreamProgress }) {
  const estimate = stream.rowEstimate;
  return (
    <tr>
      <th scope="row">{stream.stream}</th>
      <td className="text-end">{formatCount(stream.rowsCommitted)}</td>
      <td className="text-end">{formatCount(stream.rowsRead)}</td>
      <td style={{ minWidth: '10rem' }}>
        {estimate ? (
          <progress
            className="w-100"
            max={estimate}
            value={Math.min(stream.rowsRead, estimate)}
            aria-label={`${stream.stream}: ${formatCount(stream.rowsRead)} of about ${formatCount(estimate)} rows`}
          />
        ) : (
          <span className="text-body-secondary small">No estimate</span>
        )}
      </td>
      <td>{stream.status === 'COMPLETE' ? 'Done' : stream.status === 'INCOMPLETE' ? 'Incomplete' : 'Reading'}</td>
    </tr>
  );
}

export function SyncProgressPanel({ job, live }: SyncProgressPanelProps) {
  const detail = useGetJobQuery(job.id);
  const [cancel, cancelling] = useCancelJobMutation();
  const current = live && live.jobId === job.id ? live : null;
  const status = current?.status ?? detail.currentData?.status ?? job.status;
  const streams = current?.streams ?? detail.currentData?.streams ?? [];
  const running = !FINISHED_SYNC_STATUSES.includes(status);
  const rows = current?.rowsCommitted ?? detail.currentData?.rowsSynced ?? job.rowsSynced;
  return (
    <section className="border rounded p-3 mb-4" aria-labelledby="progress-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0" id="progress-title">
          {`${job.kind === 'reset' ? 'Reset' : 'Sync'}${running ? ' in progress' : ' finished'}`}
        </h2>
        {running ? (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={cancelling.isLoading}
            onClick={() => void cancel({ jobId: job.id, connectionId: job.connectionId })}
          >
            {cancelling.isLoading ? 'Cancelling…' : 'Cancel sync'}
          </button>
        ) : null}
      </div>
      <p className="mb-2" role="status" aria-live="polite">
        {`${jobStatusText[status]}: ${formatCount(rows)} rows written${current ? `, attempt ${current.attempt}` : ''}.`}
      </p>
      {cancelling.error ? <InlineError>{apiErrorMessage(cancelling.error)}</InlineError> : null}
      {streams.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm mb-0">
            <caption className="caption-top">Rows per stream</caption>
            <thead>
              <tr>
                <th scope="col">Stream</th>
                <th scope="col" className="text-end">
                  Rows written
                </th>
                <th scope="col" className="text-end">
                  Rows read
                </th>
                <th scope="col">Progress</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {streams.map((stream) => (
                <StreamRow key={stream.stream} stream={stream} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
