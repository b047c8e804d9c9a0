// The Airbyte public API v1 client against the stand-in, which checks every request against
// Airbyte's published description of the API and its own answers too: every method, the token's
// caching, expiry and the one retry on 401, problem answers, time-outs, and secrets kept out of
// every message. A few requests the description forbids are sent straight to the stand-in, to show
// its checks are real.
import {
  AirbyteApiError,
  AirbyteSettingsError,
  createAirbyteApiClient,
  type AirbyteApiClient,
} from '../../../../../server/src/features/integrations/airbyte/airbyteApiClient';
import { AirbyteStandIn } from './airbyteStandIn';

jest.setTimeout(30_000);

const CLIENT_ID = 'portal-application-0d7b';
const SECRET = 'cs-4f1e9b7a-never-shown';
const FAKER = { sourceType: 'faker', count: 500, seed: 7 };
const DEV_NULL = { destinationType: 'dev-null', test_destination: { test_destination_type: 'SILENT' } };
const UNKNOWN_ID = '0b6f3c1e-8d4a-4e2b-9c7f-5a1d2e3f4a5b';

let standIn: AirbyteStandIn;
let client: AirbyteApiClient;

beforeAll(async () => {
  // Mounted as on a self-managed instance (`http://host:8000/api/public`).
  standIn = await AirbyteStandIn.start({ clientId: CLIENT_ID, clientSecret: SECRET, root: '/api/public' });
  client = createAirbyteApiClient({ url: standIn.url, clientId: CLIENT_ID, clientSecret: SECRET, timeoutMs: 5_000 });
});

afterEach(() => standIn.assertNoDrift());

afterAll(async () => {
  await standIn.close();
});

async function failure(promise: Promise<unknown>): Promise<AirbyteApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AirbyteApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function setUp(name: string) {
  const workspace = await client.createWorkspace({ name });
  const source = await client.createSource({ name: `${name} faker`, workspaceId: workspace.workspaceId, configuration: FAKER });
  const destination = await client.createDestination({ name: `${name} null`, workspaceId: workspace.workspaceId, configuration: DEV_NULL });
  return { workspace, source, destination };
}

