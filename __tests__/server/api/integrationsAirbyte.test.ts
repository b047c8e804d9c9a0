// The scale-out engine over real HTTP: the portal runs with an Airbyte instance configured (the
// stand-in, which checks every request against Airbyte's published API description) and an
// organisation whose warehouse is Snowflake. A connection Airbyte can run is made in the
// organisation's Airbyte workspace; sync now, cancel, reset, pause and delete go to Airbyte; the
// job's rows and status come from Airbyte's job. A refusal by Airbyte leaves nothing behind, and
// what Airbyte cannot run (the sample source, an organisation on the embedded warehouse) stays on
// the embedded engine.
import { generateKeyPairSync } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AirbyteStandIn } from '../features/integrations/airbyte/airbyteStandIn';
import { startPortal, type RunningPortal } from './portalServer';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(240_000);

const CSV = 'id,amount\n1,10\n2,20\n3,30\n';

let portal: RunningPortal;
let airbyte: AirbyteStandIn;
let files: Server;
let fileUrl = '';
let workDir = '';
let privateKey = '';
const tokens: Record<string, string> = {};

beforeAll(async () => {
  airbyte = await AirbyteStandIn.start({
    clientId: 'dataworks-portal',
    clientSecret: 'airbyte-app-secret',
    root: '/api/public',
    streams: {
      file: [{ streamName: 'orders', syncModes: ['full_refresh_overwrite', 'full_refresh_append'], propertyFields: [['id'], ['amount']] }],
    },
  });
  files = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/csv' }).end(CSV));
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  fileUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/orders.csv`;
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-airbyte-'));
  privateKey = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  await fs.writeFile(path.join(workDir, 'acme.p8'), privateKey, { mode: 0o600 });
  const connectionsFile = path.join(workDir, 'warehouses.json');
  await fs.writeFile(
    connectionsFile,
    JSON.stringify({
      acme: {
        engine: 'snowflake',
        account: 'xy12345.eu-west-1',
        username: 'DATAWORKS_SVC',
        privateKeyPath: path.join(workDir, 'acme.p8'),
        role: 'DATAWORKS_ADMIN',
        warehouse: 'DATAWORKS_WH',
        loadDatabase: 'RAW',
      },
    }),
  );
  portal = await startPortal({
    env: {
      WAREHOUSE_CONNECTIONS_FILE: connectionsFile,
      AIRBYTE_URL: airbyte.url,
      AIRBYTE_CLIENT_ID: 'dataworks-portal',
      AIRBYTE_CLIENT_SECRET: 'airbyte-app-secret',
      AIRBYTE_POLL_SECONDS: '1',
      CONNECTOR_PRIVATE_NETWORKS: 'true',
    },
  });
  tokens.engineer = await portal.token('engineer');
  tokens.lite = await portal.token('lite');
});
afterEach(() => airbyte.assertNoDrift());
afterAll(async () => {
  await portal?.stop();
  await airbyte?.close();
  files?.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

interface Job {
  id: string;
  status: string;
  rowsSynced: number;
  bytesSynced: number;
  failure: string | null;
}

const api = (method: string, urlPath: string, body?: unknown, user = 'engineer') =>
  portal.api(method, urlPath, { token: tokens[user], body });

async function finished(jobId: string, user = 'engineer'): Promise<Job> {
  return waitFor(
    `job ${jobId} to finish`,
    async () => {
      const job = (await api('GET', `/api/integrations/jobs/${jobId}`, undefined, user)).body as Job;
      return ['succeeded', 'failed', 'cancelled'].includes(job.status) && job;
    },
    { timeoutMs: 30_000, stepMs: 250 },
  );
}

async function fileSource(name: string, user = 'engineer'): Promise<string> {
  const created = await api(
    'POST',
    '/api/integrations/sources',
    { name, definitionId: 'source-file', config: { location: fileUrl, format: 'csv' } },
    user,
  );
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

const ordersConnection = (name: string, sourceId: string) => ({
  name,
  sourceId,
  destinationSchema: 'RAW_FILES',
  schedule: { kind: 'manual' },
  streams: [{ name: 'orders', selected: true, syncMode: 'full_refresh', destinationSyncMode: 'overwrite' }],
});

/** Requests whose path is `pathname`, or starts with it when it ends in `/` (`/v1/jobs/` is every job's). */
const requestsUnder = (method: string, pathname: string) =>
  airbyte.requests.filter(
    (request) => request.method === method && (pathname.endsWith('/') ? request.path.startsWith(pathname) : request.path === pathname),
  );
/** The bodies of the requests Airbyte accepted. */
const bodiesOf = (method: string, pathname: string) =>
  requestsUnder(method, pathname)
    .filter((request) => (request.status ?? 0) < 300)
    .map((request) => request.body as Record<string, unknown>);

let connectionId = '';

it("makes a connection Airbyte can run in the organisation's Airbyte workspace, with the warehouse as its destination", async () => {
  const sourceId = await fileSource('Orders file');
  const created = await api('POST', '/api/integrations/connections', ordersConnection('Orders', sourceId));
  expect(created.status).toBe(201);
  const view = created.body as { id: string; engine: string };
  expect(view.engine).toBe('airbyte');
  connectionId = view.id;

  const [workspace] = bodiesOf('POST', '/v1/workspaces');
  expect(workspace).toEqual({ name: 'Dataworks – acme' });
  const [destination] = bodiesOf('POST', '/v1/destinations');
  expect(destination?.configuration).toMatchObject({
    destinationType: 'snowflake',
    host: 'xy12345.eu-west-1.snowflakecomputing.com',
    database: 'RAW',
    role: 'DATAWORKS_ADMIN',
    warehouse: 'DATAWORKS_WH',
    username: 'DATAWORKS_SVC',
    credentials: { auth_type: 'Key Pair Authentication', private_key: privateKey },
  });
  const [source] = bodiesOf('POST', '/v1/sources');
  expect(source?.configuration).toEqual({
    sourceType: 'file',
    dataset_name: 'orders',
    format: 'csv',
    url: fileUrl,
    provider: { storage: 'HTTPS' },
  });
  const [connection] = bodiesOf('POST', '/v1/connections');
  expect(connection).toMatchObject({
    namespaceDefinition: 'custom_format',
    namespaceFormat: 'RAW_FILES',
    schedule: { scheduleType: 'manual' },
    configurations: { streams: [{ name: 'orders', syncMode: 'full_refresh_overwrite' }] },
  });
  expect(String(connection?.name)).toContain(connectionId);
});

it('runs sync now as an Airbyte job and records its rows, bytes and log in the timeline', async () => {
  const started = await api('POST', `/api/integrations/connections/${connectionId}/sync`);
  expect(started.status).toBe(202);
  const job = await finished((started.body as Job).id);
  const [airbyteJob] = bodiesOf('POST', '/v1/jobs');
  expect(airbyteJob).toMatchObject({ jobType: 'sync' });
  expect(job.status).toBe('succeeded');
  expect(job.rowsSynced).toBeGreaterThan(0);
  expect(job.bytesSynced).toBeGreaterThan(0);
  // Before the job, the source's and the warehouse's current settings were sent again.
  expect(requestsUnder('PATCH', '/v1/sources/').length + bodiesOf('PATCH', '/v1/destinations/').length).toBeGreaterThan(0);
  const logs = await portal.api('GET', `/api/integrations/jobs/${job.id}/logs`, { token: tokens.engineer });
  expect(String(logs.body)).toMatch(/Airbyte sync job \d+ started/);
  expect(String(logs.body)).toContain('succeeded');
  expect(String(logs.body)).not.toContain('airbyte-app-secret');
  const timeline = (await api('GET', `/api/integrations/connections/${connectionId}/jobs`)).body as { jobs: Job[] };
  expect(timeline.jobs[0]).toMatchObject({ id: job.id, status: 'succeeded', rowsSynced: job.rowsSynced });
});

it("cancels the Airbyte job when the portal's job is cancelled", async () => {
  const started = (await api('POST', `/api/integrations/connections/${connectionId}/sync`)).body as Job;
  // Wait until the job has reached Airbyte, then cancel it.
  await waitFor('the job to reach Airbyte', () => requestsUnder('POST', '/v1/jobs').length >= 2, { timeoutMs: 8000, stepMs: 100 });
  const cancelled = await api('POST', `/api/integrations/jobs/${started.id}/cancel`);
  expect(cancelled.status).toBe(200);
  const job = await finished(started.id);
  expect(job.status).toBe('cancelled');
  expect(requestsUnder('DELETE', '/v1/jobs/')).toHaveLength(1);
});

it('resets the whole connection on Airbyte, and refuses a one-stream reset its public API cannot do', async () => {
  const one = await api('POST', `/api/integrations/connections/${connectionId}/reset`, { stream: 'orders' });
  expect(one.status).toBe(409);
  expect((one.body as { message: string }).message).toMatch(/Airbyte/);
  const whole = await api('POST', `/api/integrations/connections/${connectionId}/reset`);
  expect(whole.status).toBe(202);
  const job = await finished((whole.body as Job).id);
  expect(job.status).toBe('succeeded');
  expect(bodiesOf('POST', '/v1/jobs').at(-1)).toMatchObject({ jobType: 'reset' });
});

it('mirrors pause and resume to Airbyte', async () => {
  expect((await api('PATCH', `/api/integrations/connections/${connectionId}`, { status: 'paused' })).status).toBe(200);
  expect(bodiesOf('PATCH', '/v1/connections/').at(-1)).toEqual({ status: 'inactive' });
  expect((await api('PATCH', `/api/integrations/connections/${connectionId}`, { status: 'active' })).status).toBe(200);
  expect(bodiesOf('PATCH', '/v1/connections/').at(-1)).toEqual({ status: 'active' });
});

it('keeps one workspace and one destination per organisation', async () => {
  const sourceId = await fileSource('Orders file again');
  const created = await api('POST', '/api/integrations/connections', ordersConnection('Orders again', sourceId));
  expect(created.status).toBe(201);
  expect(bodiesOf('POST', '/v1/workspaces')).toHaveLength(1);
  expect(bodiesOf('POST', '/v1/destinations')).toHaveLength(1);
  expect(bodiesOf('POST', '/v1/connections')).toHaveLength(2);
});

it("answers Airbyte's refusal in words and keeps neither the connection nor the Airbyte source it had made", async () => {
  const sourceId = await fileSource('Refused file');
  const sourcesBefore = bodiesOf('POST', '/v1/sources').length;
  airbyte.answerNext('POST', '/v1/connections', {
    status: 400,
    body: {
      type: 'https://reference.airbyte.com/reference/errors',
      title: 'bad-request',
      detail: 'The destination namespace RAW_FILES is not allowed.',
      status: 400,
    },
  });
  const refused = await api('POST', '/api/integrations/connections', ordersConnection('Refused', sourceId));
  expect(refused.status).toBe(400);
  expect((refused.body as { message: string }).message).toContain('The destination namespace RAW_FILES is not allowed.');
  const list = (await api('GET', '/api/integrations/connections')).body as { connections: Array<{ name: string }> };
  expect(list.connections.map((connection) => connection.name)).not.toContain('Refused');
  expect(bodiesOf('POST', '/v1/sources')).toHaveLength(sourcesBefore + 1);
  expect(requestsUnder('DELETE', '/v1/sources/').filter((request) => request.status === 204)).toHaveLength(1);
});

it("deletes the connection and its source in Airbyte with the portal's connection", async () => {
  const deleted = await api('DELETE', `/api/integrations/connections/${connectionId}`);
  expect(deleted.status).toBe(204);
  expect(requestsUnder('DELETE', '/v1/connections/').filter((request) => request.status === 204)).toHaveLength(1);
  expect((await api('GET', `/api/integrations/connections/${connectionId}`)).status).toBe(404);
});

it('keeps on the embedded engine what Airbyte cannot run the same way', async () => {
  // The sample data has no Airbyte counterpart.
  const sample = await api('POST', '/api/integrations/sources', { name: 'Sample', definitionId: 'source-sample', config: {} });
  expect(sample.status).toBe(201);
  const streams = [
    { name: 'customers', namespace: 'raw_shop', selected: true, syncMode: 'full_refresh', destinationSyncMode: 'overwrite' },
  ];
  const onSample = await api('POST', '/api/integrations/connections', {
    name: 'Sample shop',
    sourceId: (sample.body as { id: string }).id,
    destinationSchema: 'RAW',
    schedule: { kind: 'manual' },
    streams,
  });
  expect(onSample.status).toBe(201);
  expect((onSample.body as { engine: string }).engine).toBe('embedded');
  // An organisation whose warehouse is the embedded one (globex): Airbyte cannot write there.
  const connectionsBefore = bodiesOf('POST', '/v1/connections').length;
  const sourceId = await fileSource('Orders file', 'lite');
  const embedded = await api('POST', '/api/integrations/connections', ordersConnection('Orders', sourceId), 'lite');
  expect(embedded.status).toBe(201);
  expect((embedded.body as { engine: string }).engine).toBe('embedded');
  expect(bodiesOf('POST', '/v1/connections')).toHaveLength(connectionsBefore);
});
