// A running sync: rows per stream (against the connector's estimate where it gives one), the
// job's state in words, and Cancel. Announced politely as it changes.
import type { StreamProgress, SyncJobSummary, SyncProgressEvent } from '@common/integrations/integrationsContract';
import { FINISHED_SYNC_STATUSES } from '@common/integrations/integrationsRules';
import { apiErrorMessage } from '../../api/apiError';
import { useCancelJobMutation, useGetJobQuery } from '../../api/integrationsApi';
import { formatCount } from '../../components/format';
import { InlineError } from '../../components/InlineError';
import { SimpleTable, type SimpleColumn } from '../../components/SimpleTable';
import { jobStatusText } from './scheduleText';

interface SyncProgressPanelProps {
  job: SyncJobSummary;
  live: SyncProgressEvent | null;
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
      <SimpleTable
        caption="Rows per stream"
        captionClassName="caption-top"
        className="table table-sm mb-0"
        rows={streams}
        rowKey={(stream) => stream.stream}
        empty={null}
        columns={streamColumns}
      />
    </section>
  );
}
