// Alerts and the catalog's own settings as their pages read them. Types come from the shared
// contracts (type-only: zod stays out of the bundle). Changing a rule refreshes the rules;
// sending a test refreshes the delivery log.
import type { AlertDeliveryRecord, AlertRuleInput, AlertRuleList, AlertRuleRecord, DeliveryList } from '@common/catalog-alerts/alertsContract';
import type { WebhookSettings, WebhookSettingsResponse } from '@common/catalog-settings/catalogSettingsContract';
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
} = catalogAlertsApi;
