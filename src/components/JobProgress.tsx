// How far a background job is (a connector sync, a usage copy): a labelled <progress>, the
// job's own message and its state in words, announced politely to screen readers as it
// changes. Follows the job live (useJobProgress); any page that starts a job can show it, and
// add what its kind reports beyond that (a sync's rows per stream) below.
import { useId, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import { apiErrorMessage } from '../api/apiError';
import type { JobState } from '../api/live/jobsApi';
import { useJobProgress, type JobProgressView } from '../api/live/useJobProgress';

interface JobProgressProps {
  jobId: string;
  /** What the job does, e.g. "Syncing the CRM connector". */
  label: string;
  /** What the kind shows beyond the bar, from the job as it stands (its `detail`, say). */
  children?: (job: JobProgressView | undefined) => ReactNode;
  /** False when what `children` shows announces the job itself (one live region, not two). */
  announce?: boolean;
}

const stateText: Record<JobState, string> = {
  queued: 'Waiting to start',
  running: 'In progress',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const stateVariant: Record<JobState, string> = {
  queued: 'secondary',
  running: 'primary',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'secondary',
};

export function JobProgress({ jobId, label, children, announce = true }: JobProgressProps) {
  const labelId = useId();
  const { job, isLoading, error } = useJobProgress(jobId);

  if (error) return <Alert variant="danger">{`${label}: ${apiErrorMessage(error)}`}</Alert>;

  const state = job?.state;
  const percent = job?.progress === null || job?.progress === undefined ? null : Math.round(job.progress * 100);
  return (
    <div
      className="dw-job-progress"
      aria-live={announce ? 'polite' : undefined}
      aria-busy={isLoading || state === 'queued' || state === 'running'}
    >
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <label id={labelId} htmlFor={`${labelId}-bar`} className="fw-semibold mb-0">
          {label}
        </label>
        <Badge bg={state ? stateVariant[state] : 'secondary'}>{state ? stateText[state] : 'Loading…'}</Badge>
        {percent !== null && state === 'running' ? <span>{`${percent} %`}</span> : null}
      </div>
      {/* Without a value the bar is indeterminate: the job has not said how far it is. */}
      <progress id={`${labelId}-bar`} className="w-100" max={1} value={state === 'succeeded' ? 1 : (job?.progress ?? undefined)}>
        {percent === null ? stateText[state ?? 'queued'] : `${percent} %`}
      </progress>
      {job?.message ? <p className="mb-0 small">{job.message}</p> : null}
      {state === 'failed' && job?.error ? <p className="mb-0 small text-danger">{job.error}</p> : null}
      {children?.(job)}
    </div>
  );
}
