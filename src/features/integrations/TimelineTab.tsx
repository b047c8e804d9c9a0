// A connection's Timeline: its jobs, newest first, with rows, bytes, duration, why a job failed,
// each job's log to read in the page (its last attempt) and every attempt's logs as a download.
import { useState } from 'react';
import type { SyncJobSummary } from '@common/integrations/integrationsContract';
import { apiErrorMessage } from '../../api/apiError';
import { apiClient } from '../../api/client';
import { jobLogsUrl, useListJobsQuery } from '../../api/integrationsApi';
import { DataTable } from '../../components/DataTable';
import type { DataColumn } from '../../components/dataColumn';
import { formatBytes, formatCount, formatDateTime, formatDuration } from '../../components/format';
import { InlineError } from '../../components/InlineError';
import { QueryResult } from '../../components/QueryResult';
import { JobLogViewer } from './JobLogViewer';
import { jobStatusText } from './scheduleText';

async function saveLogs(job: SyncJobSummary): Promise<void> {
  const response = await apiClient.get<Blob>(jobLogsUrl(job.id), { responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `sync-${job.id}.log`;
  link.click();
  URL.revokeObjectURL(url);
}

function LogsButton({ job, onError }: { job: SyncJobSummary; onError: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await saveLogs(job);
    } catch (error) {
      onError(`The logs could not be downloaded: ${apiErrorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-link btn-sm p-0"
      disabled={busy}
      onClick={() => void download()}
      aria-label={`Download the logs of the ${job.kind} of ${formatDateTime(job.createdAt)}`}
    >
      {busy ? 'Downloading…' : 'Logs'}
    </button>
  );
}

export function TimelineTab({ connectionId }: { connectionId: string }) {
  const [page, setPage] = useState(1);
  const [logError, setLogError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<SyncJobSummary | null>(null);
  const jobs = useListJobsQuery({ id: connectionId, page });
  const columns: DataColumn<SyncJobSummary>[] = [
    {
      id: 'created',
      header: 'Started',
      value: (job) => job.startedAt ?? job.createdAt,
      cell: (job) => formatDateTime(job.startedAt ?? job.createdAt),
      rowHeader: true,
    },
    { id: 'kind', header: 'Job', value: (job) => (job.kind === 'reset' ? 'Reset' : 'Sync') },
    { id: 'status', header: 'Status', value: (job) => jobStatusText[job.status] },
    { id: 'rows', header: 'Rows', numeric: true, value: (job) => job.rowsSynced, cell: (job) => formatCount(job.rowsSynced) },
    { id: 'bytes', header: 'Bytes', numeric: true, value: (job) => job.bytesSynced, cell: (job) => formatBytes(job.bytesSynced) },
    {
      id: 'duration',
      header: 'Duration',
      numeric: true,
      value: (job) => job.durationMs,
      cell: (job) => (job.durationMs === null ? '–' : formatDuration(job.durationMs)),
    },
    { id: 'attempts', header: 'Attempts', numeric: true, value: (job) => job.attempts },
    { id: 'failure', header: 'Failure', value: (job) => job.failure, sortable: false },
    {
      id: 'logs',
      header: 'Logs',
      value: () => null,
      sortable: false,
      exported: false,
      cell: (job) => (
        <span className="d-inline-flex gap-2">
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={() => setViewing(job)}
            aria-label={`View the log of the ${job.kind} of ${formatDateTime(job.createdAt)}`}
          >
            View
          </button>
          <LogsButton job={job} onError={setLogError} />
        </span>
      ),
    },
  ];
  return (
    <>
      {logError ? <InlineError>{logError}</InlineError> : null}
      {viewing ? <JobLogViewer key={viewing.id} job={viewing} onClose={() => setViewing(null)} /> : null}
      <QueryResult query={jobs} loadingLabel="Loading the jobs…" errorTitle="The jobs could not be loaded">
        {(data) => (
          <>
            <DataTable
              caption="Jobs of this connection, newest first"
              showCaption
              columns={columns}
              rows={data.jobs}
              rowKey={(job) => job.id}
              exportFileName={`connection-${connectionId}-jobs.csv`}
              emptyText="No jobs yet."
            />
            <nav aria-label="Job pages" className="d-flex gap-2">
              <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
                Newer jobs
              </button>
              <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
                Older jobs
              </button>
            </nav>
          </>
        )}
      </QueryResult>
    </>
  );
}
