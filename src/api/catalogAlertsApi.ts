// Alerts and the catalog's own settings (and the external catalog link and dbt upload tokens
// they set) as their pages read them. Types come from the shared contracts; requests are built
// from the endpoints' descriptions (common/catalog-alerts/catalogAlertsEndpoints.ts,
// common/catalog-settings/catalogSettingsEndpoints.ts, common/dbt/dbtEndpoints.ts). Changing a
// rule refreshes the rules; sending a test refreshes the delivery log.
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
import { endpointUrl } from '@common/api/endpoint';
import { catalogAlertsEndpoints as alerts } from '@common/catalog-alerts/catalogAlertsEndpoints';
import { catalogSettingsEndpoints as settings } from '@common/catalog-settings/catalogSettingsEndpoints';
import { dbtEndpoints as dbt } from '@common/dbt/dbtEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

const RULES = 'AlertRules' as const;
const DELIVERIES = 'AlertDeliveries' as const;
const SETTINGS = 'CatalogSettings' as const;

export const catalogAlertsApi = baseApi.enhanceEndpoints({ addTagTypes: [RULES, DELIVERIES, SETTINGS] }).injectEndpoints({
  endpoints: (build) => ({
    listAlertRules: build.query<AlertRuleList, void>({
      query: () => endpointRequest(alerts.rules, {}),
      providesTags: [RULES],
    }),
    createAlertRule: build.mutation<{ rule: AlertRuleRecord }, AlertRuleInput>({
      query: (body) => endpointRequest(alerts.createRule, { body }),
      invalidatesTags: [RULES],
    }),
    updateAlertRule: build.mutation<{ rule: AlertRuleRecord }, { id: string; body: AlertRuleInput }>({
      query: ({ id, body }) => endpointRequest(alerts.updateRule, { params: { id }, body }),
      invalidatesTags: [RULES],
    }),
    deleteAlertRule: build.mutation<void, string>({
      query: (id) => endpointRequest(alerts.deleteRule, { params: { id } }),
      invalidatesTags: [RULES, DELIVERIES],
    }),
    sendTestAlert: build.mutation<{ deliveries: AlertDeliveryRecord[] }, string>({
      query: (id) => endpointRequest(alerts.testRule, { params: { id } }),
      invalidatesTags: [DELIVERIES],
    }),
    /** `query`: the API query string (ruleId, status, before, limit). */
    listAlertDeliveries: build.query<DeliveryList, string>({
      query: (query) => `${endpointUrl(alerts.deliveries)}${query ? `?${query}` : ''}`,
      providesTags: [DELIVERIES],
    }),
    getWebhookSettings: build.query<WebhookSettingsResponse, void>({
      query: () => endpointRequest(settings.webhooks, {}),
      providesTags: [SETTINGS],
    }),
    saveWebhookSettings: build.mutation<WebhookSettingsResponse, WebhookSettings>({
      query: (body) => endpointRequest(settings.saveWebhooks, { body }),
      invalidatesTags: [SETTINGS],
    }),
    getFreshnessSettings: build.query<FreshnessSettingsResponse, void>({
      query: () => endpointRequest(settings.freshness, {}),
      providesTags: [SETTINGS],
    }),
    saveFreshnessSettings: build.mutation<FreshnessSettingsResponse, FreshnessSettings>({
      query: (body) => endpointRequest(settings.saveFreshness, { body }),
      invalidatesTags: [SETTINGS],
    }),
    getProfilerSettings: build.query<ProfilerSettingsResponse, void>({
      query: () => endpointRequest(settings.profiler, {}),
      providesTags: [SETTINGS],
    }),
    saveProfilerSettings: build.mutation<ProfilerSettingsResponse, ProfilerSettings>({
      query: (body) => endpointRequest(settings.saveProfiler, { body }),
      invalidatesTags: [SETTINGS],
    }),
    getExternalCatalogSettings: build.query<ExternalCatalogSettingsResponse, void>({
      query: () => endpointRequest(settings.externalCatalog, {}),
      providesTags: [SETTINGS],
    }),
    saveExternalCatalogSettings: build.mutation<ExternalCatalogSettingsResponse, ExternalCatalogSettings>({
      query: (body) => endpointRequest(settings.saveExternalCatalog, { body }),
      invalidatesTags: [SETTINGS],
    }),
    getArtifactSources: build.query<ArtifactSourcesResponse, void>({
      query: () => endpointRequest(settings.artifactSources, {}),
      providesTags: [SETTINGS],
    }),
    listUploadTokens: build.query<UploadTokenList, void>({
      query: () => endpointRequest(dbt.uploadTokens, {}),
      providesTags: [SETTINGS],
    }),
    createUploadToken: build.mutation<UploadTokenCreated, { name: string }>({
      query: (body) => endpointRequest(dbt.createUploadToken, { body }),
      invalidatesTags: [SETTINGS],
    }),
    revokeUploadToken: build.mutation<void, string>({
      query: (id) => endpointRequest(dbt.revokeUploadToken, { params: { id } }),
      invalidatesTags: [SETTINGS],
    }),
    /** Where the Data Catalog links lead for the caller's organisation. */
    getExternalCatalogLink: build.query<ExternalLinkResponse, void>({
      query: () => endpointRequest(settings.externalLink, {}),
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
