// Glossary, Classifications, Metrics and the governance settings as their pages read them. Types
// come from the shared contracts (types only: this file loads none of their validators); requests are built from
// the endpoints' descriptions (common/catalog-governance/catalogGovernanceEndpoints.ts). Reads of
// what the dbt artifacts hold carry the Catalog tag, so a new ingestion refreshes them.
import type { AssetGovernanceResponse } from '@common/catalog-governance/assetContract';
import type {
  ApplicationsResponse,
  ApplyBody,
  ClassificationBody,
  ClassificationListResponse,
  SuggestionsResponse,
  TagBody,
} from '@common/catalog-governance/classificationsContract';
import type {
  GlossaryBody,
  GlossaryListResponse,
  GlossaryRecord,
  TermCreateBody,
  TermDetailResponse,
  TermImportResponse,
  TermLinkBody,
  TermListResponse,
  TermRecord,
  TermTransitionBody,
  TermUpdateBody,
} from '@common/catalog-governance/glossaryContract';
import type {
  MetricDetailResponse,
  MetricGrain,
  MetricsListResponse,
  MetricValuesResponse,
} from '@common/catalog-governance/metricsContract';
import type { GovernanceSettings, GovernanceSettingsResponse } from '@common/catalog-governance/settingsContract';
import { endpointUrl } from '@common/api/endpoint';
import { catalogGovernanceEndpoints as endpoints } from '@common/catalog-governance/catalogGovernanceEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

const tagTypes = ['Catalog', 'Glossary', 'Classifications', 'GovernanceSettings'] as const;
const CATALOG = 'Catalog' as const;
const GLOSSARY = 'Glossary' as const;
const CLASSIFICATIONS = 'Classifications' as const;
const SETTINGS = 'GovernanceSettings' as const;

