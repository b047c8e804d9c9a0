// The dashboards API's endpoints (common/api/endpoint.ts): the server registers its routes from
// them and the browser builds its requests from them. Types only come from the contract, so the
// browser loads no zod for these.
import { endpoint } from '../api/endpoint';
import type { ClientDashboardsResponse, DashboardInput, DashboardRecord } from './dashboardsContract';

/** Each endpoint: method, path, success status and the types of what it takes and answers. */
export const dashboardsEndpoints = {
  clientList: endpoint<{ response: ClientDashboardsResponse }>()('GET', '/api/config/client-dashboards'),
  list: endpoint<{ response: { dashboards: DashboardRecord[] } }>()('GET', '/api/dashboards'),
  create: endpoint<{ body: DashboardInput; response: { dashboard: DashboardRecord } }>()('POST', '/api/dashboards', 201),
  reorder: endpoint<{ body: { ids: string[] }; response: { dashboards: DashboardRecord[] } }>()('PUT', '/api/dashboards/order'),
  update: endpoint<{ params: { id: string }; body: Partial<DashboardInput>; response: { dashboard: DashboardRecord } }>()(
    'PATCH',
    '/api/dashboards/:id',
  ),
  remove: endpoint<{ params: { id: string }; response: void }>()('DELETE', '/api/dashboards/:id', 204),
};
