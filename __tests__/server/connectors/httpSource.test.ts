// The HTTP API source as the engine runs it, against a local JSON API: authentication, the three
// kinds of pagination, incremental reads, errors in the API's words, and the network policy.
import { promises as fs } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AirbyteMessage, ConfiguredAirbyteCatalog } from '@common/integrations/airbyteProtocol';
import { builtInConnectorCommand } from '../../../server/src/features/integrations/builtInConnectors';
import { runConnector } from '../../../server/src/features/integrations/engine/connectorProcess';
import { runSyncAttempt } from '../../../server/src/features/integrations/engine/syncAttempt';
import { openDuckDbEngine } from '../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../server/src/platform/warehouse/engine';
import { raw } from '../../../server/src/platform/warehouse/sql';

jest.setTimeout(60_000);

const TOKEN = 'tok-3f9a-secret';
const ORDERS = Array.from({ length: 25 }, (_, index) => ({
  id: index + 1,
  status: index % 3 ? 'paid' : 'open',
  amount: index * 1.5,
  updated_at: new Date(Date.UTC(2026, 0, 1, index)).toISOString(),
}));
let api: Server;
let baseUrl: string;
const seen: Array<{ url: string; authorization: string | undefined }> = [];

function answer(request: IncomingMessage): { status: number; body?: unknown; headers?: Record<string, string> } {
  const url = new URL(request.url ?? '/', baseUrl);
  seen.push({ url: url.pathname + url.search, authorization: request.headers.authorization });
  if (request.headers.authorization !== `Bearer ${TOKEN}` && url.pathname !== '/elsewhere')
    return { status: 401, body: { error: 'invalid token' } };
  const since = url.searchParams.get('updated_since');
  const orders = since ? ORDERS.filter((order) => order.updated_at > since) : ORDERS;
  switch (url.pathname) {
    case '/orders': {
      const page = Number(url.searchParams.get('page') ?? 1);
      return { status: 200, body: { data: { items: orders.slice((page - 1) * 10, page * 10) } } };
    }
    case '/customers': {
      const cursor = Number(url.searchParams.get('after') ?? 0);
      const items = [1, 2, 3, 4, 5]
        .filter((id) => id > cursor)
        .slice(0, 2)
        .map((id) => ({ id, name: `C${id}` }));
      return { status: 200, body: { results: items, meta: { next: items.length === 2 ? String(items.at(-1)?.id) : null } } };
    }
    case '/events': {
      const page = Number(url.searchParams.get('p') ?? 1);
      const next = page < 3 ? `<${baseUrl}/events?p=${page + 1}>; rel="next"` : undefined;
      return { status: 200, body: [{ id: `e${page}` }], headers: next ? { link: next } : {} };
    }
    case '/moved':
      return { status: 302, headers: { location: `${baseUrl.replace('127.0.0.1', 'localhost')}/elsewhere` } };
    case '/elsewhere':
      return { status: 200, body: [{ authorization: request.headers.authorization ?? null }] };
    default:
      return { status: 404, body: { error: 'no such path' } };
  }
}

