// The integrations' endpoints (common/api/endpoint.ts): connector definitions and specs, custom
// connector programs, sources with check, preview and discover, connections with their syncs and
// jobs, and the overview. The server registers its routes from them and the browser builds its
// requests from them. Types come from the contract; an answer without a type of its own there is
// its schema's output.
import type { z } from 'zod';
import { endpoint } from '../api/endpoint';
import type { AirbyteCatalog } from './airbyteProtocol';
import type {
  BulkAction,
  bulkResult,
  CheckRequest,
  CheckResult,
  ConnectionCreate,
  connectionsQuery,
  connectionsResponse,
  ConnectionUpdate,
  ConnectionView,
  ConnectorDefinition,
  DefinitionCreate,
  DiscoverRequest,
  jobsResponse,
  OverviewResponse,
  PreviewRequest,
  PreviewResponse,
  resetRequest,
  SourceCreate,
  SourceUpdate,
  SourceView,
  specResponse,
  syncRequest,
  SyncJobDetail,
  SyncJobSummary,
} from './integrationsContract';

type ById = { id: string };

export const integrationsEndpoints = {
  definitions: endpoint<{ response: { definitions: ConnectorDefinition[] } }>()('GET', '/api/integrations/definitions'),
  spec: endpoint<{ params: ById; response: z.output<typeof specResponse> }>()('GET', '/api/integrations/definitions/:id/spec'),
  programs: endpoint<{ response: { programs: string[] } }>()('GET', '/api/integrations/programs'),
  registerDefinition: endpoint<{ body: DefinitionCreate; response: ConnectorDefinition }>()('POST', '/api/integrations/definitions', 201),
  removeDefinition: endpoint<{ params: ById; response: void }>()('DELETE', '/api/integrations/definitions/:id', 204),

  sources: endpoint<{ response: { sources: SourceView[] } }>()('GET', '/api/integrations/sources'),
  createSource: endpoint<{ body: SourceCreate; response: SourceView }>()('POST', '/api/integrations/sources', 201),
  source: endpoint<{ params: ById; response: SourceView }>()('GET', '/api/integrations/sources/:id'),
  updateSource: endpoint<{ params: ById; body: SourceUpdate; response: SourceView }>()('PUT', '/api/integrations/sources/:id'),
  deleteSource: endpoint<{ params: ById; response: void }>()('DELETE', '/api/integrations/sources/:id', 204),
  checkSource: endpoint<{ body: CheckRequest; response: CheckResult }>()('POST', '/api/integrations/sources/check'),
  previewSource: endpoint<{ body: PreviewRequest; response: PreviewResponse }>()('POST', '/api/integrations/sources/preview'),
  discoverSource: endpoint<{ params: ById; response: { catalog: AirbyteCatalog } }>()('POST', '/api/integrations/sources/:id/discover'),
  // The streams a config as typed offers, without saving it.
  discoverConfig: endpoint<{ body: DiscoverRequest; response: { catalog: AirbyteCatalog } }>()(
    'POST',
    '/api/integrations/sources/discover',
  ),

  overview: endpoint<{ response: OverviewResponse }>()('GET', '/api/integrations/overview'),
  connections: endpoint<{ query: z.output<typeof connectionsQuery>; response: z.output<typeof connectionsResponse> }>()(
    'GET',
    '/api/integrations/connections',
  ),
  createConnection: endpoint<{ body: ConnectionCreate; response: ConnectionView }>()('POST', '/api/integrations/connections', 201),
  bulk: endpoint<{ body: BulkAction; response: z.output<typeof bulkResult> }>()('POST', '/api/integrations/connections/bulk'),
  connection: endpoint<{ params: ById; response: ConnectionView }>()('GET', '/api/integrations/connections/:id'),
  updateConnection: endpoint<{ params: ById; body: ConnectionUpdate; response: ConnectionView }>()(
    'PATCH',
    '/api/integrations/connections/:id',
  ),
  deleteConnection: endpoint<{ params: ById; response: void }>()('DELETE', '/api/integrations/connections/:id', 204),
  refreshSchema: endpoint<{ params: ById; response: ConnectionView }>()('POST', '/api/integrations/connections/:id/refresh-schema'),
  // Accepted: the sync runs on the job runner. The body is optional: a plain "sync now" sends none.
  sync: endpoint<{ params: ById; body: z.output<typeof syncRequest> | null | undefined; response: SyncJobSummary }>()(
    'POST',
    '/api/integrations/connections/:id/sync',
    202,
  ),
  // Accepted, as a sync. Without a body (or a stream in it) the whole connection is reset.
  reset: endpoint<{ params: ById; body: z.output<typeof resetRequest> | null | undefined; response: SyncJobSummary }>()(
    'POST',
    '/api/integrations/connections/:id/reset',
    202,
  ),
  jobs: endpoint<{ params: ById; query: { page?: number }; response: z.output<typeof jobsResponse> }>()(
    'GET',
    '/api/integrations/connections/:id/jobs',
  ),

  job: endpoint<{ params: ById; response: SyncJobDetail }>()('GET', '/api/integrations/jobs/:id'),
  // The job's log as a text file to download.
  jobLogs: endpoint<{ params: ById; response: string }>()('GET', '/api/integrations/jobs/:id/logs'),
  cancelJob: endpoint<{ params: ById; response: SyncJobSummary }>()('POST', '/api/integrations/jobs/:id/cancel'),
};
