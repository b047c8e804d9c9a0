// The shared job API (GET api/jobs/:id, POST api/jobs/:id/cancel): any page that starts
// background work (a connector sync, a usage copy) reads and cancels its job here.
import { baseApi } from '../baseApi';

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** A job as the server answers it (server/src/platform/jobs/jobTypes.ts, JobView). */
export interface Job {
  id: string;
  kind: string;
  state: JobState;
  /** 0..1, null until the job reports any. */
  progress: number | null;
  message: string | null;
  /** The last failure's message. */
  error: string | null;
  attempts: number;
  maxAttempts: number;
  startedBy: string | null;
  cancelRequested: boolean;
  result: unknown;
  createdAt: string;
  runAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The `job` live event: what changed about a job. */
export interface JobEvent {
  id: string;
  kind: string;
  state: JobState;
  progress: number | null;
  message: string | null;
  error?: string;
}

export const FINISHED_JOB_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];

export const jobsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getJob: build.query<Job, string>({
      query: (id) => `api/jobs/${encodeURIComponent(id)}`,
      transformResponse: (response: { job: Job }) => response.job,
    }),
    cancelJob: build.mutation<Job, string>({
      query: (id) => ({ url: `api/jobs/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      transformResponse: (response: { job: Job }) => response.job,
    }),
  }),
});

export const { useGetJobQuery, useCancelJobMutation } = jobsApi;
