// The integrations API (/api/integrations): connector definitions and specs, sources with check
// and discover, connections with their jobs, sync now / cancel / reset, bulk actions and the
// overview. Whoever may open the Integrations pages may call it, within their organisation.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  bulkAction,
  bulkResult,
  checkRequest,
  checkResult,
  connectionCreate,
  connectionsQuery,
  connectionsResponse,
  connectionUpdate,
  connectionView,
  connectorDefinition,
  definitionCreate,
  definitionsResponse,
  discoverRequest,
  discoverResponse,
  jobsResponse,
  overviewResponse,
  previewRequest,
  previewResponse,
  programsResponse,
  resetRequest,
  sourceCreate,
  sourcesResponse,
  sourceUpdate,
  sourceView,
  specResponse,
  syncRequest,
  syncJobDetail,
  syncJobSummary,
} from '@common/integrations/integrationsContract';
import { integrationsEndpoints as ep } from '@common/integrations/integrationsEndpoints';
import { customConnectorAdminRoles } from '@common/access/access';
import { z } from 'zod';
import { actorOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../platform/http/auth/currentAccess.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import type { ConnectionsService } from './connectionsService.js';
import type { SourcesService } from './sourcesService.js';

const idParams = z.object({ id: z.uuid({ error: 'must be an id' }) });
const definitionParams = z.object({ id: z.string().regex(/^[a-z0-9-]{1,100}$/, 'must be a connector id') });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional() });

