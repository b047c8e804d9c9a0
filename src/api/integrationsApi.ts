// The integrations area as its pages read it: connector definitions and specs, sources, connections
// and their sync jobs. Writes invalidate what they touched; a sync's live progress arrives on the
// live channel (the sync job's `job` events) and the pages refetch the job and connection when it ends.
import type {
  BulkAction,
  CheckRequest,
  CheckResult,
  ConnectionCreate,
  ConnectionUpdate,
  ConnectionView,
  ConnectorDefinition,
  OverviewResponse,
  PreviewRequest,
  PreviewResponse,
  SourceCreate,
  SourceView,
  SyncJobDetail,
  SyncJobSummary,
} from '@common/integrations/integrationsContract';
import type { AirbyteCatalog, ConnectorSpecification } from '@common/integrations/airbyteProtocol';
import type { ConnectionHealth } from '@common/integrations/integrationsRules';
import { baseApi } from './baseApi';

export const integrationsTagTypes = ['IntegrationConnections', 'IntegrationConnection', 'IntegrationJobs', 'IntegrationSources'] as const;
const LIST = { type: 'IntegrationConnections' as const, id: 'LIST' };

export interface ConnectionsResult {
  connections: ConnectionView[];
  counts: Partial<Record<ConnectionHealth, number>>;
}
export interface JobsPage {
  jobs: SyncJobSummary[];
  hasMore: boolean;
}

const path = (id: string) => encodeURIComponent(id);

export const integrationsApi = baseApi.enhanceEndpoints({ addTagTypes: integrationsTagTypes }).injectEndpoints({
  endpoints: (build) => ({
    listDefinitions: build.query<ConnectorDefinition[], void>({
      query: () => 'api/integrations/definitions',
      transformResponse: (response: { definitions: ConnectorDefinition[] }) => response.definitions,
    }),
    getSpec: build.query<ConnectorSpecification, string>({
      query: (id) => `api/integrations/definitions/${path(id)}/spec`,
      transformResponse: (response: { spec: ConnectorSpecification }) => response.spec,
    }),
    checkSource: build.mutation<CheckResult, CheckRequest>({
      query: (body) => ({ url: 'api/integrations/sources/check', method: 'POST', body }),
    }),
    previewSource: build.mutation<PreviewResponse, PreviewRequest>({
      query: (body) => ({ url: 'api/integrations/sources/preview', method: 'POST', body }),
    }),
    createSource: build.mutation<SourceView, SourceCreate>({
      query: (body) => ({ url: 'api/integrations/sources', method: 'POST', body }),
      invalidatesTags: [{ type: 'IntegrationSources', id: 'LIST' }],
    }),
    discoverSource: build.mutation<AirbyteCatalog, string>({
      query: (id) => ({ url: `api/integrations/sources/${path(id)}/discover`, method: 'POST' }),
      transformResponse: (response: { catalog: AirbyteCatalog }) => response.catalog,
    }),
    getOverview: build.query<OverviewResponse, void>({
      query: () => 'api/integrations/overview',
      providesTags: [LIST],
    }),
    /** `query` is the list's API query string (search, health). */
    listConnections: build.query<ConnectionsResult, string>({
      query: (query) => `api/integrations/connections${query ? `?${query}` : ''}`,
      providesTags: [LIST],
    }),
    getConnection: build.query<ConnectionView, string>({
      query: (id) => `api/integrations/connections/${path(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'IntegrationConnection', id }],
    }),
    createConnection: build.mutation<ConnectionView, ConnectionCreate>({
      query: (body) => ({ url: 'api/integrations/connections', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateConnection: build.mutation<ConnectionView, { id: string; patch: ConnectionUpdate }>({
      query: ({ id, patch }) => ({ url: `api/integrations/connections/${path(id)}`, method: 'PATCH', body: patch }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'IntegrationConnection', id }],
    }),
    deleteConnection: build.mutation<void, string>({
      query: (id) => ({ url: `api/integrations/connections/${path(id)}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    bulkConnections: build.mutation<{ done: string[]; skipped: { id: string; reason: string }[] }, BulkAction>({
      query: (body) => ({ url: 'api/integrations/connections/bulk', method: 'POST', body }),
      invalidatesTags: [LIST, 'IntegrationConnection', 'IntegrationJobs'],
    }),
    refreshSchema: build.mutation<ConnectionView, string>({
      query: (id) => ({ url: `api/integrations/connections/${path(id)}/refresh-schema`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'IntegrationConnection', id }],
    }),
    syncConnection: build.mutation<SyncJobSummary, string>({
      query: (id) => ({ url: `api/integrations/connections/${path(id)}/sync`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'IntegrationConnection', id }, { type: 'IntegrationJobs', id }],
    }),
    /** Re-sync a stream: one sync that first forgets where the stream stopped. */
    resyncStream: build.mutation<SyncJobSummary, { id: string; stream: string }>({
      query: ({ id, stream }) => ({
        url: `api/integrations/connections/${path(id)}/sync`,
        method: 'POST',
        body: { restartStream: stream },
      }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'IntegrationConnection', id }, { type: 'IntegrationJobs', id }],
    }),
    /** Without `stream`, resets the whole connection's state. */
    resetConnection: build.mutation<SyncJobSummary, { id: string; stream?: string }>({
      query: ({ id, stream }) => ({
        url: `api/integrations/connections/${path(id)}/reset`,
        method: 'POST',
        body: stream ? { stream } : {},
      }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'IntegrationConnection', id }, { type: 'IntegrationJobs', id }],
    }),
    listJobs: build.query<JobsPage, { id: string; page: number }>({
      query: ({ id, page }) => `api/integrations/connections/${path(id)}/jobs?page=${page}`,
      providesTags: (_result, _error, { id }) => [{ type: 'IntegrationJobs', id }],
    }),
    getJob: build.query<SyncJobDetail, string>({
      query: (id) => `api/integrations/jobs/${path(id)}`,
    }),
    cancelJob: build.mutation<SyncJobSummary, { jobId: string; connectionId: string }>({
      query: ({ jobId }) => ({ url: `api/integrations/jobs/${path(jobId)}/cancel`, method: 'POST' }),
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
  useCancelJobMutation,
} = integrationsApi;

/** The address of a job's log download (fetched with the bearer token, then saved). */
export function jobLogsUrl(jobId: string): string {
  return `api/integrations/jobs/${path(jobId)}/logs`;
}