describe('Airbyte API client: every operation', () => {
  test('health answers without a token', async () => {
    await expect(client.health()).resolves.toBeUndefined();
    const [health] = standIn.requestsTo('GET', '/health');
    expect(health?.authorization).toBeUndefined();
    expect(health?.status).toBe(200);
  });

  test('workspaces: create, get, list one page at a time', async () => {
    const first = await client.createWorkspace({ name: 'Analytics' });
    const second = await client.createWorkspace({ name: 'Marketing' });
    expect(first.workspaceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await client.getWorkspace(second.workspaceId)).toMatchObject({ name: 'Marketing', dataResidency: 'auto' });

    const page = await client.listWorkspaces({ workspaceIds: [first.workspaceId, second.workspaceId], limit: 1 });
    expect(page.data.map((workspace) => workspace.name)).toEqual(['Analytics']);
    expect(page.next).toContain('offset=1');
    const next = await client.listWorkspaces({ workspaceIds: [first.workspaceId, second.workspaceId], limit: 1, offset: 1 });
    expect(next.data.map((workspace) => workspace.name)).toEqual(['Marketing']);
    expect(next.next).toBeUndefined();
    // Arrays go as repeated parameters.
    expect(standIn.requestsTo('GET', '/v1/workspaces').at(-1)?.query.getAll('workspaceIds')).toEqual([
      first.workspaceId,
      second.workspaceId,
    ]);
  });

  test('sources: create, get, list, patch, delete', async () => {
    const workspace = await client.createWorkspace({ name: 'Sources' });
    const source = await client.createSource({ name: 'Demo data', workspaceId: workspace.workspaceId, configuration: FAKER });
    expect(source).toMatchObject({
      name: 'Demo data',
      sourceType: 'faker',
      workspaceId: workspace.workspaceId,
      configuration: { count: 500 },
    });
    expect(await client.getSource(source.sourceId)).toMatchObject({ sourceId: source.sourceId, name: 'Demo data' });

    const patched = await client.patchSource(source.sourceId, { name: 'Demo data (big)', configuration: { ...FAKER, count: 5000 } });
    expect(patched).toMatchObject({ name: 'Demo data (big)', configuration: { count: 5000 } });
    expect((await client.listSources({ workspaceIds: [workspace.workspaceId] })).data.map((item) => item.name)).toEqual([
      'Demo data (big)',
    ]);

    await client.deleteSource(source.sourceId);
    expect((await failure(client.getSource(source.sourceId))).status).toBe(404);
    expect((await client.listSources({ workspaceIds: [workspace.workspaceId] })).data).toEqual([]);
    expect((await client.listSources({ workspaceIds: [workspace.workspaceId], includeDeleted: true })).data).toHaveLength(1);
  });

  test('a secret field of a source comes back masked', async () => {
    const workspace = await client.createWorkspace({ name: 'Databases' });
    const source = await client.createSource({
      name: 'Shop database',
      workspaceId: workspace.workspaceId,
      configuration: {
        sourceType: 'postgres',
        host: 'db.internal',
        port: 5432,
        database: 'shop',
        username: 'reader',
        password: 'pg-pass-93',
      },
    });
    expect(source.configuration).toMatchObject({ host: 'db.internal', password: '**********' });
    expect(JSON.stringify(await client.getSource(source.sourceId))).not.toContain('pg-pass-93');
  });

  test('destinations: create, get, list, patch, delete', async () => {
    const workspace = await client.createWorkspace({ name: 'Destinations' });
    const destination = await client.createDestination({ name: 'Nowhere', workspaceId: workspace.workspaceId, configuration: DEV_NULL });
    expect(destination).toMatchObject({ name: 'Nowhere', destinationType: 'dev-null', workspaceId: workspace.workspaceId });
    expect(await client.getDestination(destination.destinationId)).toMatchObject({ destinationId: destination.destinationId });
    expect(await client.patchDestination(destination.destinationId, { name: 'Still nowhere' })).toMatchObject({ name: 'Still nowhere' });
    expect((await client.listDestinations({ workspaceIds: [workspace.workspaceId] })).data.map((item) => item.name)).toEqual([
      'Still nowhere',
    ]);
    await client.deleteDestination(destination.destinationId);
    expect((await failure(client.getDestination(destination.destinationId))).status).toBe(404);
  });

  test('streams: what a source offers', async () => {
    const { source } = await setUp('Streams');
    const streams = await client.getStreamProperties({ sourceId: source.sourceId });
    expect(streams.map((stream) => stream.streamName)).toEqual(['users', 'products', 'purchases']);
    expect(streams[0]).toMatchObject({
      syncModes: expect.arrayContaining(['incremental_deduped_history']),
      sourceDefinedPrimaryKey: [['id']],
      defaultCursorField: ['updated_at'],
    });
    expect(standIn.requestsTo('GET', '/v1/streams').at(-1)?.query.get('sourceId')).toBe(source.sourceId);
  });

  test('connections: create, get, list, patch, delete', async () => {
    const { workspace, source, destination } = await setUp('Connections');
    const connection = await client.createConnection({
      sourceId: source.sourceId,
      destinationId: destination.destinationId,
      name: 'Demo → nowhere',
      configurations: {
        streams: [{ name: 'users', syncMode: 'incremental_deduped_history', cursorField: ['updated_at'], primaryKey: [['id']] }],
      },
    });
    expect(connection).toMatchObject({
      name: 'Demo → nowhere',
      workspaceId: workspace.workspaceId,
      status: 'active',
      schedule: { scheduleType: 'manual' },
      configurations: { streams: [{ name: 'users', syncMode: 'incremental_deduped_history' }] },
    });
    expect(await client.getConnection(connection.connectionId)).toMatchObject({ connectionId: connection.connectionId });

    const patched = await client.patchConnection(connection.connectionId, {
      schedule: { scheduleType: 'cron', cronExpression: '0 0 * * * ?' },
      configurations: { streams: [{ name: 'users' }, { name: 'purchases', syncMode: 'full_refresh_append' }] },
    });
    expect(patched.schedule).toEqual({ scheduleType: 'cron', cronExpression: '0 0 * * * ?' });
    expect(patched.configurations.streams?.map((stream) => stream.name)).toEqual(['users', 'purchases']);
    expect((await client.listConnections({ workspaceIds: [workspace.workspaceId] })).data.map((item) => item.connectionId)).toEqual([
      connection.connectionId,
    ]);

    await client.deleteConnection(connection.connectionId);
    expect((await failure(client.getConnection(connection.connectionId))).status).toBe(404);
  });

  test('jobs: a sync runs pending → running → succeeded; list by connection; cancel; reset', async () => {
    const { source, destination } = await setUp('Jobs');
    const connection = await client.createConnection({ sourceId: source.sourceId, destinationId: destination.destinationId });

    const started = await client.createJob(connection.connectionId, 'sync');
    expect(started).toMatchObject({ status: 'pending', jobType: 'sync', connectionId: connection.connectionId });
    // One sync at a time per connection, as in Airbyte.
    expect((await failure(client.createJob(connection.connectionId, 'sync'))).status).toBe(409);
    const running = await client.getJob(started.jobId);
    expect(running).toMatchObject({ status: 'running', rowsSynced: 1500 });
    const done = await client.getJob(started.jobId);
    expect(done).toMatchObject({ status: 'succeeded', rowsSynced: 3000, bytesSynced: 360_000 });
    expect(done.duration).toMatch(/^PT\d+S$/);

    const second = await client.createJob(connection.connectionId, 'sync');
    const cancelled = await client.cancelJob(second.jobId);
    expect(cancelled.status).toBe('cancelled');
    expect((await failure(client.cancelJob(second.jobId))).message).toContain('has already cancelled');
    const reset = await client.createJob(connection.connectionId, 'reset');
    expect(reset.jobType).toBe('reset');

    const newestFirst = await client.listJobs({
      connectionId: connection.connectionId,
      orderBy: { field: 'createdAt', direction: 'DESC' },
      limit: 2,
    });
    expect(newestFirst.data.map((job) => job.jobId)).toEqual([reset.jobId, second.jobId]);
    expect(newestFirst.next).toBeDefined();
    const rest = await client.listJobs({
      connectionId: connection.connectionId,
      orderBy: { field: 'createdAt', direction: 'DESC' },
      limit: 2,
      offset: 2,
    });
    expect(rest.data.map((job) => job.jobId)).toEqual([started.jobId]);
    const sent = standIn.requestsTo('GET', '/v1/jobs').at(-1)?.query;
    expect(Object.fromEntries(sent ?? [])).toEqual({
      connectionId: connection.connectionId,
      limit: '2',
      offset: '2',
      orderBy: 'createdAt|DESC',
    });
    expect((await client.listJobs({ connectionId: connection.connectionId, status: 'cancelled' })).data.map((job) => job.jobId)).toEqual([
      second.jobId,
    ]);
    expect((await failure(client.getJob(999_999))).status).toBe(404);
  });
});

