// Feature requests' endpoints (common/api/endpoint.ts): the server registers its routes from
// them and the browser builds its requests from them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type { FeatureDetail, FeatureInput, FeatureListQuery, FeatureListResponse, FeatureStatusChange } from './featureRequestsContract';

type One = { feature: FeatureDetail };
type ById = { id: string };

export const featureRequestsEndpoints = {
  list: endpoint<{ query: FeatureListQuery; response: FeatureListResponse }>()('GET', '/api/features'),
  get: endpoint<{ params: ById; response: One }>()('GET', '/api/features/:id'),
  create: endpoint<{ body: FeatureInput; response: One }>()('POST', '/api/features', 201),
  vote: endpoint<{ params: ById; body: { vote: boolean }; response: One }>()('PUT', '/api/features/:id/vote'),
  subscription: endpoint<{ params: ById; body: { subscribed: boolean }; response: One }>()('PUT', '/api/features/:id/subscription'),
  comment: endpoint<{ params: ById; body: { body: string }; response: One }>()('POST', '/api/features/:id/comments', 201),
  status: endpoint<{ params: ById; body: FeatureStatusChange; response: One }>()('PATCH', '/api/features/:id/status'),
};
