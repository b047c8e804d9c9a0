// The shared job API (GET api/jobs/:id, POST api/jobs/:id/cancel): any page that starts
// background work (a connector sync, a usage copy) reads and cancels its job here.
import type { JobEvent, JobState, JobView } from '@common/jobs/jobsContract';
import { jobsEndpoints as endpoints } from '@common/jobs/jobsEndpoints';
import { baseApi } from '../baseApi';
import { endpointRequest } from '../endpointRequest';

export { FINISHED_JOB_STATES } from '@common/jobs/jobsContract';
export type { JobEvent, JobState };
export type Job = JobView;

export const jobsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getJob: build.query<Job, string>({
      query: (id) => endpointRequest(endpoints.get, { params: { id } }),
      transformResponse: (response: { job: Job }) => response.job,
    }),
    cancelJob: build.mutation<Job, string>({
      query: (id) => endpointRequest(endpoints.cancel, { params: { id } }),
      transformResponse: (response: { job: Job }) => response.job,
    }),
  }),
});

export const { useGetJobQuery, useCancelJobMutation } = jobsApi;