export function registerIntegrationsRoutes(server: FastifyInstance, sources: SourcesService, connections: ConnectionsService): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const allowed = requireRoute(['integrations', 'manageConnectors', 'addConnector']);
  const administrators = requireRoute('addConnectorCustom', customConnectorAdminRoles);
  // Sources hold connector secrets and registered programs run on the portal's machine: changes
  // to either are authorised on the caller's current roles, not the token's.
  const secretChange = requireCurrentRoute(['integrations', 'manageConnectors', 'addConnector']);
  const programChange = requireCurrentRoute('addConnectorCustom', customConnectorAdminRoles);
  const organisation = (request: FastifyRequest) => actorOf(request).organisation;

  app.route({
    ...endpointRoute(ep.definitions, { response: definitionsResponse }),
    preValidation: allowed,
    handler: async (request) => ({ definitions: await sources.definitions(organisation(request)) }),
  });
  app.route({
    ...endpointRoute(ep.spec, { params: definitionParams, response: specResponse }),
    preValidation: allowed,
    handler: async (request) => ({
      definitionId: request.params.id,
      spec: await sources.spec(organisation(request), request.params.id),
    }),
  });
  // Custom connectors: programs operators placed in the connector directory, registered by an administrator.
  app.route({
    ...endpointRoute(ep.programs, { response: programsResponse }),
    preValidation: administrators,
    handler: async () => ({
      programs: await sources.programs(),
    }),
  });
  app.route({
    ...endpointRoute(ep.registerDefinition, { body: definitionCreate, response: connectorDefinition }),
    preValidation: programChange,
    handler: async (request, reply) => reply.code(201).send(await sources.registerDefinition(actorOf(request), request.body)),
  });
  app.route({
    ...endpointRoute(ep.removeDefinition, { params: definitionParams }),
    preValidation: programChange,
    handler: async (request, reply) => {
      await sources.removeDefinition(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.sources, { response: sourcesResponse }),
    preValidation: allowed,
    handler: async (request) => ({
      sources: await sources.list(organisation(request)),
    }),
  });
  app.route({
    ...endpointRoute(ep.createSource, { body: sourceCreate, response: sourceView }),
    preValidation: secretChange,
    handler: async (request, reply) => reply.code(201).send(await sources.create(actorOf(request), request.body)),
  });
  app.route({
    ...endpointRoute(ep.source, { params: idParams, response: sourceView }),
    preValidation: allowed,
    handler: async (request) => sources.view(organisation(request), request.params.id),
  });
  app.route({
    ...endpointRoute(ep.updateSource, { params: idParams, body: sourceUpdate, response: sourceView }),
    preValidation: secretChange,
    handler: async (request) => sources.update(actorOf(request), request.params.id, request.body),
  });
  app.route({
    ...endpointRoute(ep.deleteSource, { params: idParams }),
    preValidation: secretChange,
    handler: async (request, reply) => {
      await sources.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
  app.route({
    ...endpointRoute(ep.checkSource, { body: checkRequest, response: checkResult }),
    preValidation: allowed,
    handler: async (request) => sources.check(organisation(request), request.body),
  });
  app.route({
    ...endpointRoute(ep.previewSource, { body: previewRequest, response: previewResponse }),
    preValidation: allowed,
    handler: async (request) => sources.preview(organisation(request), request.body),
  });
  app.route({
    ...endpointRoute(ep.discoverConfig, { body: discoverRequest, response: discoverResponse }),
    preValidation: allowed,
    handler: async (request) => ({
      catalog: await sources.discoverConfig(organisation(request), request.body),
    }),
  });
  app.route({
    ...endpointRoute(ep.discoverSource, { params: idParams, response: discoverResponse }),
    preValidation: allowed,
    handler: async (request) => ({
      catalog: await sources.discover(organisation(request), request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(ep.overview, { response: overviewResponse }),
    preValidation: allowed,
    handler: async (request) => connections.overview(organisation(request)),
  });
  app.route({
    ...endpointRoute(ep.connections, { querystring: connectionsQuery, response: connectionsResponse }),
    preValidation: allowed,
    handler: async (request) => connections.list(organisation(request), request.query),
  });
  app.route({
    ...endpointRoute(ep.createConnection, { body: connectionCreate, response: connectionView }),
    // It may bring a new source with its secrets.
    preValidation: secretChange,
    handler: async (request, reply) => reply.code(201).send(await connections.create(actorOf(request), request.body)),
  });
  app.route({
    ...endpointRoute(ep.bulk, { body: bulkAction, response: bulkResult }),
    preValidation: allowed,
    handler: async (request) => connections.bulk(actorOf(request), request.body),
  });
  app.route({
    ...endpointRoute(ep.connection, { params: idParams, response: connectionView }),
    preValidation: allowed,
    handler: async (request) => connections.get(organisation(request), request.params.id),
  });
  app.route({
    ...endpointRoute(ep.updateConnection, { params: idParams, body: connectionUpdate, response: connectionView }),
    preValidation: allowed,
    handler: async (request) => connections.update(actorOf(request), request.params.id, request.body),
  });
  app.route({
    ...endpointRoute(ep.deleteConnection, { params: idParams }),
    preValidation: allowed,
    handler: async (request, reply) => {
      await connections.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
  app.route({
    ...endpointRoute(ep.refreshSchema, { params: idParams, response: connectionView }),
    preValidation: allowed,
    handler: async (request) => connections.refreshSchema(actorOf(request), request.params.id),
  });
  app.route({
    ...endpointRoute(ep.sync, { params: idParams, body: syncRequest.nullish(), response: syncJobSummary }),
    preValidation: allowed,
    handler: async (request, reply) =>
      reply.code(202).send(await connections.sync(actorOf(request), request.params.id, request.body?.restartStream)),
  });
  app.route({
    ...endpointRoute(ep.reset, { params: idParams, body: resetRequest.nullish(), response: syncJobSummary }),
    preValidation: allowed,
    handler: async (request, reply) =>
      reply.code(202).send(await connections.reset(actorOf(request), request.params.id, request.body?.stream)),
  });
  app.route({
    ...endpointRoute(ep.jobs, { params: idParams, querystring: pageQuery, response: jobsResponse }),
    preValidation: allowed,
    handler: async (request) => connections.jobs(organisation(request), request.params.id, request.query.page ?? 1),
  });

  app.route({
    ...endpointRoute(ep.job, { params: idParams, response: syncJobDetail }),
    preValidation: allowed,
    handler: async (request) => connections.job(organisation(request), request.params.id),
  });
  app.route({
    ...endpointRoute(ep.jobLogs, { params: idParams }),
    preValidation: allowed,
    handler: async (request, reply) => {
      const text = await connections.logs(organisation(request), request.params.id);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="sync-${request.params.id}.log"`)
        .send(text);
    },
  });
  app.route({
    ...endpointRoute(ep.cancelJob, { params: idParams, response: syncJobSummary }),
    preValidation: allowed,
    handler: async (request) => connections.cancel(organisation(request), request.params.id),
  });
}
