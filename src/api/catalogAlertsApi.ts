// Alerts and the catalog's own settings (and the external catalog link they set) as their pages read them. Types come from the shared
// contracts. Changing a rule refreshes the rules;
// sending a test refreshes the delivery log.
import type {
  AlertDeliveryRecord,
  AlertRuleInput,
  AlertRuleList,
  AlertRuleRecord,
  DeliveryList,
} from '@common/catalog-alerts/alertsContract';
import type {
  ArtifactSourcesResponse,
  ExternalCatalogSettings,
  ExternalCatalogSettingsResponse,
  ExternalLinkResponse,
  FreshnessSettings,
  FreshnessSettingsResponse,
  ProfilerSettings,
  ProfilerSettingsResponse,
  WebhookSettings,
  WebhookSettingsResponse,
} from '@common/catalog-settings/catalogSettingsContract';
import type { UploadTokenCreated, UploadTokenList } from '@common/dbt/uploadTokensContract';
import { baseApi } from './baseApi';

const RULES = 'AlertRules' as const;
const DELIVERIES = 'AlertDeliveries' as const;
const SETTINGS = 'CatalogSettings' as const;

export const catalogAlertsApi = baseApi.enhanceEndpoints({ addTagTypes: [RULES, DELIVERIES, SETTINGS] }).injectEndpoints({
  endpoints: (build) => ({
    listAlertRules: build.query<AlertRuleList, void>({
      query: () => 'api/catalog/alerts/rules',
      providesTags: [RULES],
    }),
    createAlertRule: build.mutation<{ rule: AlertRuleRecord }, AlertRuleInput>({
      query: (body) => ({ url: 'api/catalog/alerts/rules', method: 'POST', body }),
      invalidatesTags: [RULES],
    }),
    updateAlertRule: build.mutation<{ rule: AlertRuleRecord }, { id: string; body: AlertRuleInput }>({
      query: ({ id, body }) => ({ url: `api/catalog/alerts/rules/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [RULES],
    }),
    deleteAlertRule: build.mutation<void, string>({
      query: (id) => ({ url: `api/catalog/alerts/rules/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [RULES, DELIVERIES],
    }),
    sendTestAlert: build.mutation<{ deliveries: AlertDeliveryRecord[] }, string>({
      query: (id) => ({ url: `api/catalog/alerts/rules/${encodeURIComponent(id)}/test`, method: 'POST' }),
      invalidatesTags: [DELIVERIES],
    }),
    /** `query`: the API query string (ruleId, status, before, limit). */
    listAlertDeliveries: build.query<DeliveryList, string>({
      query: (query) => `api/catalog/alerts/deliveries${query ? `?${query}` : ''}`,
      providesTags: [DELIVERIES],
    }),
    getWebhookSettings: build.query<WebhookSettingsResponse, void>({
      query: () => 'api/catalog/settings/webhooks',
      providesTags: [SETTINGS],
    }),
    saveWebhookSettings: build.mutation<WebhookSettingsResponse, WebhookSettings>({
      query: (body) => ({ url: 'api/catalog/settings/webhooks', method: 'PUT', body }),
      invalidatesTags: [SETTINGS],
    }),
    getFreshnessSettings: build.query<FreshnessSettingsResponse, void>({
      query: () => 'api/catalog/settings/freshness',
      providesTags: [SETTINGS],
    }),
    saveFreshnessSettings: build.mutation<FreshnessSettingsResponse, FreshnessSettings>({
      query: (body) => ({ url: 'api/catalog/settings/freshness', method: 'PUT', body }),
      invalidatesTags: [SETTINGS],
    }),
    getProfilerSettings: build.query<ProfilerSettingsResponse, void>({
      query: () => 'api/catalog/settings/profiler',
      providesTags: [SETTINGS],
    }),
    saveProfilerSettings: build.mutation<ProfilerSettingsResponse, ProfilerSettings>({
      query: (body) => ({ url: 'api/catalog/settings/profiler', method: 'PUT', body }),
      invalidatesTags: [SETTINGS],
    }),
    getExternalCatalogSettings: build.query<ExternalCatalogSettingsResponse, void>({
      query: () => 'api/catalog/settings/external-catalog',
      providesTags: [SETTINGS],
    }),
    saveExternalCatalogSettings: build.mutation<ExternalCatalogSettingsResponse, ExternalCatalogSettings>({
      query: (body) => ({ url: 'api/catalog/settings/external-catalog', method: 'PUT', body }),
      invalidatesTags: [SETTINGS],
    }),
    getArtifactSources: build.query<ArtifactSourcesResponse, void>({
      query: () => 'api/catalog/settings/artifact-sources',
      providesTags: [SETTINGS],
    }),
    listUploadTokens: build.query<UploadTokenList, void>({
      query: () => 'api/dbt/upload-tokens',
      providesTags: [SETTINGS],
    }),
    createUploadToken: build.mutation<UploadTokenCreated, { name: string }>({
      query: (body) => ({ url: 'api/dbt/upload-tokens', method: 'POST', body }),
      invalidatesTags: [SETTINGS],
    }),
    revokeUploadToken: build.mutation<void, string>({
      query: (id) => ({ url: `api/dbt/upload-tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [SETTINGS],
    }),
    /** Where the Data Catalog links lead for the caller's organisation. */
    getExternalCatalogLink: build.query<ExternalLinkResponse, void>({
      query: () => 'api/catalog/external-link',
      providesTags: [SETTINGS],
    }),
  }),
});

export const {
  useListAlertRulesQuery,
  useCreateAlertRuleMutation,
  useUpdateAlertRuleMutation,
  useDeleteAlertRuleMutation,
  useSendTestAlertMutation,
  useListAlertDeliveriesQuery,
  useGetWebhookSettingsQuery,
  useSaveWebhookSettingsMutation,
  useGetFreshnessSettingsQuery,
  useSaveFreshnessSettingsMutation,
  useGetProfilerSettingsQuery,
  useSaveProfilerSettingsMutation,
  useGetExternalCatalogSettingsQuery,
  useSaveExternalCatalogSettingsMutation,
  useGetArtifactSourcesQuery,
  useGetExternalCatalogLinkQuery,
  useListUploadTokensQuery,
  useCreateUploadTokenMutation,
  useRevokeUploadTokenMutation,
} = catalogAlertsApi;
