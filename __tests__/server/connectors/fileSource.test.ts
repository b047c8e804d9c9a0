// The files source as the engine runs it (a real child process): CSV from the file area the
// platform allows, JSON lines from a URL (a local HTTP server), into a real embedded warehouse;
// and the paths and names it refuses.
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AirbyteMessage, AirbyteStream } from '@common/integrations/airbyteProtocol';
import { builtInConnectorCommand } from '../../../server/src/features/integrations/builtInConnectors';
import { createDefinitionsCatalog } from '../../../server/src/features/integrations/definitionsCatalog';
import type { StoreDb } from '../../../server/src/platform/store/openStore';
import { runConnector, type ConnectorCommand } from '../../../server/src/features/integrations/engine/connectorProcess';
import { runSyncAttempt } from '../../../server/src/features/integrations/engine/syncAttempt';
import { openDuckDbEngine } from '../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../server/src/platform/warehouse/engine';
import { raw } from '../../../server/src/platform/warehouse/sql';

jest.setTimeout(60_000);

let dir: string;
let filesDir: string;
let server: http.Server;
let baseUrl: string;
let source: ConnectorCommand;

async function operation(name: 'check' | 'discover', config: unknown, command = source): Promise<AirbyteMessage[]> {
  const messages: AirbyteMessage[] = [];
  await runConnector(command, {
    operation: name,
    config,
    timeoutMs: 30_000,
    memoryLimitMb: 256,
    onMessage: (message) => void messages.push(message),
  });
  return messages;
}
const checked = async (config: unknown, command = source) => (await operation('check', config, command))[0]?.connectionStatus;
const discovered = async (config: unknown): Promise<AirbyteStream> => {
  const stream = (await operation('discover', config)).find((message) => message.type === 'CATALOG')?.catalog?.streams[0];
  if (!stream) throw new Error('no stream discovered');
  return stream;
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'file-source-'));
  filesDir = path.join(dir, 'files');
  await fs.mkdir(path.join(filesDir, 'sales'), { recursive: true });
  await fs.writeFile(
    path.join(filesDir, 'sales', 'orders.csv'),
    '\ufeffid,customer,amount,paid,note\n1,Ada,12.50,true,\n2,"Berg, Ben",7,false,"said ""hi"""\n3,Chloé,3.25,true,gift\n',
  );
  await fs.writeFile(path.join(filesDir, 'sales 2026.csv'), 'id\n1\n');
  await fs.writeFile(path.join(dir, 'secret.csv'), 'password\nhunter2\n');
  await fs.symlink(path.join(dir, 'secret.csv'), path.join(filesDir, 'linked.csv'));
  source = builtInConnectorCommand('source-file', process.cwd(), { privateNetworks: true, filesDir });
  server = http.createServer((request, response) => {
    if (request.url === '/exports/events.jsonl') {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.end(
        '{"event_id":"e1","count":3,"score":1.5,"tags":["a"],"at":"2026-01-01T00:00:00Z"}\n\n{"event_id":"e2","count":4,"score":2,"tags":[],"at":null}\n',
      );
    } else if (request.url === '/moved.jsonl') {
      response.writeHead(302, { location: '/exports/events.jsonl' });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('syncing into the embedded warehouse', () => {
  let engine: Engine;
  beforeEach(async () => {
    engine = await openDuckDbEngine(path.join(dir, `warehouse-${Date.now()}.duckdb`));
  });
  afterEach(async () => {
    await engine.close();
  });
  const sync = (config: Record<string, unknown>, stream: AirbyteStream) =>
    runSyncAttempt({
      source,
      config,
      secrets: [],
      catalog: { streams: [{ stream, sync_mode: 'full_refresh', destination_sync_mode: 'overwrite' }] },
      warehouse: { engine },
      connectionId: 'files',
      defaultSchema: 'RAW_FILES',
      generationId: 1,
      timeoutMs: 30_000,
      memoryLimitMb: 256,
    });

  it('reads a CSV file of the file area, its columns typed from the first rows', async () => {
    const config = { location: 'sales/orders.csv', format: 'csv' };
    expect(await checked(config)).toEqual({ status: 'SUCCEEDED' });
    const stream = await discovered(config);
    expect(stream).toMatchObject({
      name: 'orders',
      supported_sync_modes: ['full_refresh'],
      json_schema: {
        properties: {
          id: { type: ['null', 'integer'] },
          customer: { type: ['null', 'string'] },
          amount: { type: ['null', 'number'] },
          paid: { type: ['null', 'boolean'] },
          note: { type: ['null', 'string'] },
        },
      },
    });
    expect(await sync(config, stream)).toMatchObject({ status: 'succeeded', rowsCommitted: 3 });
    expect(await engine.query(raw('SELECT ID, CUSTOMER, AMOUNT, PAID, NOTE FROM RAW_FILES.ORDERS ORDER BY ID'))).toEqual([
      { ID: 1, CUSTOMER: 'Ada', AMOUNT: 12.5, PAID: true, NOTE: null },
      { ID: 2, CUSTOMER: 'Berg, Ben', AMOUNT: 7, PAID: false, NOTE: 'said "hi"' },
      { ID: 3, CUSTOMER: 'Chloé', AMOUNT: 3.25, PAID: true, NOTE: 'gift' },
    ]);
  });

  it('reads JSON lines from a URL, following a redirect', async () => {
    const config = { location: `${baseUrl}/moved.jsonl`, format: 'jsonl', stream_name: 'events' };
    const stream = await discovered(config);
    expect(stream.json_schema.properties).toEqual({
      event_id: { type: ['null', 'string'] },
      count: { type: ['null', 'integer'] },
      score: { type: ['null', 'number'] },
      tags: { type: ['null', 'array'] },
      at: { type: ['null', 'string'] },
    });
    expect(await sync(config, stream)).toMatchObject({ status: 'succeeded', rowsCommitted: 2 });
    expect(await engine.query(raw('SELECT EVENT_ID, COUNT, SCORE FROM RAW_FILES.EVENTS ORDER BY EVENT_ID'))).toEqual([
      { EVENT_ID: 'e1', COUNT: 3, SCORE: 1.5 },
      { EVENT_ID: 'e2', COUNT: 4, SCORE: 2 },
    ]);
  });
});

describe('what it refuses', () => {
  it('reads nothing outside the file area, through .. or a symbolic link', async () => {
    expect(await checked({ location: '../secret.csv', format: 'csv' })).toEqual({
      status: 'FAILED',
      message: '"../secret.csv" is outside the file area.',
    });
    expect(await checked({ location: 'linked.csv', format: 'csv' })).toEqual({
      status: 'FAILED',
      message: '"linked.csv" is outside the file area.',
    });
    expect(await checked({ location: path.join(dir, 'secret.csv'), format: 'csv' })).toMatchObject({
      status: 'FAILED',
      message: expect.stringContaining('is an absolute path'),
    });
    expect(await checked({ location: 'sales/missing.csv', format: 'csv' })).toEqual({
      status: 'FAILED',
      message: 'There is no file "sales/missing.csv" in the file area.',
    });
  });

  it('is given its own organisation’s folder by the platform', async () => {
    // Built-in connectors resolve without the store; only registered programs are looked up there.
    const catalog = createDefinitionsCatalog({} as StoreDb, {
      projectRoot: process.cwd(),
      executablesDir: dir,
      privateNetworks: false,
      filesDir: path.join(dir, 'orgs'),
    });
    expect((await catalog.resolve('acme', 'source-file')).command.env).toEqual({
      DATAWORKS_CONNECTOR_FILES_DIR: path.join(dir, 'orgs', 'acme'),
    });
    const acme = (await catalog.resolve('acme', 'source-file')).command;
    await fs.mkdir(path.join(dir, 'orgs', 'acme'), { recursive: true });
    await fs.mkdir(path.join(dir, 'orgs', 'globex'), { recursive: true });
    await fs.writeFile(path.join(dir, 'orgs', 'globex', 'theirs.csv'), 'id\n1\n');
    expect(await checked({ location: '../globex/theirs.csv', format: 'csv' }, acme)).toEqual({
      status: 'FAILED',
      message: '"../globex/theirs.csv" is outside the file area.',
    });
  });

  it('reads no local file at all when the platform names no file area', async () => {
    const urlsOnly = builtInConnectorCommand('source-file', process.cwd(), { privateNetworks: true });
    expect(await checked({ location: 'sales/orders.csv', format: 'csv' }, urlsOnly)).toEqual({
      status: 'FAILED',
      message: 'Reading files from the server is not enabled here; give an http(s) URL.',
    });
  });

  it('asks for a stream name when the file name cannot be a table name', async () => {
    expect(await checked({ location: 'sales 2026.csv', format: 'csv' })).toEqual({
      status: 'FAILED',
      message:
        'The file name "sales 2026" cannot be a table name (letters, digits and underscores, not starting with a digit); give a stream name.',
    });
    expect(await checked({ location: 'sales 2026.csv', format: 'csv', stream_name: 'sales_2026' })).toEqual({ status: 'SUCCEEDED' });
  });

  it('names what went wrong with a URL: a private address, a missing file', async () => {
    const policed = builtInConnectorCommand('source-file', process.cwd());
    expect(await checked({ location: `${baseUrl}/exports/events.jsonl`, format: 'jsonl' }, policed)).toEqual({
      status: 'FAILED',
      message: 'The host 127.0.0.1 (127.0.0.1) is a private or local address, which connectors may not reach here.',
    });
    expect(await checked({ location: `${baseUrl}/nothing.jsonl`, format: 'jsonl' })).toEqual({
      status: 'FAILED',
      message: `Could not read ${baseUrl}/nothing.jsonl: the server answered 404 Not Found.`,
    });
  });
});