describe('Airbyte API client: the access token', () => {
  test('is fetched once and reused while it is good', async () => {
    const fresh = createAirbyteApiClient({ url: standIn.url, clientId: CLIENT_ID, clientSecret: SECRET });
    const before = standIn.requestsTo('POST', '/v1/applications/token').length;
    await Promise.all([fresh.listWorkspaces(), fresh.listSources(), fresh.listConnections()]);
    await fresh.listDestinations();
    const tokenRequests = standIn.requestsTo('POST', '/v1/applications/token').slice(before);
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]?.body).toEqual({ client_id: CLIENT_ID, client_secret: SECRET, 'grant-type': 'client_credentials' });
  });

  test('is fetched again shortly before it expires', async () => {
    let now = Date.parse('2026-11-24T12:00:00Z');
    const clocked = createAirbyteApiClient({ url: standIn.url, clientId: CLIENT_ID, clientSecret: SECRET }, { now: () => now });
    const before = standIn.requestsTo('POST', '/v1/applications/token').length;
    const tokenRequests = () => standIn.requestsTo('POST', '/v1/applications/token').length - before;
    await clocked.listWorkspaces();
    // The stand-in's tokens live 180 s; the client lets one go 30 s before that.
    now += 149_000;
    await clocked.listWorkspaces();
    expect(tokenRequests()).toBe(1);
    now += 2_000;
    await clocked.listWorkspaces();
    expect(tokenRequests()).toBe(2);
  });

  test('refused with 401: one new token, one retry', async () => {
    await client.listWorkspaces();
    const before = standIn.requests.length;
    standIn.revokeTokens();
    await expect(client.listWorkspaces()).resolves.toBeDefined();
    expect(standIn.requests.slice(before).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      'GET /v1/workspaces 401',
      'POST /v1/applications/token 200',
      'GET /v1/workspaces 200',
    ]);
  });

  test('refused twice: the error says so, and there is no third try', async () => {
    await client.listWorkspaces();
    const refusal = {
      status: 401,
      body: { type: 'about:blank', title: 'unauthorized', status: 401, detail: 'The application lacks permission.' },
    };
    standIn.answerNext('GET', '/v1/sources', refusal);
    standIn.answerNext('GET', '/v1/sources', refusal);
    const before = standIn.requests.length;
    const error = await failure(client.listSources());
    expect(error.status).toBe(401);
    expect(error.message).toBe('Airbyte refused GET /api/public/v1/sources (401 unauthorized): The application lacks permission.');
    expect(standIn.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/sources',
      'POST /v1/applications/token',
      'GET /v1/sources',
    ]);
  });

  test('wrong client credentials are refused in words, the secret not among them', async () => {
    const wrong = createAirbyteApiClient({ url: standIn.url, clientId: CLIENT_ID, clientSecret: 'not-the-secret-5521' });
    const error = await failure(wrong.listWorkspaces());
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'Airbyte refused the client id and secret at POST /api/public/v1/applications/token (401 unauthorized): The client id and secret do not match an application.',
    );
    expect(error.message).not.toContain('not-the-secret-5521');
  });
});

