// Data Quality and the Incident Manager as their pages read them. Types come from the shared
// contracts (type-only: zod stays out of the bundle). Reads carry the Catalog tag, so a new
// ingestion (which may open incidents) refreshes them; incident moves refresh the incidents.
import type {
  IncidentDetailResponse,
  IncidentListResponse,
  IncidentMembersResponse,
  IncidentMetricsResponse,
  IncidentRecord,
  IncidentTransitionBody,
} from '@common/catalog-quality/incidentsContract';
import type {
  ProfilesResponse,
  ProfileStartedResponse,
  QualitySummaryResponse,
  QualityTestsResponse,
  TestHistoryResponse,
} from '@common/catalog-quality/qualityContract';
import { baseApi } from './baseApi';

const tagTypes = ['Catalog', 'Incidents', 'Profiles'] as const;
const CATALOG = 'Catalog' as const;
const INCIDENTS = 'Incidents' as const;

export const catalogQualityApi = baseApi.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
  endpoints: (build) => ({
    /** `query`: the API query string (status, severity, type, q, owner, domain, asset, flaky, page, pageSize). */
    listQualityTests: build.query<QualityTestsResponse, string>({
      query: (query) => `api/catalog/quality/tests${query ? `?${query}` : ''}`,
      providesTags: [CATALOG],
    }),
    getQualitySummary: build.query<QualitySummaryResponse, string>({
      query: (query) => `api/catalog/quality/summary?${query}`,
      providesTags: [CATALOG],
    }),
    getTestHistory: build.query<TestHistoryResponse, string>({
      query: (testId) => `api/catalog/quality/tests/${encodeURIComponent(testId)}/history`,
      providesTags: [CATALOG],
    }),
    getProfiles: build.query<ProfilesResponse, string>({
      query: (assetId) => `api/catalog/quality/profiles?${new URLSearchParams({ assetId }).toString()}`,
      providesTags: (_result, _error, assetId) => [{ type: 'Profiles', id: assetId }],
    }),
    startProfile: build.mutation<ProfileStartedResponse, string>({
      query: (assetId) => ({ url: 'api/catalog/quality/profiles', method: 'POST', body: { assetId } }),
    }),
    listIncidents: build.query<IncidentListResponse, string>({
      query: (query) => `api/catalog/incidents${query ? `?${query}` : ''}`,
      providesTags: [CATALOG, INCIDENTS],
    }),
    getIncident: build.query<IncidentDetailResponse, string>({
      query: (id) => `api/catalog/incidents/${encodeURIComponent(id)}`,
      providesTags: [CATALOG, INCIDENTS],
    }),
    getIncidentMetrics: build.query<IncidentMetricsResponse, void>({
      query: () => 'api/catalog/incidents/metrics',
      providesTags: [CATALOG, INCIDENTS],
    }),
    getIncidentMembers: build.query<IncidentMembersResponse, void>({
      query: () => 'api/catalog/incidents/members',
    }),
    transitionIncident: build.mutation<{ incident: IncidentRecord }, { id: string; body: IncidentTransitionBody }>({
      query: ({ id, body }) => ({ url: `api/catalog/incidents/${encodeURIComponent(id)}/transitions`, method: 'POST', body }),
      invalidatesTags: [INCIDENTS],
    }),
    setIncidentSeverity: build.mutation<{ incident: IncidentRecord }, { id: string; severity: number }>({
      query: ({ id, severity }) => ({ url: `api/catalog/incidents/${encodeURIComponent(id)}`, method: 'PATCH', body: { severity } }),
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
  useSetIncidentSeverityMutation,
} = catalogQualityApi;
