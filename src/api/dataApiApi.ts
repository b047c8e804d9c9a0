// Data APIs as the developer pages read them: endpoints with versions, the editor's run, the
// OpenAPI document, API keys and usage. Writes invalidate what they change.
import type {
  ApiKeySummary,
  CreatedKey,
  CreateEndpointBody,
  CreateKeyBody,
  EndpointDefinitionInput,
  EndpointDetail,
  EndpointSummary,
  RunBody,
  RunResult,
  UsageReport,
} from '@common/data-api/dataApiContract';
import { baseApi } from './baseApi';

export const dataApiTagTypes = ['DataApiEndpoints', 'DataApiEndpoint', 'DataApiKeys', 'DataApiUsage', 'DataApiOpenApi'] as const;
const LIST = { type: 'DataApiEndpoints' as const, id: 'LIST' };
const DOC = { type: 'DataApiOpenApi' as const, id: 'DOC' };

/** The parts of an OpenAPI 3.1 document the documentation view shows. */
export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<
    string,
    {
      get?: {
        operationId: string;
        summary?: string;
        description?: string;
        parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Record<string, unknown> }[];
      };
    }
  >;
}

export const dataApiApi = baseApi.enhanceEndpoints({ addTagTypes: dataApiTagTypes }).injectEndpoints({
  endpoints: (build) => ({
    listDataEndpoints: build.query<EndpointSummary[], void>({
      query: () => 'api/data-api/endpoints',
      transformResponse: (response: { endpoints: EndpointSummary[] }) => response.endpoints,
      providesTags: [LIST],
    }),
    getDataEndpoint: build.query<EndpointDetail, string>({
      query: (id) => `api/data-api/endpoints/${encodeURIComponent(id)}`,
      transformResponse: (response: { endpoint: EndpointDetail }) => response.endpoint,
      providesTags: (_result, _error, id) => [{ type: 'DataApiEndpoint', id }],
    }),
    createDataEndpoint: build.mutation<EndpointDetail, CreateEndpointBody>({
      query: (body) => ({ url: 'api/data-api/endpoints', method: 'POST', body }),
      transformResponse: (response: { endpoint: EndpointDetail }) => response.endpoint,
      invalidatesTags: [LIST],
    }),
    saveDataEndpointDraft: build.mutation<EndpointDetail, { id: string; definition: EndpointDefinitionInput }>({
      query: ({ id, definition }) => ({
        url: `api/data-api/endpoints/${encodeURIComponent(id)}/draft`,
        method: 'PUT',
        body: { definition },
      }),
      transformResponse: (response: { endpoint: EndpointDetail }) => response.endpoint,
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'DataApiEndpoint', id }],
    }),
    publishDataEndpoint: build.mutation<EndpointDetail, { id: string; version: number }>({
      query: ({ id, version }) => ({ url: `api/data-api/endpoints/${encodeURIComponent(id)}/versions/${version}/publish`, method: 'POST' }),
      transformResponse: (response: { endpoint: EndpointDetail }) => response.endpoint,
      invalidatesTags: (_result, _error, { id }) => [LIST, DOC, { type: 'DataApiEndpoint', id }],
    }),
    deleteDataEndpoint: build.mutation<void, string>({
      query: (id) => ({ url: `api/data-api/endpoints/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [LIST, DOC, { type: 'DataApiKeys', id: 'LIST' }],
    }),
    runDataEndpoint: build.mutation<RunResult, RunBody>({
      query: (body) => ({ url: 'api/data-api/run', method: 'POST', body }),
    }),
    getDataApiOpenApi: build.query<OpenApiDocument, void>({
      query: () => 'api/data-api/openapi.json',
      providesTags: [DOC],
    }),
    listApiKeys: build.query<ApiKeySummary[], void>({
      query: () => 'api/data-api/keys',
      transformResponse: (response: { keys: ApiKeySummary[] }) => response.keys,
      providesTags: [{ type: 'DataApiKeys', id: 'LIST' }],
    }),
    createApiKey: build.mutation<CreatedKey, CreateKeyBody>({
      query: (body) => ({ url: 'api/data-api/keys', method: 'POST', body }),
      invalidatesTags: [{ type: 'DataApiKeys', id: 'LIST' }],
    }),
    revokeApiKey: build.mutation<ApiKeySummary, string>({
      query: (id) => ({ url: `api/data-api/keys/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
      transformResponse: (response: { key: ApiKeySummary }) => response.key,
      invalidatesTags: [{ type: 'DataApiKeys', id: 'LIST' }],
    }),
    /** `query`: from, to, bucket, endpoint, key as the API takes them. */
    getDataApiUsage: build.query<UsageReport, Record<string, string>>({
      query: (params) => ({ url: 'api/data-api/usage', params }),
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