describe('Airbyte API client: failures in words', () => {
  test("a problem answer becomes an error carrying Airbyte's status and detail", async () => {
    const error = await failure(client.getConnection(UNKNOWN_ID));
    expect(error).toMatchObject({
      status: 404,
      failure: 'refused',
      request: `GET /api/public/v1/connections/${UNKNOWN_ID}`,
      detail: `Connection ${UNKNOWN_ID} was not found.`,
    });
    expect(error.message).toBe(
      `Airbyte refused GET /api/public/v1/connections/${UNKNOWN_ID} (404 resource-not-found): Connection ${UNKNOWN_ID} was not found.`,
    );
  });

  test("an answer that is not problem JSON (a proxy's page) is reported by its text", async () => {
    standIn.answerNext('GET', '/v1/workspaces', {
      status: 502,
      text: 'Bad gateway: upstream airbyte-server is down',
      contentType: 'text/plain',
    });
    const error = await failure(client.listWorkspaces());
    expect(error.status).toBe(502);
    expect(error.message).toBe('Airbyte refused GET /api/public/v1/workspaces (502): Bad gateway: upstream airbyte-server is down');
  });

  test('an answer not shaped as the client needs is refused naming the field', async () => {
    standIn.answerNext('GET', '/v1/jobs/12', {
      status: 200,
      body: { jobId: 12, status: 'exploded', jobType: 'sync', connectionId: UNKNOWN_ID, startTime: '2026-11-24T12:00:00Z' },
    });
    const error = await failure(client.getJob(12));
    expect(error.failure).toBe('unexpected_answer');
    expect(error.message).toMatch(/^Airbyte's answer to GET \/api\/public\/v1\/jobs\/12 is not what the portal expects \(status: /);
  });

  test('a redirect is reported, not followed (the token goes nowhere else)', async () => {
    standIn.answerNext('GET', '/v1/connections', {
      status: 301,
      text: '',
      contentType: 'text/plain',
      location: 'https://airbyte.example/api/public/v1/connections',
    });
    const error = await failure(client.listConnections());
    expect(error.message).toBe(
      'Airbyte answered GET /api/public/v1/connections with a redirect (301) to https://airbyte.example/api/public/v1/connections: set the Airbyte URL to where it points.',
    );
  });

  test('no answer in time becomes a time-out error', async () => {
    const impatient = createAirbyteApiClient({ url: standIn.url, clientId: CLIENT_ID, clientSecret: SECRET, timeoutMs: 200 });
    standIn.stallMs = 1_500;
    try {
      const error = await failure(impatient.listWorkspaces());
      expect(error).toMatchObject({ failure: 'timeout', status: undefined });
      expect(error.message).toBe('Airbyte did not answer POST /api/public/v1/applications/token within 200 ms.');
    } finally {
      standIn.stallMs = 0;
    }
  });

  test('an address where nothing listens is reported as unreachable', async () => {
    const elsewhere = await AirbyteStandIn.start({ clientId: CLIENT_ID, clientSecret: SECRET });
    const url = elsewhere.url;
    await elsewhere.close();
    const error = await failure(createAirbyteApiClient({ url, clientId: CLIENT_ID, clientSecret: SECRET }).health());
    expect(error.failure).toBe('unreachable');
    expect(error.message).toBe(`Airbyte at ${url} cannot be reached for GET /health (ECONNREFUSED).`);
  });

  test('the secret and the token never appear in a message, even when Airbyte repeats them', async () => {
    await client.listWorkspaces();
    const token = standIn.requestsTo('GET', '/v1/workspaces').at(-1)?.authorization?.replace('Bearer ', '') ?? '';
    expect(token.length).toBeGreaterThan(20);
    standIn.answerNext('GET', '/v1/destinations', {
      status: 500,
      body: { title: 'internal', status: 500, detail: `login with ${SECRET} / token ${token} failed` },
    });
    const error = await failure(client.listDestinations());
    expect(error.message).toBe(
      'Airbyte refused GET /api/public/v1/destinations (500 internal): login with [hidden] / token [hidden] failed',
    );
    for (const text of [error.message, error.detail ?? '', String(error.stack)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(token);
    }
  });
});

describe('Airbyte API client: settings', () => {
  test.each([
    [{ url: 'ftp://airbyte.internal' }, 'url', 'must start with http:// or https://'],
    [{ url: 'airbyte.internal:8000' }, 'url', 'must start with http:// or https://'],
    [{ url: 'not a url' }, 'url', 'is not a URL'],
    [{ url: 'https://user:pw@api.airbyte.com' }, 'url', 'must not hold a user name or password'],
    [{ clientId: ' ' }, 'clientId', 'client id is empty'],
    [{ clientSecret: '' }, 'clientSecret', 'client secret is empty'],
    [{ timeoutMs: 0 }, 'timeoutMs', 'whole number of milliseconds'],
  ])('%j is refused naming %s', (change, field, words) => {
    let thrown: unknown;
    try {
      createAirbyteApiClient({ url: 'https://api.airbyte.com', clientId: CLIENT_ID, clientSecret: SECRET, ...change });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AirbyteSettingsError);
    expect(thrown).toMatchObject({ field });
    expect((thrown as Error).message).toContain(words);
  });

  test('the URL is the API root; a copied /v1 on the end is dropped; Cloud-style roots work too', async () => {
    const cloudLike = await AirbyteStandIn.start({ clientId: CLIENT_ID, clientSecret: SECRET });
    try {
      for (const url of [cloudLike.url, `${cloudLike.url}/`, `${cloudLike.url}/v1`, `${cloudLike.url}/v1/`]) {
        const workspaces = await createAirbyteApiClient({ url, clientId: CLIENT_ID, clientSecret: SECRET }).listWorkspaces();
        expect(workspaces.data).toEqual([]);
      }
      expect(new Set(cloudLike.requests.map((request) => `${request.method} ${request.path} ${request.status}`))).toEqual(
        new Set(['POST /v1/applications/token 200', 'GET /v1/workspaces 200']),
      );
      cloudLike.assertNoDrift();
    } finally {
      await cloudLike.close();
    }
  });
});

describe('the stand-in holds its own answers to the description', () => {
  test('an answer that breaks it is caught, not sent as if it were right', async () => {
    // A stream offering a sync mode Airbyte does not have: the answer to GET /streams breaks the description.
    const odd = await AirbyteStandIn.start({
      clientId: CLIENT_ID,
      clientSecret: SECRET,
      streams: { faker: [{ streamName: 'users', syncModes: ['full_refresh_magic'] }] },
    });
    try {
      const oddClient = createAirbyteApiClient({ url: odd.url, clientId: CLIENT_ID, clientSecret: SECRET });
      const workspace = await oddClient.createWorkspace({ name: 'Odd' });
      const source = await oddClient.createSource({ name: 'Odd faker', workspaceId: workspace.workspaceId, configuration: FAKER });
      const error = await failure(oddClient.getStreamProperties({ sourceId: source.sourceId }));
      expect(error.status).toBe(500);
      expect(() => odd.assertNoDrift()).toThrow(
        'GET /v1/streams: response of getStreamProperties 200: [0].syncModes[0]: Instance does not match any of',
      );
    } finally {
      await odd.close();
    }
  });
});

describe('the stand-in refuses what the description forbids', () => {
  async function signedIn(): Promise<
    (
      method: string,
      pathname: string,
      body?: unknown,
    ) => Promise<{ status: number; body: { title?: string; detail?: string; status?: number } }>
  > {
    const tokenAnswer = await fetch(`${standIn.url}/v1/applications/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: CLIENT_ID, client_secret: SECRET, 'grant-type': 'client_credentials' }),
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    return async (method, pathname, body) => {
      const response = await fetch(`${standIn.url}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { title?: string; detail?: string } };
    };
  }

  test('a connection without sourceId', async () => {
    const send = await signedIn();
    const answer = await send('POST', '/v1/connections', { destinationId: UNKNOWN_ID });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, title: 'bad-request' });
    expect(answer.body.detail).toBe("The request does not match Airbyte's API: request body: sourceId is required.");
  });

  test('a job of a type the description does not know', async () => {
    const send = await signedIn();
    const answer = await send('POST', '/v1/jobs', { connectionId: UNKNOWN_ID, jobType: 'refresh' });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('request body: jobType:');
  });

  test('a path parameter that is not a UUID', async () => {
    const send = await signedIn();
    const answer = await send('GET', '/v1/sources/not-a-uuid');
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(
      'The request does not match Airbyte\'s API: path parameter sourceId: String does not match format "uuid".',
    );
  });

  test('query parameters: out of range, misspelt, missing', async () => {
    const send = await signedIn();
    expect((await send('GET', '/v1/jobs?limit=500')).body.detail).toContain('query parameter limit:');
    expect((await send('GET', '/v1/jobs?connectionID=x')).body.detail).toContain(
      'query parameter connectionID is not one the description defines',
    );
    expect((await send('GET', '/v1/streams')).body.detail).toContain('query parameter sourceId is required');
  });

  test("a source configuration is checked against its connector's schema", async () => {
    const send = await signedIn();
    const answer = await send('POST', '/v1/sources', {
      name: 'x',
      workspaceId: UNKNOWN_ID,
      configuration: { sourceType: 'faker', count: 'many' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('request body: configuration.count: Instance type "string" is invalid. Expected "integer"');
  });

  test('an operation the description lacks, and a request without a token', async () => {
    const send = await signedIn();
    expect(await send('GET', '/v1/pipelines')).toMatchObject({
      status: 404,
      body: { detail: "Airbyte's API has no operation GET /v1/pipelines." },
    });
    const anonymous = await fetch(`${standIn.url}/v1/workspaces`);
    expect(anonymous.status).toBe(401);
  });
});
