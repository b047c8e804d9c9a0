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
import { customConnectorAdminRoles } from '@common/access/access';
import { z } from 'zod';
import { actorOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../platform/http/auth/currentAccess.js';
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

  app.get(
    '/api/integrations/definitions',
    { preValidation: allowed, schema: { response: { 200: definitionsResponse } } },
    async (request) => ({ definitions: await sources.definitions(organisation(request)) }),
  );
  app.get(
    '/api/integrations/definitions/:id/spec',
    { preValidation: allowed, schema: { params: definitionParams, response: { 200: specResponse } } },
    async (request) => ({
      definitionId: request.params.id,
      spec: await sources.spec(organisation(request), request.params.id),
    }),
  );
  // Custom connectors: programs operators placed in the connector directory, registered by an administrator.
  app.get('/api/integrations/programs', { preValidation: administrators, schema: { response: { 200: programsResponse } } }, async () => ({
    programs: await sources.programs(),
  }));
  app.post(
    '/api/integrations/definitions',
    { preValidation: programChange, schema: { body: definitionCreate, response: { 201: connectorDefinition } } },
    async (request, reply) => reply.code(201).send(await sources.registerDefinition(actorOf(request), request.body)),
  );
  app.delete(
    '/api/integrations/definitions/:id',
    { preValidation: programChange, schema: { params: definitionParams } },
    async (request, reply) => {
      await sources.removeDefinition(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get('/api/integrations/sources', { preValidation: allowed, schema: { response: { 200: sourcesResponse } } }, async (request) => ({
    sources: await sources.list(organisation(request)),
  }));
  app.post(
    '/api/integrations/sources',
    { preValidation: secretChange, schema: { body: sourceCreate, response: { 201: sourceView } } },
    async (request, reply) => reply.code(201).send(await sources.create(actorOf(request), request.body)),
  );
  app.get(
    '/api/integrations/sources/:id',
    { preValidation: allowed, schema: { params: idParams, response: { 200: sourceView } } },
    async (request) => sources.view(organisation(request), request.params.id),
  );
  app.put(
    '/api/integrations/sources/:id',
    { preValidation: secretChange, schema: { params: idParams, body: sourceUpdate, response: { 200: sourceView } } },
    async (request) => sources.update(actorOf(request), request.params.id, request.body),
  );
  app.delete('/api/integrations/sources/:id', { preValidation: secretChange, schema: { params: idParams } }, async (request, reply) => {
    await sources.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.post(
    '/api/integrations/sources/check',
    { preValidation: allowed, schema: { body: checkRequest, response: { 200: checkResult } } },
    async (request) => sources.check(organisation(request), request.body),
  );
  app.post(
    '/api/integrations/sources/preview',
    { preValidation: allowed, schema: { body: previewRequest, response: { 200: previewResponse } } },
    async (request) => sources.preview(organisation(request), request.body),
  );
  app.post(
    '/api/integrations/sources/:id/discover',
    { preValidation: allowed, schema: { params: idParams, response: { 200: discoverResponse } } },
    async (request) => ({
      catalog: await sources.discover(organisation(request), request.params.id),
    }),
  );

  app.get('/api/integrations/overview', { preValidation: allowed, schema: { response: { 200: overviewResponse } } }, async (request) =>
    connections.overview(organisation(request)),
  );
  app.get(
    '/api/integrations/connections',
    { preValidation: allowed, schema: { querystring: connectionsQuery, response: { 200: connectionsResponse } } },
    async (request) => connections.list(organisation(request), request.query),
  );
  app.post(
    '/api/integrations/connections',
    { preValidation: allowed, schema: { body: connectionCreate, response: { 201: connectionView } } },
    async (request, reply) => reply.code(201).send(await connections.create(actorOf(request), request.body)),
  );
  app.post(
    '/api/integrations/connections/bulk',
    { preValidation: allowed, schema: { body: bulkAction, response: { 200: bulkResult } } },
    async (request) => connections.bulk(actorOf(request), request.body),
  );
  app.get(
    '/api/integrations/connections/:id',
    { preValidation: allowed, schema: { params: idParams, response: { 200: connectionView } } },
    async (request) => connections.get(organisation(request), request.params.id),
  );
  app.patch(
    '/api/integrations/connections/:id',
    { preValidation: allowed, schema: { params: idParams, body: connectionUpdate, response: { 200: connectionView } } },
    async (request) => connections.update(actorOf(request), request.params.id, request.body),
  );
  app.delete('/api/integrations/connections/:id', { preValidation: allowed, schema: { params: idParams } }, async (request, reply) => {
    await connections.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.post(
    '/api/integrations/connections/:id/refresh-schema',
    { preValidation: allowed, schema: { params: idParams, response: { 200: connectionView } } },
    async (request) => connections.refreshSchema(actorOf(request), request.params.id),
  );
  app.post(
    '/api/integrations/connections/:id/sync',
    { preValidation: allowed, schema: { params: idParams, body: syncRequest.nullish(), response: { 202: syncJobSummary } } },
    async (request, reply) =>
      reply.code(202).send(await connections.sync(actorOf(request), request.params.id, request.body?.restartStream)),
  );
  app.post(
    '/api/integrations/connections/:id/reset',
    { preValidation: allowed, schema: { params: idParams, body: resetRequest.nullish(), response: { 202: syncJobSummary } } },
    async (request, reply) => reply.code(202).send(await connections.reset(actorOf(request), request.params.id, request.body?.stream)),
  );
  app.get(
    '/api/integrations/connections/:id/jobs',
    { preValidation: allowed, schema: { params: idParams, querystring: pageQuery, response: { 200: jobsResponse } } },
    async (request) => connections.jobs(organisation(request), request.params.id, request.query.page ?? 1),
  );

  app.get(
    '/api/integrations/jobs/:id',
    { preValidation: allowed, schema: { params: idParams, response: { 200: syncJobDetail } } },
    async (request) => connections.job(organisation(request), request.params.id),
  );
  app.get('/api/integrations/jobs/:id/logs', { preValidation: allowed, schema: { params: idParams } }, async (request, reply) => {
    const text = await connections.logs(organisation(request), request.params.id);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="sync-${request.params.id}.log"`)
      .send(text);
  });
  app.post(
    '/api/integrations/jobs/:id/cancel',
    { preValidation: allowed, schema: { params: idParams, response: { 200: syncJobSummary } } },
    async (request) => connections.cancel(organisation(request), request.params.id),
  );
}
