/**
 * Published endpoints for API key holders: GET /api/data/v1/<endpoint>[.json|.csv|.ndjson]
 * and GET /api/data/v1/openapi.json (what the key may call). These routes authenticate by API
 * key, not by the portal's sign-in token (platform/http/auth exempts this prefix only).
 *
 * What a caller can learn is limited on purpose: a missing, unknown, revoked or expired key is
 * 401; a valid key asking for anything outside its scopes is 403 whether or not an endpoint of
 * that name exists (in any organisation), so keys cannot be used to discover endpoints.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataApiEndpoints } from '@common/data-api/dataApiEndpoints';
import { ROW_CAP_MAX } from '@common/data-api/dataApiRules';
import { csvLines } from '../../platform/http/csvExport.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import { HttpError } from '../../platform/http/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { Engine, Row } from '../../platform/warehouse/engine.js';
import type { CompiledStatement } from './placeholders.js';
import { liveEndpoint, liveEndpoints, type LiveEndpoint } from './endpointsStore.js';
import { checkDefinition, parameterInputs, resolveValues, runCompiled, type RunOutcome } from './endpointRunner.js';
import { authenticateKey, type CallerKey } from './keysStore.js';
import { openApiDocument } from './openApi.js';
import { ParameterError } from './parameterSchema.js';
import { RateLimiter } from './rateLimiter.js';
import { ResultCache } from './resultCache.js';
import type { UsageRecorder } from './usageRecorder.js';

export interface DataApiDependencies {
  /** The organisation's warehouse engine (the warehouse access port, handed in by area.ts). */
  warehouse: (organisation: string) => Promise<Engine>;
  portalUrl: string;
  flushUsage: () => Promise<void>;
  /** Forgets the keys and live endpoints the data routes remember (after a revoke, publish or delete here). */
  forgetLookups: () => void;
}

/**
 * How long the data routes reuse a key check or a live-endpoint lookup. On the instance that
 * revokes a key or publishes a version they are forgotten at once; other instances see the
 * change within this time.
 */
export const LOOKUP_TTL_MS = 1000;

export class DataLookups {
  readonly keys = new ResultCache<CallerKey>(10_000);
  readonly endpoints = new ResultCache<LiveEndpoint | null>(10_000);

  forget(): void {
    this.keys.clear();
    this.endpoints.clear();
  }
}

const PATH = /^([a-z][a-z0-9_]{1,62})(?:\.(json|csv|ndjson))?$/;
const KEY_HEADER = /^Bearer (\S+)$/;

interface CallContext {
  key: CallerKey;
  endpoint: LiveEndpoint | null;
  name: string;
  rows: number;
}

const noKey = () => new HttpError(401, 'invalid_key', 'A valid API key is required: send it as "Authorization: Bearer <key>".');
/** Names a client might put a key under in the query string; the key is never read from there. */
const KEY_IN_QUERY = ['api_key', 'apikey', 'key', 'token', 'access_token'];
const keyInUrl = () =>
  new HttpError(
    401,
    'invalid_key',
    'API keys are read only from the Authorization header ("Authorization: Bearer <key>"), never from the URL, where proxies and logs keep them. Send it in the header, and revoke a key that was sent in a URL.',
  );
const outOfScope = () => new HttpError(403, 'forbidden', 'This API key may not call this endpoint.');

function csvOf(columns: readonly string[], rows: readonly Row[]): string {
  return csvLines([columns, ...rows.map((row) => columns.map((column) => row[column] ?? null))]);
}

function positiveInt(query: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const value = query[name];
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw new ParameterError(name, 'must be a whole number from 1.');
  if (Number(value) > max) throw new ParameterError(name, `must be at most ${max}.`);
  return Number(value);
}