beforeAll(async () => {
  api = createServer((request, response) => {
    const { status, body, headers } = answer(request);
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
});

const source = builtInConnectorCommand('source-http', process.cwd(), { privateNetworks: true });
const config = () => ({
  base_url: baseUrl,
  auth: { type: 'bearer', token: TOKEN },
  streams: [
    {
      name: 'orders',
      path: '/orders',
      record_selector: 'data.items',
      primary_key: 'id',
      pagination: { type: 'page', page_param: 'page', page_size: 10 },
      incremental: { datetime_field: 'updated_at', request_param: 'updated_since' },
    },
    {
      name: 'customers',
      path: '/customers',
      record_selector: 'results',
      pagination: { type: 'cursor', cursor_param: 'after', cursor_path: 'meta.next' },
    },
    { name: 'events', path: '/events', pagination: { type: 'next_link' } },
  ],
});

async function operation(name: 'check' | 'discover', configValue: unknown, command = source): Promise<AirbyteMessage[]> {
  const messages: AirbyteMessage[] = [];
  await runConnector(command, {
    operation: name,
    config: configValue,
    secrets: [TOKEN],
    timeoutMs: 30_000,
    memoryLimitMb: 256,
    onMessage: (message) => void messages.push(message),
  });
  return messages;
}

it('checks the API with its credentials, and says what the API answered when they are wrong', async () => {
  expect((await operation('check', config()))[0]?.connectionStatus).toEqual({ status: 'SUCCEEDED' });
  const wrong = (await operation('check', { ...config(), auth: { type: 'bearer', token: 'nope' } }))[0]?.connectionStatus;
  expect(wrong).toEqual({ status: 'FAILED', message: `GET ${baseUrl}/orders answered HTTP 401: {"error":"invalid token"}` });
});

it('refuses private and local addresses unless the platform allows them', async () => {
  const guarded = builtInConnectorCommand('source-http', process.cwd());
  const status = (await operation('check', config(), guarded))[0]?.connectionStatus;
  expect(status).toEqual({
    status: 'FAILED',
    message: 'The host 127.0.0.1 (127.0.0.1) is a private or local address, which connectors may not reach here.',
  });
  const metadata = (await operation('check', { ...config(), base_url: 'http://169.254.169.254/latest' }, guarded))[0]?.connectionStatus;
  expect(metadata?.message).toMatch(/169\.254\.169\.254.*private or local address/);
});

it("infers each stream's fields from its first page", async () => {
  const [catalog] = await operation('discover', config());
  const orders = catalog?.catalog?.streams.find((stream) => stream.name === 'orders');
  expect(orders).toMatchObject({
    supported_sync_modes: ['full_refresh', 'incremental'],
    default_cursor_field: ['updated_at'],
    source_defined_primary_key: [['id']],
    json_schema: {
      properties: {
        id: { type: ['null', 'integer'] },
        status: { type: ['null', 'string'] },
        amount: { type: ['null', 'number'] },
        updated_at: { format: 'date-time' },
      },
    },
  });
});

it('does not send the credentials to another origin a redirect points to', async () => {
  const messages: AirbyteMessage[] = [];
  const redirected = { ...config(), streams: [{ name: 'moved', path: '/moved' }] };
  await runConnector(source, {
    operation: 'read',
    config: redirected,
    catalog: {
      streams: [
        {
          stream: { name: 'moved', json_schema: {}, supported_sync_modes: ['full_refresh'] },
          sync_mode: 'full_refresh',
          destination_sync_mode: 'append',
        },
      ],
    },
    timeoutMs: 30_000,
    memoryLimitMb: 256,
    onMessage: (message) => void messages.push(message),
  });
  expect(messages.find((message) => message.type === 'RECORD')?.record?.data).toEqual({ authorization: null });
});

describe('syncing', () => {
  let dir: string;
  let engine: Engine;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'http-source-'));
    engine = await openDuckDbEngine(path.join(dir, 'warehouse.duckdb'));
  });
  afterEach(async () => {
    await engine.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('follows page, cursor and next-link pagination, and reads only what changed on the next incremental sync', async () => {
    const [discovered] = await operation('discover', config());
    const streams = discovered?.catalog?.streams ?? [];
    const catalog: ConfiguredAirbyteCatalog = {
      streams: streams.map((stream) => ({
        stream,
        sync_mode: stream.name === 'orders' ? 'incremental' : 'full_refresh',
        destination_sync_mode: stream.name === 'orders' ? 'append_dedup' : 'overwrite',
      })),
    };
    const logs: string[] = [];
    const sync = () =>
      runSyncAttempt({
        source,
        config: config(),
        secrets: [TOKEN],
        catalog,
        warehouse: { engine },
        connectionId: 'http',
        defaultSchema: 'RAW_API',
        generationId: 1,
        timeoutMs: 30_000,
        memoryLimitMb: 256,
        onLog: (line) => logs.push(line.message),
      });
    const first = await sync();
    expect(first.status).toBe('succeeded');
    expect(await engine.query(raw('SELECT COUNT(*) AS N FROM RAW_API.ORDERS'))).toEqual([{ N: 25 }]);
    expect(
      await engine.query(
        raw("SELECT STRING_AGG(CAST(ID AS VARCHAR), ',' ORDER BY ID) AS IDS, TYPEOF(ANY_VALUE(ID)) AS T FROM RAW_API.CUSTOMERS"),
      ),
    ).toEqual([{ IDS: '1,2,3,4,5', T: 'BIGINT' }]);
    expect(await engine.query(raw('SELECT COUNT(*) AS N FROM RAW_API.EVENTS'))).toEqual([{ N: 3 }]);

    seen.length = 0;
    const second = await sync();
    expect(second.streams.find((stream) => stream.stream === 'orders')?.rowsCommitted).toBe(0);
    // The API was asked only for changes after the newest date-time of the first sync.
    expect(seen.find((request) => request.url.startsWith('/orders'))?.url).toContain(
      `updated_since=${encodeURIComponent(ORDERS.at(-1)?.updated_at ?? '')}`,
    );
    expect(await engine.query(raw('SELECT COUNT(*) AS N FROM RAW_API.ORDERS'))).toEqual([{ N: 25 }]);
    expect(logs.join('\n')).not.toContain(TOKEN);
  });
});
