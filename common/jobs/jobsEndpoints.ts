// The shared job API's endpoints and the live channel's (common/api/endpoint.ts): the server
// registers its routes from them and the browser builds its requests from them.
import { endpoint } from '../api/endpoint';
import type { JobView } from './jobsContract';

export const jobsEndpoints = {
  get: endpoint<{ params: { id: string }; response: { job: JobView } }>()('GET', '/api/jobs/:id'),
  cancel: endpoint<{ params: { id: string }; response: { job: JobView } }>()('POST', '/api/jobs/:id/cancel'),
  /** The signed-in user's server-sent events stream (not JSON: read with fetch, see src/api/live/liveEvents.ts). */
  live: endpoint<{ response: string }>()('GET', '/api/live'),
};