export const catalogGovernanceApi = baseApi.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
  endpoints: (build) => ({
    listGlossaries: build.query<GlossaryListResponse, void>({
      query: () => endpointRequest(endpoints.glossaries, {}),
      providesTags: [GLOSSARY],
    }),
    createGlossary: build.mutation<{ glossary: GlossaryRecord }, GlossaryBody>({
      query: (body) => endpointRequest(endpoints.createGlossary, { body }),
      invalidatesTags: [GLOSSARY],
    }),
    deleteGlossary: build.mutation<void, string>({
      query: (id) => endpointRequest(endpoints.deleteGlossary, { params: { glossaryId: id } }),
      invalidatesTags: [GLOSSARY],
    }),
    /** `query`: the API query string (status, q). */
    listTerms: build.query<TermListResponse, { glossaryId: string; query: string }>({
      query: ({ glossaryId, query }) => `${endpointUrl(endpoints.terms, { glossaryId })}${query ? `?${query}` : ''}`,
      providesTags: [GLOSSARY],
    }),
    getTerm: build.query<TermDetailResponse, string>({
      query: (id) => endpointRequest(endpoints.term, { params: { termId: id } }),
      providesTags: [GLOSSARY, CATALOG],
    }),
    createTerm: build.mutation<{ term: TermRecord }, { glossaryId: string; body: TermCreateBody }>({
      query: ({ glossaryId, body }) => endpointRequest(endpoints.createTerm, { params: { glossaryId }, body }),
      invalidatesTags: [GLOSSARY],
    }),
    updateTerm: build.mutation<{ term: TermRecord }, { id: string; body: TermUpdateBody }>({
      query: ({ id, body }) => endpointRequest(endpoints.updateTerm, { params: { termId: id }, body }),
      invalidatesTags: [GLOSSARY],
    }),
    deleteTerm: build.mutation<void, string>({
      query: (id) => endpointRequest(endpoints.deleteTerm, { params: { termId: id } }),
      invalidatesTags: [GLOSSARY],
    }),
    transitionTerm: build.mutation<{ term: TermRecord }, { id: string; body: TermTransitionBody }>({
      query: ({ id, body }) => endpointRequest(endpoints.transitionTerm, { params: { termId: id }, body }),
      invalidatesTags: [GLOSSARY],
    }),
    linkTerm: build.mutation<void, { id: string; body: TermLinkBody }>({
      query: ({ id, body }) => endpointRequest(endpoints.linkTerm, { params: { termId: id }, body }),
      invalidatesTags: [GLOSSARY],
    }),
    unlinkTerm: build.mutation<void, { id: string; nodeId: string; columnName: string | null }>({
      query: ({ id, nodeId, columnName }) => ({
        url: `${endpointUrl(endpoints.unlinkTerm, { termId: id })}?${new URLSearchParams({ nodeId, ...(columnName ? { columnName } : {}) }).toString()}`,
        method: endpoints.unlinkTerm.method,
      }),
      invalidatesTags: [GLOSSARY],
    }),
    importTerms: build.mutation<TermImportResponse, { glossaryId: string; csv: string }>({
      query: ({ glossaryId, csv }) => endpointRequest(endpoints.importTerms, { params: { glossaryId }, body: { csv } }),
      invalidatesTags: [GLOSSARY],
    }),

    listClassifications: build.query<ClassificationListResponse, void>({
      query: () => endpointRequest(endpoints.classifications, {}),
      providesTags: [CLASSIFICATIONS, CATALOG],
    }),
    createClassification: build.mutation<{ id: string }, ClassificationBody>({
      query: (body) => endpointRequest(endpoints.createClassification, { body }),
      invalidatesTags: [CLASSIFICATIONS],
    }),
    createTag: build.mutation<{ id: string }, { classificationId: string; body: TagBody }>({
      query: ({ classificationId, body }) => endpointRequest(endpoints.createTag, { params: { classificationId }, body }),
      invalidatesTags: [CLASSIFICATIONS],
    }),
    listApplications: build.query<ApplicationsResponse, string>({
      query: (query) => `${endpointUrl(endpoints.applications)}?${query}`,
      providesTags: [CLASSIFICATIONS, CATALOG],
    }),
    applyTag: build.mutation<void, ApplyBody>({
      query: (body) => endpointRequest(endpoints.applyTag, { body }),
      invalidatesTags: [CLASSIFICATIONS],
    }),
    removeTag: build.mutation<void, { tagId: string; nodeId: string; columnName: string | null }>({
      query: ({ tagId, nodeId, columnName }) => ({
        url: `${endpointUrl(endpoints.removeTag)}?${new URLSearchParams({ tagId, nodeId, ...(columnName ? { columnName } : {}) }).toString()}`,
        method: endpoints.removeTag.method,
      }),
      invalidatesTags: [CLASSIFICATIONS],
    }),
    listSuggestions: build.query<SuggestionsResponse, void>({
      query: () => endpointRequest(endpoints.suggestions, {}),
      providesTags: [CLASSIFICATIONS, CATALOG],
    }),
    scanSuggestions: build.mutation<{ jobId: string }, void>({
      query: () => endpointRequest(endpoints.scanSuggestions, {}),
    }),
    decideSuggestion: build.mutation<void, { id: string; decision: 'accept' | 'reject' }>({
      query: ({ id, decision }) => endpointRequest(endpoints.decideSuggestion, { params: { suggestionId: id }, body: { decision } }),
      invalidatesTags: [CLASSIFICATIONS],
    }),

    listMetrics: build.query<MetricsListResponse, void>({ query: () => endpointRequest(endpoints.metrics, {}), providesTags: [CATALOG] }),
    getMetric: build.query<MetricDetailResponse, string>({
      query: (id) => endpointRequest(endpoints.metric, { params: { metricId: id } }),
      providesTags: [CATALOG],
    }),
    getMetricValues: build.query<MetricValuesResponse, { id: string; grain: MetricGrain }>({
      query: ({ id, grain }) => `${endpointUrl(endpoints.metricValues, { metricId: id })}?grain=${grain}`,
      providesTags: [CATALOG],
    }),

    getAssetGovernance: build.query<AssetGovernanceResponse, string>({
      query: (assetId) => `${endpointUrl(endpoints.assetGovernance)}?${new URLSearchParams({ assetId }).toString()}`,
      providesTags: [GLOSSARY, CLASSIFICATIONS, CATALOG],
    }),

    getGovernanceSettings: build.query<GovernanceSettingsResponse, void>({
      query: () => endpointRequest(endpoints.settings, {}),
      providesTags: [SETTINGS],
    }),
    saveGovernanceSettings: build.mutation<GovernanceSettingsResponse, GovernanceSettings>({
      query: (body) => endpointRequest(endpoints.saveSettings, { body }),
      invalidatesTags: [SETTINGS, GLOSSARY, CLASSIFICATIONS],
    }),
  }),
});

/** After a personal-data scan ends: its suggestions are new. */
export const invalidateClassifications = () => catalogGovernanceApi.util.invalidateTags([CLASSIFICATIONS]);

export const {
  useListGlossariesQuery,
  useCreateGlossaryMutation,
  useDeleteGlossaryMutation,
  useListTermsQuery,
  useGetTermQuery,
  useCreateTermMutation,
  useUpdateTermMutation,
  useDeleteTermMutation,
  useTransitionTermMutation,
  useLinkTermMutation,
  useUnlinkTermMutation,
  useImportTermsMutation,
  useListClassificationsQuery,
  useCreateClassificationMutation,
  useCreateTagMutation,
  useListApplicationsQuery,
  useApplyTagMutation,
  useRemoveTagMutation,
  useListSuggestionsQuery,
  useScanSuggestionsMutation,
  useDecideSuggestionMutation,
  useListMetricsQuery,
  useGetMetricQuery,
  useGetMetricValuesQuery,
  useGetAssetGovernanceQuery,
  useGetGovernanceSettingsQuery,
  useSaveGovernanceSettingsMutation,
} = catalogGovernanceApi;
