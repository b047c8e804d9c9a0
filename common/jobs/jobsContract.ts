// Background jobs as the API answers them (GET api/jobs/:id) and the live channel carries them
// (the `job` event): any page that starts long work follows its job through these shapes.

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export const FINISHED_JOB_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];

/** A job without its payload or lease details. */
export interface JobView {
  id: string;
  kind: string;
  state: JobState;
  /** 0..1, null until the job reports any. */
  progress: number | null;
  message: string | null;
  /** The last failure's message (never a stack). */
  error: string | null;
  attempts: number;
  maxAttempts: number;
  startedBy: string | null;
  cancelRequested: boolean;
  result: unknown;
  /** The kind's own small facts reported with the progress (e.g. a sync's rows per stream); null when none. */
  detail: unknown;
  createdAt: string;
  runAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * The `job` live event: what a progress bar needs, small enough for PostgreSQL's NOTIFY. Every
 * kind of work travels on this one topic; a kind's own facts ride in `detail`.
 */
export interface JobEvent {
  id: string;
  kind: string;
  state: JobState;
  progress: number | null;
  message: string | null;
  error?: string;
  /** Runs so far (a queued job with attempts is waiting for its retry). */
  attempts: number;
  detail?: unknown;
}

/** The live channel's topic for job events. */
export const JOB_TOPIC = 'job';
