// Glossary, Classifications, Metrics and the governance settings as their pages read them. Types
// come from the shared contracts (type-only: zod stays out of the bundle). Reads of what the dbt
// artifacts hold carry the Catalog tag, so a new ingestion refreshes them.
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
import { baseApi } from './baseApi';

const tagTypes = ['Catalog', 'Glossary', 'Classifications', 'GovernanceSettings'] as const;
const CATALOG = 'Catalog' as const;
const GLOSSARY = 'Glossary' as const;
const CLASSIFICATIONS = 'Classifications' as const;
const SETTINGS = 'GovernanceSettings' as const;
const BASE = 'api/catalog/governance';
const path = (value: string) => encodeURIComponent(value);

export const catalogGovernanceApi = baseApi.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
  endpoints: (build) => ({
    listGlossaries: build.query<GlossaryListResponse, void>({ query: () => `${BASE}/glossaries`, providesTags: [GLOSSARY] }),
    createGlossary: build.mutation<{ glossary: GlossaryRecord }, GlossaryBody>({
      query: (body) => ({ url: `${BASE}/glossaries`, method: 'POST', body }),
      invalidatesTags: [GLOSSARY],
    }),
    deleteGlossary: build.mutation<void, string>({
      query: (id) => ({ url: `${BASE}/glossaries/${path(id)}`, method: 'DELETE' }),
      invalidatesTags: [GLOSSARY],
    }),
    /** `query`: the API query string (status, q). */
    listTerms: build.query<TermListResponse, { glossaryId: string; query: string }>({
      query: ({ glossaryId, query }) => `${BASE}/glossaries/${path(glossaryId)}/terms${query ? `?${query}` : ''}`,
      providesTags: [GLOSSARY],
    }),
    getTerm: build.query<TermDetailResponse, string>({ query: (id) => `${BASE}/terms/${path(id)}`, providesTags: [GLOSSARY, CATALOG] }),
    createTerm: build.mutation<{ term: TermRecord }, { glossaryId: string; body: TermCreateBody }>({
      query: ({ glossaryId, body }) => ({ url: `${BASE}/glossaries/${path(glossaryId)}/terms`, method: 'POST', body }),
      invalidatesTags: [GLOSSARY],
    }),
    updateTerm: build.mutation<{ term: TermRecord }, { id: string; body: TermUpdateBody }>({
      query: ({ id, body }) => ({ url: `${BASE}/terms/${path(id)}`, method: 'PATCH', body }),
      invalidatesTags: [GLOSSARY],
    }),
    deleteTerm: build.mutation<void, string>({
      query: (id) => ({ url: `${BASE}/terms/${path(id)}`, method: 'DELETE' }),
      invalidatesTags: [GLOSSARY],
    }),
    transitionTerm: build.mutation<{ term: TermRecord }, { id: string; body: TermTransitionBody }>({
      query: ({ id, body }) => ({ url: `${BASE}/terms/${path(id)}/transitions`, method: 'POST', body }),
      invalidatesTags: [GLOSSARY],
    }),
    linkTerm: build.mutation<void, { id: string; body: TermLinkBody }>({
      query: ({ id, body }) => ({ url: `${BASE}/terms/${path(id)}/links`, method: 'POST', body }),
      invalidatesTags: [GLOSSARY],
    }),
    unlinkTerm: build.mutation<void, { id: string; nodeId: string; columnName: string | null }>({
      query: ({ id, nodeId, columnName }) => ({
        url: `${BASE}/terms/${path(id)}/links?${new URLSearchParams({ nodeId, ...(columnName ? { columnName } : {}) }).toString()}`,
        method: 'DELETE',
      }),
      invalidatesTags: [GLOSSARY],
    }),
    importTerms: build.mutation<TermImportResponse, { glossaryId: string; csv: string }>({
      query: ({ glossaryId, csv }) => ({ url: `${BASE}/glossaries/${path(glossaryId)}/import`, method: 'POST', body: { csv } }),
      invalidatesTags: [GLOSSARY],
    }),

    listClassifications: build.query<ClassificationListResponse, void>({
      query: () => `${BASE}/classifications`,
      providesTags: [CLASSIFICATIONS, CATALOG],
    }),
    createClassification: build.mutation<{ id: string }, ClassificationBody>({
      query: (body) => ({ url: `${BASE}/classifications`, method: 'POST', body }),
      invalidatesTags: [CLASSIFICATIONS],
    }),
    createTag: build.mutation<{ id: string }, { classificationId: string; body: TagBody }>({
      query: ({ classificationId, body }) => ({ url: `${BASE}/classifications/${path(classificationId)}/tags`, method: 'POST', body }),
      invalidatesTags: [CLASSIFICATIONS],
    }),
    listApplications: build.query<ApplicationsResponse, string>({
      query: (query) => `${BASE}/classifications/applications?${query}`,
      providesTags: [CLASSIFICATIONS, CATALOG],
    }),
    applyTag: build.mutation<void, ApplyBody>({
      query: (body) => ({ url: `${BASE}/classifications/applications`, method: 'POST', body }),
      invalidatesTags: [CLASSIFICATIONS],
    }),
    removeTag: build.mutation<void, { tagId: string; nodeId: string; columnName: string | null }>({
      query: ({ tagId, nodeId, columnName }) => ({
        url: `${BASE}/classifications/applications?${new URLSearchParams({ tagId, nodeId, ...(columnName ? { columnName } : {}) }).toString()}`,
        method: 'DELETE',
      }),
      invalidatesTags: [CLASSIFICATIONS],
    }),
    listSuggestions: build.query<SuggestionsResponse, void>({
      query: () => `${BASE}/classifications/suggestions`,
      providesTags: [CLASSIFICATIONS, CATALOG],
    }),
    scanSuggestions: build.mutation<{ jobId: string }, void>({
      query: () => ({ url: `${BASE}/classifications/suggestions/scan`, method: 'POST' }),
    }),
    decideSuggestion: build.mutation<void, { id: string; decision: 'accept' | 'reject' }>({
      query: ({ id, decision }) => ({
        url: `${BASE}/classifications/suggestions/${path(id)}/decision`,
        method: 'POST',
        body: { decision },
      }),
      invalidatesTags: [CLASSIFICATIONS],
    }),

    listMetrics: build.query<MetricsListResponse, void>({ query: () => `${BASE}/metrics`, providesTags: [CATALOG] }),
    getMetric: build.query<MetricDetailResponse, string>({ query: (id) => `${BASE}/metrics/${path(id)}`, providesTags: [CATALOG] }),
    getMetricValues: build.query<MetricValuesResponse, { id: string; grain: MetricGrain }>({
      query: ({ id, grain }) => `${BASE}/metrics/${path(id)}/values?grain=${grain}`,
      providesTags: [CATALOG],
    }),

    getAssetGovernance: build.query<AssetGovernanceResponse, string>({
      query: (assetId) => `${BASE}/asset?${new URLSearchParams({ assetId }).toString()}`,
      providesTags: [GLOSSARY, CLASSIFICATIONS, CATALOG],
    }),

    getGovernanceSettings: build.query<GovernanceSettingsResponse, void>({ query: () => `${BASE}/settings`, providesTags: [SETTINGS] }),
    saveGovernanceSettings: build.mutation<GovernanceSettingsResponse, GovernanceSettings>({
      query: (body) => ({ url: `${BASE}/settings`, method: 'PUT', body }),
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
