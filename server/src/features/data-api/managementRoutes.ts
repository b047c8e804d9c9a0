// The data API's management side (/api/data-api): endpoints with versions, the editor's run,
// the OpenAPI document, API keys and usage. Whoever may open API creator / API management
// (the access table's developer roles) may call it, in their own organisation only.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  apiKeySummary,
  createdKey,
  createEndpointBody,
  createKeyBody,
  endpointDetail as endpointDetailSchema,
  endpointIdParams,
  endpointSummary,
  keyIdParams,
  runBody,
  saveDraftBody,
  runResult,
  usageQuery,
  usageReport as usageReportSchema,
  versionParams,
} from '@common/data-api/dataApiContract';
import { dataApiEndpoints } from '@common/data-api/dataApiEndpoints';
import { DAY_MS, utcDayOf } from '@common/time/utcDay';
import { z } from 'zod';
import { actorOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../platform/http/auth/currentAccess.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { WarehouseError } from '../../platform/warehouse/errors.js';
import {
  createEndpoint,
  deleteEndpoint,
  endpointDetail,
  listEndpoints,
  liveEndpoints,
  publishVersion,
  saveDraft,
} from './endpointsStore.js';
import { checkDefinition, resolveValues, runCompiled } from './endpointRunner.js';
import { DataApiError } from './errors.js';
import { createKey, listKeys, revokeKey } from './keysStore.js';
import { openApiDocument } from './openApi.js';
import { parameterJsonSchema } from './parameterSchema.js';
import type { DataApiDependencies } from './dataRoutes.js';
import { usageCsv, usageReport, type UsageFilter } from './usageReport.js';

/** The engine's own words about a statement the user wrote (their SQL, their warehouse). */
function engineRefusal(error: unknown): never {
  if (error instanceof WarehouseError && error.kind === 'failed') {
    const cause = error.cause instanceof Error ? error.cause.message : '';
    throw new DataApiError(
      'invalid',
      `The warehouse could not run the query: ${cause.replace(/\s+/g, ' ').slice(0, 400) || error.message}`,
      'definition.sql',
    );
  }
  throw error;
}

export function registerDataApiManagementRoutes(server: FastifyInstance, db: StoreDb, deps: DataApiDependencies): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const creator = requireRoute('apiCreator');
  const management = requireRoute('apiManagement');
  const either = requireRoute(['apiCreator', 'apiManagement']);
  // Keys are credentials: making or revoking one is checked against the caller's current roles.
  const keyChange = requireCurrentRoute('apiManagement');

  const ep = dataApiEndpoints;
  app.route({
    ...endpointRoute(ep.endpoints, { response: z.object({ endpoints: z.array(endpointSummary) }) }),
    preValidation: either,
    handler: async (request) => ({
      endpoints: await listEndpoints(db, actorOf(request).organisation),
    }),
  });

  app.route({
    ...endpointRoute(ep.createEndpoint, { body: createEndpointBody, response: z.object({ endpoint: endpointDetailSchema }) }),
    preValidation: creator,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const definition = request.body.definition;
      await checkDefinition(definition, await deps.warehouse(actor.organisation));
      const id = await createEndpoint(db, actor, request.body.name, definition);
      return reply.code(201).send({ endpoint: await endpointDetail(db, actor.organisation, id) });
    },
  });

  app.route({
    ...endpointRoute(ep.endpoint, { params: endpointIdParams, response: z.object({ endpoint: endpointDetailSchema }) }),
    preValidation: either,
    handler: async (request) => ({
      endpoint: await endpointDetail(db, actorOf(request).organisation, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(ep.saveDraft, {
      params: endpointIdParams,
      body: saveDraftBody,
      response: z.object({ endpoint: endpointDetailSchema }),
    }),
    preValidation: creator,
    handler: async (request) => {
      const actor = actorOf(request);
      const definition = request.body.definition;
      await checkDefinition(definition, await deps.warehouse(actor.organisation));
      await saveDraft(db, actor, request.params.id, definition);
      return { endpoint: await endpointDetail(db, actor.organisation, request.params.id) };
    },
  });

  const publish = endpointRoute(ep.publish, { response: z.object({ endpoint: endpointDetailSchema }) });
  app.route({
    ...publish,
    // The path's version is read as a number, while the description declares it as the text the
    // URL carries, so its schema is given here rather than checked against the description.
    schema: { ...publish.schema, params: versionParams },
    preValidation: creator,
    handler: async (request) => {
      const actor = actorOf(request);
      // A version is checked again as it goes live: the rules may have tightened since it was saved.
      const detail = await endpointDetail(db, actor.organisation, request.params.id);
      const version = detail.versions.find((v) => v.version === request.params.version);
      if (!version) throw new DataApiError('not_found', `Version ${request.params.version} of this endpoint does not exist.`, 'version');
      await checkDefinition(version.definition, await deps.warehouse(actor.organisation));
      await publishVersion(db, actor, request.params.id, request.params.version);
      deps.forgetLookups();
      return { endpoint: await endpointDetail(db, actor.organisation, request.params.id) };
    },
  });

  app.route({
    ...endpointRoute(ep.deleteEndpoint, { params: endpointIdParams }),
    preValidation: creator,
    handler: async (request, reply) => {
      await deleteEndpoint(db, actorOf(request), request.params.id);
      deps.forgetLookups();
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.run, { body: runBody, response: runResult }),
    preValidation: creator,
    handler: async (request) => {
      const actor = actorOf(request);
      const definition = request.body.definition;
      const engine = await deps.warehouse(actor.organisation);
      const compiled = await checkDefinition(definition, engine);
      const values = resolveValues(parameterJsonSchema(definition.parameters), request.body.inputs);
      const outcome = await runCompiled(engine, compiled, values, { size: definition.pageSize, number: request.body.page }).catch(
        engineRefusal,
      );
      return { ...outcome, rowCount: outcome.rows.length, rows: outcome.rows as Array<Record<string, unknown>> };
    },
  });

  // The document is built for the organisation's live endpoints; it has no schema of its own.
  app.route({
    ...endpointRoute(ep.openApi, {}),
    preValidation: either,
    handler: async (request) => {
      const organisation = actorOf(request).organisation;
      return openApiDocument(organisation, await liveEndpoints(db, organisation), deps.portalUrl);
    },
  });

  app.route({
    ...endpointRoute(ep.keys, { response: z.object({ keys: z.array(apiKeySummary) }) }),
    preValidation: management,
    handler: async (request) => ({
      keys: await listKeys(db, actorOf(request).organisation),
    }),
  });

  app.route({
    ...endpointRoute(ep.createKey, { body: createKeyBody, response: createdKey }),
    preValidation: keyChange,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const { id, secret } = await createKey(db, actor, request.body);
      const key = (await listKeys(db, actor.organisation)).find((candidate) => candidate.id === id);
      // The one answer that holds the secret: never cached by anything in between.
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ key: key as NonNullable<typeof key>, secret });
    },
  });

  app.route({
    ...endpointRoute(ep.revokeKey, { params: keyIdParams, response: z.object({ key: apiKeySummary }) }),
    preValidation: keyChange,
    handler: async (request) => {
      const actor = actorOf(request);
      await revokeKey(db, actor, request.params.id);
      deps.forgetLookups();
      const key = (await listKeys(db, actor.organisation)).find((candidate) => candidate.id === request.params.id);
      return { key: key as NonNullable<typeof key> };
    },
  });

  const filterOf = (request: FastifyRequest, query: z.output<typeof usageQuery>): UsageFilter => {
    const to = query.to ? new Date(query.to) : new Date(Date.now() + 60_000);
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - 7 * DAY_MS);
    if (from >= to) throw new DataApiError('invalid', 'from: must be before to.', 'from');
    if (to.getTime() - from.getTime() > 400 * DAY_MS)
      throw new DataApiError('invalid', 'from: the range may span at most 400 days.', 'from');
    return { organisation: actorOf(request).organisation, from, to, bucket: query.bucket, endpoint: query.endpoint, key: query.key };
  };

  app.route({
    ...endpointRoute(ep.usage, { querystring: usageQuery, response: usageReportSchema }),
    preValidation: management,
    handler: async (request) => usageReport(db, filterOf(request, request.query)),
  });

  app.route({
    ...endpointRoute(ep.usageCsv, { querystring: usageQuery }),
    preValidation: management,
    handler: async (request, reply) => {
      const filter = filterOf(request, request.query);
      await deps.flushUsage();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="data-api-usage-${utcDayOf(filter.from)}.csv"`)
        .send(Readable.from(usageCsv(db, filter)));
    },
  });
}
