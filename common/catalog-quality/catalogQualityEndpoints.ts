// Data Quality's and the Incident Manager's endpoints (common/api/endpoint.ts): the server
// registers its routes from them and the browser builds its requests from them. Types only come
// from the contracts.
import { endpoint } from '../api/endpoint';
import type {
  IncidentDetailResponse,
  IncidentListQuery,
  IncidentListResponse,
  IncidentMembersResponse,
  IncidentMetricsResponse,
  IncidentRecord,
  IncidentReopenBody,
  IncidentTransitionBody,
  IncidentUpdateBody,
} from './incidentsContract';
import type {
  ProfilesResponse,
  ProfileStartedResponse,
  QualitySummaryQuery,
  QualitySummaryResponse,
  QualityTestsQuery,
  QualityTestsResponse,
  TestHistoryResponse,
} from './qualityContract';

type ById = { id: string };
type OneIncident = { incident: IncidentRecord };

export const catalogQualityEndpoints = {
  tests: endpoint<{ query: QualityTestsQuery; response: QualityTestsResponse }>()('GET', '/api/catalog/quality/tests'),
  summary: endpoint<{ query: QualitySummaryQuery; response: QualitySummaryResponse }>()('GET', '/api/catalog/quality/summary'),
  testHistory: endpoint<{ params: { testId: string }; response: TestHistoryResponse }>()(
    'GET',
    '/api/catalog/quality/tests/:testId/history',
  ),
  profiles: endpoint<{ query: { assetId: string }; response: ProfilesResponse }>()('GET', '/api/catalog/quality/profiles'),
  // Accepted: the profile runs on the job runner.
  startProfile: endpoint<{ body: { assetId: string }; response: ProfileStartedResponse }>()('POST', '/api/catalog/quality/profiles', 202),

  incidents: endpoint<{ query: IncidentListQuery; response: IncidentListResponse }>()('GET', '/api/catalog/incidents'),
  incidentMetrics: endpoint<{ response: IncidentMetricsResponse }>()('GET', '/api/catalog/incidents/metrics'),
  incidentMembers: endpoint<{ response: IncidentMembersResponse }>()('GET', '/api/catalog/incidents/members'),
  incident: endpoint<{ params: ById; response: IncidentDetailResponse }>()('GET', '/api/catalog/incidents/:id'),
  transitionIncident: endpoint<{ params: ById; body: IncidentTransitionBody; response: OneIncident }>()(
    'POST',
    '/api/catalog/incidents/:id/transitions',
  ),
  reopenIncident: endpoint<{ params: ById; body: IncidentReopenBody; response: OneIncident }>()(
    'POST',
    '/api/catalog/incidents/:id/reopen',
  ),
  updateIncident: endpoint<{ params: ById; body: IncidentUpdateBody; response: OneIncident }>()('PATCH', '/api/catalog/incidents/:id'),
};
