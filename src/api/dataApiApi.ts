// Data APIs as the developer pages read them: endpoints with versions, the editor's run, the
// OpenAPI document, API keys and usage. Writes invalidate what they change. Requests are built
// from the endpoints' descriptions (common/data-api/dataApiEndpoints.ts).
import type {
  ApiKeySummary,
  CreatedKey,
  CreateEndpointBody,
  CreateKeyBody,
  EndpointDefinitionInput,
  EndpointDetail,
  EndpointSummary,
  OpenApiDocument,
  RunBody,
  RunResult,
  UsageReport,
} from '@common/data-api/dataApiContract';
import { endpointUrl } from '@common/api/endpoint';
import { dataApiEndpoints as endpoints } from '@common/data-api/dataApiEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

export const dataApiTagTypes = ['DataApiEndpoints', 'DataApiEndpoint', 'DataApiKeys', 'DataApiUsage', 'DataApiOpenApi'] as const;
const LIST = { type: 'DataApiEndpoints' as const, id: 'LIST' };
const DOC = { type: 'DataApiOpenApi' as const, id: 'DOC' };

export type { OpenApiDocument };

export const dataApiApi = baseApi.enhanceEndpoints({ addTagTypes: dataApiTagTypes }).injectEndpoints({
  endpoints: (build) => ({
    listDataEndpoints: build.query<EndpointSummary[], void>({
      query: () => endpointRequest(endpoints.endpoints, {}),
      transformResponse: (response: { endpoints: EndpointSummary[] }) => response.endpoints,
      providesTags: [LIST],
    }),
    getDataEndpoint: build.query<EndpointDetail, string>({
      query: (id) => endpointRequest(endpoints.endpoint, { params: { id } }),
      transformResponse: (response: { endpoint: EndpointDetail }) => response.endpoint,
      providesTags: (_result, _error, id) => [{ type: 'DataApiEndpoint', id }],
    }),
    createDataEndpoint: build.mutation<EndpointDetail, CreateEndpointBody>({
      query: (body) => endpointRequest(endpoints.createEndpoint, { body }),
      transformResponse: (response: { endpoint: EndpointDetail }) => response.endpoint,
      invalidatesTags: [LIST],
    }),
    saveDataEndpointDraft: build.mutation<EndpointDetail, { id: string; definition: EndpointDefinitionInput }>({
      query: ({ id, definition }) => endpointRequest(endpoints.saveDraft, { params: { id }, body: { definition } }),
      transformResponse: (response: { endpoint: EndpointDetail }) => response.endpoint,
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'DataApiEndpoint', id }],
    }),
    publishDataEndpoint: build.mutation<EndpointDetail, { id: string; version: number }>({
      query: ({ id, version }) => endpointRequest(endpoints.publish, { params: { id, version: String(version) } }),
      transformResponse: (response: { endpoint: EndpointDetail }) => response.endpoint,
      invalidatesTags: (_result, _error, { id }) => [LIST, DOC, { type: 'DataApiEndpoint', id }],
    }),
    deleteDataEndpoint: build.mutation<void, string>({
      query: (id) => endpointRequest(endpoints.deleteEndpoint, { params: { id } }),
      invalidatesTags: [LIST, DOC, { type: 'DataApiKeys', id: 'LIST' }],
    }),
    runDataEndpoint: build.mutation<RunResult, RunBody>({
      query: (body) => endpointRequest(endpoints.run, { body }),
    }),
    getDataApiOpenApi: build.query<OpenApiDocument, void>({
      query: () => endpointRequest(endpoints.openApi, {}),
      providesTags: [DOC],
    }),
    listApiKeys: build.query<ApiKeySummary[], void>({
      query: () => endpointRequest(endpoints.keys, {}),
      transformResponse: (response: { keys: ApiKeySummary[] }) => response.keys,
      providesTags: [{ type: 'DataApiKeys', id: 'LIST' }],
    }),
    createApiKey: build.mutation<CreatedKey, CreateKeyBody>({
      query: (body) => endpointRequest(endpoints.createKey, { body }),
      invalidatesTags: [{ type: 'DataApiKeys', id: 'LIST' }],
    }),
    revokeApiKey: build.mutation<ApiKeySummary, string>({
      query: (id) => endpointRequest(endpoints.revokeKey, { params: { id } }),
      transformResponse: (response: { key: ApiKeySummary }) => response.key,
      invalidatesTags: [{ type: 'DataApiKeys', id: 'LIST' }],
    }),
    /** `query`: from, to, bucket, endpoint, key as the API takes them, sent as the page gives them. */
    getDataApiUsage: build.query<UsageReport, Record<string, string>>({
      query: (params) => ({ ...endpointRequest(endpoints.usage, {}), params }),
      providesTags: [{ type: 'DataApiUsage', id: 'REPORT' }],
    }),
  }),
});

export const {
  useListDataEndpointsQuery,
  useGetDataEndpointQuery,
  useCreateDataEndpointMutation,
  useSaveDataEndpointDraftMutation,
  usePublishDataEndpointMutation,
  useDeleteDataEndpointMutation,
  useRunDataEndpointMutation,
  useGetDataApiOpenApiQuery,
  useListApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useGetDataApiUsageQuery,
} = dataApiApi;

/** The address of the usage CSV download (fetched with the bearer token and the usage query, then saved). */
export function usageCsvUrl(): string {
  return endpointUrl(endpoints.usageCsv);
}
