// A running sync: the job's progress bar and state (the shared JobProgress), its rows per stream
// (against the connector's estimate where it gives one) in words, and Cancel. Announced politely
// as it changes.
import type { StreamProgress, SyncJobSummary } from '@common/integrations/integrationsContract';
import { FINISHED_SYNC_STATUSES, syncJobStatus } from '@common/integrations/integrationsRules';
import { isSyncDetail } from './syncDetail';
import { apiErrorMessage } from '../../api/apiError';
import { useCancelJobMutation, useGetJobQuery } from '../../api/integrationsApi';
import { useJobProgress } from '../../api/live/useJobProgress';
import { JobProgress } from '../../components/JobProgress';
import { formatCount } from '../../components/format';
import { InlineError } from '../../components/InlineError';
import { SimpleTable, type SimpleColumn } from '../../components/SimpleTable';
import { jobStatusText } from './scheduleText';

interface SyncProgressPanelProps {
  job: SyncJobSummary;
}

/** Each stream's rows so far and, where the source gave an estimate, how far along it is. */
const streamColumns: SimpleColumn<StreamProgress>[] = [
  { header: 'Stream', rowHeader: true, cell: (stream) => stream.stream },
  { header: 'Rows written', className: 'text-end', cell: (stream) => formatCount(stream.rowsCommitted) },
  { header: 'Rows read', className: 'text-end', cell: (stream) => formatCount(stream.rowsRead) },
  {
    header: 'Progress',
    cell: (stream) => (
      <div style={{ minWidth: '10rem' }}>
        {stream.rowEstimate ? (
          <progress
            className="w-100"
            max={stream.rowEstimate}
            value={Math.min(stream.rowsRead, stream.rowEstimate)}
            aria-label={`${stream.stream}: ${formatCount(stream.rowsRead)} of about ${formatCount(stream.rowEstimate)} rows`}
          />
        ) : (
          <span className="text-body-secondary small">No estimate</span>
        )}
      </div>
    ),
  },
  {
    header: 'State',
    cell: (stream) => (stream.status === 'COMPLETE' ? 'Done' : stream.status === 'INCOMPLETE' ? 'Incomplete' : 'Reading'),
  },
];

export function SyncProgressPanel({ job }: SyncProgressPanelProps) {
  // The sync is a job of the portal's job runner: the one hook and display every job uses, with the
  // sync's own facts (rows per stream) from the job's detail, or from the sync's record before any arrives.
  const { job: progress } = useJobProgress(job.id);
  const record = useGetJobQuery(job.id);
  const [cancel, cancelling] = useCancelJobMutation();
  const detail = isSyncDetail(progress?.detail) ? progress.detail : null;
  const status = progress ? syncJobStatus(progress.state, progress.attempts) : (record.currentData?.status ?? job.status);
  const streams = detail?.streams ?? record.currentData?.streams ?? [];
  const running = !FINISHED_SYNC_STATUSES.includes(status);
  const rows = detail?.rowsCommitted ?? record.currentData?.rowsSynced ?? job.rowsSynced;
  const what = job.kind === 'reset' ? 'Reset' : 'Sync';
  return (
    <section className="border rounded p-3 mb-4" aria-labelledby="progress-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 className="h6 mb-0" id="progress-title">
          {`${what}${running ? ' in progress' : ' finished'}`}
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
      {cancelling.error ? <InlineError>{apiErrorMessage(cancelling.error)}</InlineError> : null}
      <JobProgress jobId={job.id} label={`${what} of this connection`} announce={false}>
        {() => (
          <>
            <p
              className="my-2"
              role="status"
              aria-live="polite"
            >{`${jobStatusText[status]}: ${formatCount(rows)} rows written${detail ? `, attempt ${detail.attempt}` : ''}.`}</p>
            <SimpleTable
              caption="Rows per stream"
              captionClassName="caption-top"
              className="table table-sm mb-0"
              rows={streams}
              rowKey={(stream) => stream.stream}
              empty={null}
              columns={streamColumns}
            />
          </>
        )}
      </JobProgress>
    </section>
  );
}
