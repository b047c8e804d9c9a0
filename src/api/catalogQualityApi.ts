// Data Quality and the Incident Manager as their pages read them. Types come from the shared
// contracts (types only: this file loads none of their validators); requests are built from the endpoints'
// descriptions (common/catalog-quality/catalogQualityEndpoints.ts). Reads carry the Catalog tag,
// so a new ingestion (which may open incidents) refreshes them; incident moves refresh the incidents.
import type {
  IncidentDetailResponse,
  IncidentListResponse,
  IncidentMembersResponse,
  IncidentMetricsResponse,
  IncidentRecord,
  IncidentReopenBody,
  IncidentTransitionBody,
} from '@common/catalog-quality/incidentsContract';
import type {
  ProfilesResponse,
  ProfileStartedResponse,
  QualitySummaryResponse,
  QualityTestsResponse,
  TestHistoryResponse,
} from '@common/catalog-quality/qualityContract';
import { endpointUrl } from '@common/api/endpoint';
import { catalogQualityEndpoints as endpoints } from '@common/catalog-quality/catalogQualityEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

const tagTypes = ['Catalog', 'Incidents', 'Profiles'] as const;
const CATALOG = 'Catalog' as const;
const INCIDENTS = 'Incidents' as const;

export const catalogQualityApi = baseApi.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
  endpoints: (build) => ({
    /** `query`: the API query string (status, severity, type, q, owner, domain, asset, flaky, page, pageSize). */
    listQualityTests: build.query<QualityTestsResponse, string>({
      query: (query) => `${endpointUrl(endpoints.tests)}${query ? `?${query}` : ''}`,
      providesTags: [CATALOG],
    }),
    getQualitySummary: build.query<QualitySummaryResponse, string>({
      query: (query) => `${endpointUrl(endpoints.summary)}?${query}`,
      providesTags: [CATALOG],
    }),
    getTestHistory: build.query<TestHistoryResponse, string>({
      query: (testId) => endpointRequest(endpoints.testHistory, { params: { testId } }),
      providesTags: [CATALOG],
    }),
    getProfiles: build.query<ProfilesResponse, string>({
      query: (assetId) => `${endpointUrl(endpoints.profiles)}?${new URLSearchParams({ assetId }).toString()}`,
      providesTags: (_result, _error, assetId) => [{ type: 'Profiles', id: assetId }],
    }),
    startProfile: build.mutation<ProfileStartedResponse, string>({
      query: (assetId) => endpointRequest(endpoints.startProfile, { body: { assetId } }),
    }),
    listIncidents: build.query<IncidentListResponse, string>({
      query: (query) => `${endpointUrl(endpoints.incidents)}${query ? `?${query}` : ''}`,
      providesTags: [CATALOG, INCIDENTS],
    }),
    getIncident: build.query<IncidentDetailResponse, string>({
      query: (id) => endpointRequest(endpoints.incident, { params: { id } }),
      providesTags: [CATALOG, INCIDENTS],
    }),
    getIncidentMetrics: build.query<IncidentMetricsResponse, void>({
      query: () => endpointRequest(endpoints.incidentMetrics, {}),
      providesTags: [CATALOG, INCIDENTS],
    }),
    getIncidentMembers: build.query<IncidentMembersResponse, void>({
      query: () => endpointRequest(endpoints.incidentMembers, {}),
    }),
    transitionIncident: build.mutation<{ incident: IncidentRecord }, { id: string; body: IncidentTransitionBody }>({
      query: ({ id, body }) => endpointRequest(endpoints.transitionIncident, { params: { id }, body }),
      invalidatesTags: [INCIDENTS],
    }),
    reopenIncident: build.mutation<{ incident: IncidentRecord }, { id: string; body: IncidentReopenBody }>({
      query: ({ id, body }) => endpointRequest(endpoints.reopenIncident, { params: { id }, body }),
      invalidatesTags: [INCIDENTS],
    }),
    setIncidentSeverity: build.mutation<{ incident: IncidentRecord }, { id: string; severity: number }>({
      query: ({ id, severity }) => endpointRequest(endpoints.updateIncident, { params: { id }, body: { severity } }),
      invalidatesTags: [INCIDENTS],
    }),
  }),
});

/** After a profile job ends: the asset's profiles are stale. */
export const invalidateProfiles = (assetId: string) => catalogQualityApi.util.invalidateTags([{ type: 'Profiles', id: assetId }]);

export const {
  useListQualityTestsQuery,
  useGetQualitySummaryQuery,
  useGetTestHistoryQuery,
  useGetProfilesQuery,
  useStartProfileMutation,
  useListIncidentsQuery,
  useGetIncidentQuery,
  useGetIncidentMetricsQuery,
  useGetIncidentMembersQuery,
  useTransitionIncidentMutation,
  useReopenIncidentMutation,
  useSetIncidentSeverityMutation,
} = catalogQualityApi;
