// Every mutating route of the portal, whatever it is, against hostile input: NUL characters,
// unpaired UTF-16 surrogates, control characters, ids that are not ids, overlong text, path
// tricks, bodies nested 100,000 deep, wrong types, and multipart bodies cut short or without a
// boundary. The routes are not listed by hand: the portal is built in this process and tells the
// test of each route it registers (with its schemas), so a route added tomorrow is swept too.
// Each request is made as an administrator with a real token of the real identity server, a
// valid-looking example body is built from the route's own schema and one field at a time is made
// hostile. The test fails on any 5xx answer and on any request that takes longer than 15 s.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { createPortalServer } from '../../../server/src/app/portalServer';
import { loadPortalConfig } from '../../../server/src/config';
import { createEmbeddedIdentityService } from '../../../server/src/features/security/area';
import { loadWarehouseSettings, WarehouseRegistry } from '../../../server/src/features/warehouse';
import { createTokenVerifier } from '../../../server/src/platform/http/auth/tokenVerifier';
import { type Store } from '../../../server/src/platform/store/openStore';
import { startIdentityServer, type RunningIdentityServer } from '../identity/identityServer';
import { openMemoryStore } from '../schemaStore';

jest.setTimeout(900_000);

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HANG_MS = 15_000;

/** The values each string field and path parameter is given in turn. */
const HOSTILE_TEXT: Array<[string, string]> = [
  ['NUL', 'before\u0000after'],
  ['lone surrogate', 'title \ud800 here'],
  ['low surrogate first', '\udc00'],
  ['control character', 'bell\u0007'],
  ['not an id', 'not-a-uuid'],
  ['path trick', '../../../../etc/passwd'],
  ['overlong', 'x'.repeat(100_000)],
  ['SQL', "x'; DROP TABLE audit_log; --"],
];

interface Route {
  method: string;
  url: string;
  body?: z.ZodType;
}

let idp: RunningIdentityServer;
let store: Store;
let warehouses: WarehouseRegistry;
let app: FastifyInstance;
let dataDir: string;
let token: string;
const routes: Route[] = [];
const failures: string[] = [];
let requests = 0;

beforeAll(async () => {
  idp = await startIdentityServer();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-hostile-'));
  const env = {
    DATA_DIR: dataDir,
    DIST_DIR: path.resolve(__dirname, '../fixtures/dist'),
    EMBEDDED_IDENTITY: 'false',
    IDENTITY_PUBLIC_URL: idp.baseUrl,
    IDENTITY_ADMIN_SECRET_FILE: path.join(idp.dataDir, 'identity', 'portal-admin-client.json'),
    WAREHOUSE_SAMPLE_QUERIES: '2000',
    DBT_FRESHNESS_CHECK_MINUTES: '0',
    DEMO_DATA: 'false',
  };
  process.env.LOG_LEVEL = 'warn';
  const config = loadPortalConfig(env);
  store = await openMemoryStore();
  warehouses = new WarehouseRegistry(await loadWarehouseSettings(env));
  app = await createPortalServer(config, {
    store,
    verifyToken: createTokenVerifier(config.tokens),
    warehouses,
    identityService: createEmbeddedIdentityService({ url: idp.baseUrl, realm: 'dataworks', secretFile: env.IDENTITY_ADMIN_SECRET_FILE }),
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (MUTATING.has(method) && route.url.startsWith('/api/'))
          routes.push({ method, url: route.url, body: (route.schema as { body?: z.ZodType } | undefined)?.body });
      }
    },
  });
  await app.ready();
  // `product` holds product and admin: every page of the access table opens for it.
  token = (await idp.signIn('product', 'product')).access_token;
});

