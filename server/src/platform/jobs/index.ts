// The background job runner: what other server code imports from platform/jobs.
export {
  createJobRunner,
  JobCancelledError,
  JOBS_NOTIFY_CHANNEL,
  type JobLog,
  type JobRunner,
  type JobRunnerOptions,
  type EnqueuedJob,
  type JobListQuery,
  type JobRecord,
} from './jobRunner.js';
export { registerJobRoutes } from './jobRoutes.js';
export { findLatestJob } from './jobStore.js';
export * from './jobTypes.js';
export { cronProblem } from './scheduleTimes.js';
