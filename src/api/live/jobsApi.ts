// The shared job API (GET api/jobs/:id, POST api/jobs/:id/cancel): any page that starts
// background work (a connector sync, a usage copy) reads and cancels its job here.
import type { JobEvent, JobState, JobView } from '@common/jobs/jobsContract';
import { baseApi } from '../baseApi';

export { FINISHED_JOB_STATES } from '@common/jobs/jobsContract';
export type { JobEvent, JobState };
export type Job = JobView;

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
