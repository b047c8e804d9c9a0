// The integrations area as its pages read it: connector definitions and specs, sources, connections
// and their sync jobs. Writes invalidate what they touched; a sync's live progress arrives on the
// live channel (the sync job's `job` events) and the pages refetch the job and connection when it ends.
// Requests are built from the endpoints' descriptions (common/integrations/integrationsEndpoints.ts).
import type {
  BulkAction,
  CheckRequest,
  CheckResult,
  ConnectionCreate,
  ConnectionUpdate,
  ConnectionView,
  ConnectorDefinition,
  DiscoverRequest,
  OverviewResponse,
  PreviewRequest,
  PreviewResponse,
  SourceCreate,
  SourceUpdate,
  SourceView,
  SyncJobDetail,
  SyncJobSummary,
} from '@common/integrations/integrationsContract';
import type { AirbyteCatalog, ConnectorSpecification } from '@common/integrations/airbyteProtocol';
import type { ConnectionHealth } from '@common/integrations/integrationsRules';
import { endpointUrl, type Endpoint } from '@common/api/endpoint';
import { integrationsEndpoints as endpoints } from '@common/integrations/integrationsEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

export const integrationsTagTypes = [
  'IntegrationConnections',
  'IntegrationConnection',
  'IntegrationJobs',
  'IntegrationJob',
  'IntegrationSources',
] as const;
const LIST = { type: 'IntegrationConnections' as const, id: 'LIST' };

export interface ConnectionsResult {
  connections: ConnectionView[];
  counts: Partial<Record<ConnectionHealth, number>>;
}
export interface JobsPage {
  jobs: SyncJobSummary[];
  hasMore: boolean;
}

/**
 * The body of sync or reset, which is optional (a plain "sync now" sends none). endpointRequest
 * takes a body only where one is required, so it is added beside the request, typed from the endpoint.
 */
type OptionalBody<E> = NonNullable<E extends Endpoint<infer T> ? T['body'] : never>;