export function registerDataRoutes(
  app: FastifyInstance,
  db: StoreDb,
  deps: DataApiDependencies,
  usage: UsageRecorder,
  lookups: DataLookups,
): void {
  const calls = new WeakMap<FastifyRequest, CallContext>();
  const results = new ResultCache<RunOutcome>();
  const rateLimiter = new RateLimiter(db);
  // Parsed and checked statements per endpoint version: a version never changes once published.
  const statements = new Map<string, Promise<CompiledStatement>>();

  async function keyOf(request: FastifyRequest): Promise<CallerKey> {
    const presented = KEY_HEADER.exec(request.headers.authorization ?? '')?.[1];
    if (!presented) throw KEY_IN_QUERY.some((name) => name in (request.query as Record<string, unknown>)) ? keyInUrl() : noKey();
    // Remembered by the key's hash (never the key itself), and only when the check passed.
    const hash = createHash('sha256').update(presented).digest('hex');
    const known = lookups.keys.get(hash);
    if (known) return known;
    const key = await authenticateKey(db, presented);
    if (!key) throw noKey();
    lookups.keys.set(hash, key, LOOKUP_TTL_MS);
    return key;
  }

  async function liveEndpointOf(organisation: string, name: string): Promise<LiveEndpoint | null> {
    const id = `${organisation}/${name}`;
    const known = lookups.endpoints.get(id);
    if (known !== undefined) return known;
    const found = await liveEndpoint(db, organisation, name);
    lookups.endpoints.set(id, found, LOOKUP_TTL_MS);
    return found;
  }

  async function limit(reply: FastifyReply, key: CallerKey): Promise<void> {
    const decision = await rateLimiter.take(key.id, key.rateLimit);
    reply.header('RateLimit-Limit', String(decision.limit));
    reply.header('RateLimit-Remaining', String(decision.remaining));
    reply.header('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      reply.header('Retry-After', String(decision.resetSeconds));
      throw new HttpError(
        429,
        'rate_limited',
        `Rate limit of ${decision.limit} calls per minute for this API key reached; try again in ${decision.resetSeconds} s.`,
      );
    }
  }

  app.addHook('onResponse', async (request, reply) => {
    const call = calls.get(request);
    if (!call) return;
    usage.record({
      organisation: call.key.organisation,
      endpointId: call.endpoint?.id ?? null,
      endpointName: call.endpoint?.name ?? call.name,
      version: call.endpoint?.version ?? null,
      keyId: call.key.id,
      status: reply.statusCode,
      latencyMs: Math.round(reply.elapsedTime * 100) / 100,
      rows: call.rows,
      at: new Date(),
    });
  });

  // These routes check the key and read the query themselves (parameters are the endpoint's own),
  // so only their method and path come from the descriptions.
  app.route({
    ...endpointRoute(dataApiEndpoints.publishedOpenApi, {}),
    handler: async (request, reply) => {
      const key = await keyOf(request);
      await limit(reply, key);
      const endpoints = (await liveEndpoints(db, key.organisation)).filter((endpoint) => key.scopes.includes(endpoint.id));
      return openApiDocument(key.organisation, endpoints, deps.portalUrl);
    },
  });

  app.route<{ Params: { endpoint: string }; Querystring: Record<string, unknown> }>({
    ...endpointRoute(dataApiEndpoints.published, {}),
    handler: async (request, reply) => {
      const key = await keyOf(request);
      const path = PATH.exec(request.params.endpoint);
      const call: CallContext = { key, endpoint: null, name: path?.[1] ?? '(invalid name)', rows: 0 };
      calls.set(request, call);
      await limit(reply, key);
      const endpoint = path?.[1] ? await liveEndpointOf(key.organisation, path[1]) : null;
      if (!endpoint || !key.scopes.includes(endpoint.id)) throw outOfScope();
      call.endpoint = endpoint;
      const format = (path?.[2] ?? 'json') as 'json' | 'csv' | 'ndjson';
      const query = request.query;
      const pageSize = positiveInt(query, 'page_size', endpoint.definition.pageSize, Math.min(endpoint.definition.rowCap, ROW_CAP_MAX));
      const page = positiveInt(query, 'page', 1, 1_000_000);
      const values = resolveValues(endpoint.jsonSchema, parameterInputs(query), key.fixedParameters);

      const cacheKey = `${endpoint.id}:${endpoint.version}:${page}:${pageSize}:${JSON.stringify(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)))}`;
      let outcome = results.get(cacheKey);
      const cached = outcome !== undefined;
      if (!outcome) {
        const statementKey = `${endpoint.id}:${endpoint.version}`;
        const engine = await deps.warehouse(key.organisation);
        let compiled = statements.get(statementKey);
        if (!compiled) {
          compiled = checkDefinition(endpoint.definition, engine);
          statements.set(statementKey, compiled);
          compiled.catch(() => statements.delete(statementKey));
        }
        outcome = await runCompiled(engine, await compiled, values, { size: pageSize, number: page });
        results.set(cacheKey, outcome, endpoint.definition.cacheSeconds * 1000);
      }
      call.rows = outcome.rows.length;
      reply.header('cache-control', 'no-store');
      reply.header('x-dataworks-cache', cached ? 'hit' : 'miss');
      if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(csvOf(outcome.columns, outcome.rows));
      if (format === 'ndjson') {
        return reply
          .header('content-type', 'application/x-ndjson; charset=utf-8')
          .send(outcome.rows.map((row) => JSON.stringify(row)).join('\n') + (outcome.rows.length ? '\n' : ''));
      }
      return reply.header('content-type', 'application/json; charset=utf-8').send(
        JSON.stringify({
          data: outcome.rows,
          meta: {
            endpoint: endpoint.name,
            version: endpoint.version,
            columns: outcome.columns,
            rows: outcome.rows.length,
            page,
            pageSize,
            hasMore: outcome.hasMore,
            elapsedMs: outcome.elapsedMs,
            cached,
          },
        }),
      );
    },
  });
}
