// Background jobs as pages follow them: every kind of work travels on the live channel's one `job`
// topic. useJobEvents hands a page the events of one kind or one job (a connector sync, say, with its own
// facts in `detail`); useJobProgress follows one job: fetched once (GET api/jobs/:id), then every
// live event about it updates the answer, so a progress bar moves without polling.
import { JOB_TOPIC } from '@common/jobs/jobsContract';
import { useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../apiError';
import { FINISHED_JOB_STATES, useGetJobQuery, type JobEvent, type JobState } from './jobsApi';
import { subscribeLive } from './liveEvents';

/** What a progress display needs, from the fetched job and the live events that followed. */
export interface JobProgressView {
  id: string;
  kind: string;
  state: JobState;
  progress: number | null;
  message: string | null;
  error: string | null;
  finished: boolean;
  /** Runs so far (a queued job that already ran is waiting for its retry). */
  attempts: number;
  /** The kind's own facts reported with the progress, if any. */
  detail: unknown;
}

export interface JobProgressResult {
  job: JobProgressView | undefined;
  isLoading: boolean;
  error: ApiError | SerializedError | undefined;
}

function isJobEvent(value: unknown): value is JobEvent {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.id === 'string' && typeof candidate.state === 'string';
}

const finished = (state: JobState) => FINISHED_JOB_STATES.includes(state);

/** Which job events a page follows: those of one kind, or of one job. */
export interface JobEventFilter {
  kind?: string;
  id?: string;
}

/** Calls `onEvent` with every `job` live event that passes `filter` while the page is mounted; null follows none. */
export function useJobEvents(filter: JobEventFilter | null, onEvent: (event: JobEvent) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const following = filter !== null;
  const kind = filter?.kind;
  const id = filter?.id;
  useEffect(() => {
    if (!following) return undefined;
    return subscribeLive(JOB_TOPIC, (data) => {
      if (isJobEvent(data) && (kind === undefined || data.kind === kind) && (id === undefined || data.id === id)) handler.current(data);
    });
  }, [following, kind, id]);
}

export function useJobProgress(jobId: string | undefined): JobProgressResult {
  const query = useGetJobQuery(jobId ?? skipToken);
  const [latest, setLatest] = useState<JobEvent | null>(null);

  useJobEvents(jobId ? { id: jobId } : null, setLatest);

  const fetched = jobId ? query.data : undefined;
  const live = latest && latest.id === jobId ? latest : null;
  let job: JobProgressView | undefined;
  // A finished job never changes again: a fetched final state beats an older live event.
  if (live && !(fetched && finished(fetched.state))) {
    job = {
      id: live.id,
      kind: live.kind,
      state: live.state,
      progress: live.progress,
      message: live.message,
      error: live.error ?? null,
      finished: finished(live.state),
      attempts: live.attempts ?? fetched?.attempts ?? 0,
      detail: live.detail ?? null,
    };
  } else if (fetched) {
    job = {
      id: fetched.id,
      kind: fetched.kind,
      state: fetched.state,
      progress: fetched.progress,
      message: fetched.message,
      error: fetched.error,
      finished: finished(fetched.state),
      attempts: fetched.attempts,
      detail: fetched.detail ?? null,
    };
  }
  return { job, isLoading: Boolean(jobId) && query.isLoading, error: jobId ? query.error : undefined };
}