afterAll(async () => {
  await app?.close();
  await store?.close();
  await warehouses?.close();
  await idp?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonSchema = Record<string, unknown>;

/** A value that fits `schema` as far as a JSON Schema says (patterns aside): what a form would send. */
function example(schema: JsonSchema | undefined, depth = 0): Json {
  if (!schema || depth > 8) return null;
  if ('const' in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants?.length) return example(variants.find((variant) => variant.type !== 'null') ?? variants[0], depth + 1);
  if (Array.isArray(schema.allOf) && schema.allOf.length) return example(schema.allOf[0] as JsonSchema, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: { [key: string]: Json } = {};
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
        out[name] = example(property, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => example(schema.items as JsonSchema, depth + 1));
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? schema.exclusiveMinimum ?? 1) + (schema.exclusiveMinimum === undefined ? 0 : 1);
    case 'boolean':
      return true;
    case 'string':
      switch (schema.format) {
        case 'uuid':
          return randomUUID();
        case 'email':
          return 'sweep@example.com';
        case 'uri':
        case 'url':
          return 'https://example.com/sweep';
        case 'date':
          return '2026-01-15';
        case 'date-time':
          return '2026-01-15T10:00:00Z';
        default:
          return 'sweep';
      }
    default:
      return null;
  }
}

/** Paths (key lists) of every string in `value`. */
function stringPaths(value: Json, at: string[] = []): string[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...at, String(index)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  return [];
}

function withValue(value: Json, at: string[], replacement: Json): Json {
  if (at.length === 0) return replacement;
  const [head, ...rest] = at as [string, ...string[]];
  if (Array.isArray(value)) return value.map((item, index) => (String(index) === head ? withValue(item, rest, replacement) : item));
  if (value && typeof value === 'object') return { ...value, [head]: withValue(value[head] as Json, rest, replacement) };
  return value;
}

/** A path segment; a lone surrogate cannot be percent-encoded, so it goes as the bytes UTF-8 would give it (invalid UTF-8). */
const segment = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w-]/g, (char) => encodeURIComponent(char));
  }
};
const fill = (url: string, values: Record<string, string>) =>
  url.replace(/:([A-Za-z]+)/g, (_match, name: string) => segment(values[name] ?? randomUUID()));

async function send(
  route: Route,
  what: string,
  request: { url: string; payload?: string | Buffer; headers?: Record<string, string> },
): Promise<void> {
  requests += 1;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const answer = await Promise.race([
    app.inject({
      method: route.method as 'POST',
      url: request.url,
      payload: request.payload,
      headers: { authorization: `Bearer ${token}`, ...request.headers },
    }),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), HANG_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!answer) failures.push(`${route.method} ${route.url} (${what}): no answer within ${HANG_MS / 1000} s`);
  else if (answer.statusCode >= 500)
    failures.push(
      `${route.method} ${route.url} (${what}): ${answer.statusCode} ${answer.body.slice(0, 200)} after ${Date.now() - started} ms`,
    );
}

const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

test('no mutating route answers hostile input with a 5xx or a hang', async () => {
  // The portal's mutating routes, every area: a count well below this means the listing broke.
  expect(routes.length).toBeGreaterThan(80);
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);
    const valid = route.body ? example(z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;
    const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

    // Each path parameter made hostile in turn (the others plausible ids).
    for (const param of params) {
      for (const [what, value] of HOSTILE_TEXT)
        await send(route, `${param}: ${what}`, { url: fill(route.url, { [param]: value }), ...(valid === null ? {} : json(valid)) });
    }
    const url = fill(route.url, {});
    if (route.body) {
      // Each string field of a form-like body made hostile in turn, the rest left plausible.
      for (const at of stringPaths(valid)) {
        for (const [what, value] of HOSTILE_TEXT)
          await send(route, `${at.join('.')}: ${what}`, { url, ...json(withValue(valid, at, value)) });
      }
      // The whole body: wrong shapes, nesting 100,000 deep, not JSON at all.
      for (const [what, payload] of [
        ['empty object', '{}'],
        ['array', '[1,2]'],
        ['string', '"x"'],
        ['nested 100,000 deep', deep(100_000)],
        ['cut off', '{"name":'],
        ['NUL key', '{"\\u0000":1}'],
      ] as const) {
        await send(route, `body: ${what}`, { url, payload, headers: { 'content-type': 'application/json' } });
      }
    } else {
      // Routes that take no schema'd body: multipart uploads and bodiless actions.
      const boundary = 'sweepboundary';
      await send(route, 'multipart cut short', {
        url,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="manifest"; filename="m.json"\r\nContent-Type: application/json\r\n\r\n{"meta`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      await send(route, 'multipart without boundary', { url, payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } });
      const twoFiles =
        ['file', 'file']
          .map(
            (name) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`,
          )
          .join('') + `--${boundary}--\r\n`;
      await send(route, 'two files', { url, payload: twoFiles, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      await send(route, 'gzip body', {
        url,
        payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-encoding': 'gzip' },
      });
      await send(route, 'JSON nested deep', { url, payload: deep(100_000), headers: { 'content-type': 'application/json' } });
    }
  }
  console.log(`Hostile-input sweep: ${requests} requests over ${seen.size} mutating routes, ${failures.length} failures`);
  expect(failures).toEqual([]);
  // Still answering afterwards.
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
});