export const integrationsApi = baseApi.enhanceEndpoints({ addTagTypes: integrationsTagTypes }).injectEndpoints({
  endpoints: (build) => ({
    listDefinitions: build.query<ConnectorDefinition[], void>({
      query: () => endpointRequest(endpoints.definitions, {}),
      transformResponse: (response: { definitions: ConnectorDefinition[] }) => response.definitions,
    }),
    getSpec: build.query<ConnectorSpecification, string>({
      query: (id) => endpointRequest(endpoints.spec, { params: { id } }),
      transformResponse: (response: { spec: ConnectorSpecification }) => response.spec,
    }),
    checkSource: build.mutation<CheckResult, CheckRequest>({
      query: (body) => endpointRequest(endpoints.checkSource, { body }),
    }),
    previewSource: build.mutation<PreviewResponse, PreviewRequest>({
      query: (body) => endpointRequest(endpoints.previewSource, { body }),
    }),
    createSource: build.mutation<SourceView, SourceCreate>({
      query: (body) => endpointRequest(endpoints.createSource, { body }),
      invalidatesTags: [{ type: 'IntegrationSources', id: 'LIST' }],
    }),
    listSources: build.query<SourceView[], void>({
      query: () => endpointRequest(endpoints.sources, {}),
      transformResponse: (response: { sources: SourceView[] }) => response.sources,
      providesTags: [{ type: 'IntegrationSources', id: 'LIST' }],
    }),
    getSource: build.query<SourceView, string>({
      query: (id) => endpointRequest(endpoints.source, { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'IntegrationSources', id }],
    }),
    /** New settings are saved only if the connector's check passes with them (the server runs it). */
    updateSource: build.mutation<SourceView, { id: string; connectionId: string; patch: SourceUpdate }>({
      query: ({ id, patch }) => endpointRequest(endpoints.updateSource, { params: { id }, body: patch }),
      invalidatesTags: (_result, _error, { id, connectionId }) => [
        { type: 'IntegrationSources', id },
        { type: 'IntegrationSources', id: 'LIST' },
        { type: 'IntegrationConnection', id: connectionId },
        LIST,
      ],
    }),
    /** The streams a config as typed offers, nothing saved. */
    discoverConfig: build.mutation<AirbyteCatalog, DiscoverRequest>({
      query: (body) => endpointRequest(endpoints.discoverConfig, { body }),
      transformResponse: (response: { catalog: AirbyteCatalog }) => response.catalog,
    }),
    discoverSource: build.mutation<AirbyteCatalog, string>({
      query: (id) => endpointRequest(endpoints.discoverSource, { params: { id } }),
      transformResponse: (response: { catalog: AirbyteCatalog }) => response.catalog,
    }),
    getOverview: build.query<OverviewResponse, void>({
      query: () => endpointRequest(endpoints.overview, {}),
      providesTags: [LIST],
    }),
    /** `query` is the list's API query string (search, health). */
    listConnections: build.query<ConnectionsResult, string>({
      query: (query) => `${endpointUrl(endpoints.connections)}${query ? `?${query}` : ''}`,
      providesTags: [LIST],
    }),
    getConnection: build.query<ConnectionView, string>({
      query: (id) => endpointRequest(endpoints.connection, { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'IntegrationConnection', id }],
    }),
    createConnection: build.mutation<ConnectionView, ConnectionCreate>({
      query: (body) => endpointRequest(endpoints.createConnection, { body }),
      invalidatesTags: [LIST, { type: 'IntegrationSources', id: 'LIST' }],
    }),
    updateConnection: build.mutation<ConnectionView, { id: string; patch: ConnectionUpdate }>({
      query: ({ id, patch }) => endpointRequest(endpoints.updateConnection, { params: { id }, body: patch }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'IntegrationConnection', id }],
    }),
    deleteConnection: build.mutation<void, string>({
      query: (id) => endpointRequest(endpoints.deleteConnection, { params: { id } }),
      invalidatesTags: [LIST],
    }),
    bulkConnections: build.mutation<{ done: string[]; skipped: { id: string; reason: string }[] }, BulkAction>({
      query: (body) => endpointRequest(endpoints.bulk, { body }),
      invalidatesTags: [LIST, 'IntegrationConnection', 'IntegrationJobs'],
    }),
    refreshSchema: build.mutation<ConnectionView, string>({
      query: (id) => endpointRequest(endpoints.refreshSchema, { params: { id } }),
      invalidatesTags: (_result, _error, id) => [{ type: 'IntegrationConnection', id }],
    }),
    syncConnection: build.mutation<SyncJobSummary, string>({
      query: (id) => endpointRequest(endpoints.sync, { params: { id } }),
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'IntegrationConnection', id }, { type: 'IntegrationJobs', id }],
    }),
    /** Re-sync a stream: one sync that first forgets where the stream stopped. */
    resyncStream: build.mutation<SyncJobSummary, { id: string; stream: string }>({
      query: ({ id, stream }) => ({
        ...endpointRequest(endpoints.sync, { params: { id } }),
        body: { restartStream: stream } satisfies OptionalBody<typeof endpoints.sync>,
      }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'IntegrationConnection', id }, { type: 'IntegrationJobs', id }],
    }),
    /** Without `stream`, resets the whole connection's state. */
    resetConnection: build.mutation<SyncJobSummary, { id: string; stream?: string }>({
      query: ({ id, stream }) => ({
        ...endpointRequest(endpoints.reset, { params: { id } }),
        body: (stream ? { stream } : {}) satisfies OptionalBody<typeof endpoints.reset>,
      }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'IntegrationConnection', id }, { type: 'IntegrationJobs', id }],
    }),
    listJobs: build.query<JobsPage, { id: string; page: number }>({
      query: ({ id, page }) => `${endpointUrl(endpoints.jobs, { id })}?page=${page}`,
      providesTags: (_result, _error, { id }) => [{ type: 'IntegrationJobs', id }],
    }),
    getJob: build.query<SyncJobDetail, string>({
      query: (id) => endpointRequest(endpoints.job, { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'IntegrationJob', id }],
    }),
    /** A job's log as text, to read in the page (a text answer: the client leaves it as it is). */
    getJobLog: build.query<string, string>({
      query: (id) => endpointRequest(endpoints.jobLogs, { params: { id } }),
      transformResponse: (response: unknown) => (typeof response === 'string' ? response : JSON.stringify(response, null, 2)),
      providesTags: (_result, _error, id) => [{ type: 'IntegrationJob', id }],
    }),
    cancelJob: build.mutation<SyncJobSummary, { jobId: string; connectionId: string }>({
      query: ({ jobId }) => endpointRequest(endpoints.cancelJob, { params: { id: jobId } }),
      invalidatesTags: (_result, _error, { connectionId }) => [
        LIST,
        { type: 'IntegrationConnection', id: connectionId },
        { type: 'IntegrationJobs', id: connectionId },
      ],
    }),
  }),
});

export const {
  useListDefinitionsQuery,
  useGetSpecQuery,
  useCheckSourceMutation,
  usePreviewSourceMutation,
  useCreateSourceMutation,
  useListSourcesQuery,
  useGetSourceQuery,
  useUpdateSourceMutation,
  useDiscoverConfigMutation,
  useDiscoverSourceMutation,
  useGetOverviewQuery,
  useListConnectionsQuery,
  useGetConnectionQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useBulkConnectionsMutation,
  useRefreshSchemaMutation,
  useSyncConnectionMutation,
  useResyncStreamMutation,
  useResetConnectionMutation,
  useListJobsQuery,
  useGetJobQuery,
  useGetJobLogQuery,
  useCancelJobMutation,
} = integrationsApi;

/** The address of a job's log download (fetched with the bearer token, then saved). */
export function jobLogsUrl(jobId: string): string {
  return endpointUrl(endpoints.jobLogs, { id: jobId });
}
