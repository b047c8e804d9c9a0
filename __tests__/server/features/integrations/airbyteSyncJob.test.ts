// One attempt of a sync on the scale-out engine, against the Airbyte stand-in and a real store:
// the Airbyte job is started once and followed; its rows reach the attempt's record and the job's
// progress reports; a failed Airbyte job fails the attempt in words (a final failure, no retry) and
// notifies; an Airbyte that cannot be reached is retried by following the same Airbyte job, never
// by starting another. How the job runner turns these outcomes into the job's state is tested with
// the runner (platform/jobs.test.ts) and through the API (api/integrations.test.ts).
import type { StreamSelection } from '@common/integrations/integrationsContract';
import { createAirbyteApiClient } from '../../../../server/src/features/integrations/airbyte/airbyteApiClient';
import { createAirbyteEngine, type AirbyteEngine } from '../../../../server/src/features/integrations/airbyte/airbyteEngine';
import { runAirbyteAttempt, type AirbyteAttempt } from '../../../../server/src/features/integrations/airbyteSyncJob';
import {
  attemptTotals,
  connectionById,
  insertConnection,
  insertSource,
  startAttempt,
  updateConnection,
} from '../../../../server/src/features/integrations/integrationsStore';
import { insertJob } from '../../../../server/src/platform/jobs/jobStore';
import type { SourcesService } from '../../../../server/src/features/integrations/sourcesService';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openSchemaStore } from '../../schemaStore';
import { waitFor } from '../../helpers/waitFor';
import { AirbyteStandIn } from './airbyte/airbyteStandIn';

jest.setTimeout(60_000);

const ORG = 'acme';
const CONFIG = { location: 'https://files.example.com/orders.csv', format: 'csv' };
const STREAMS: StreamSelection[] = [{ name: 'orders', selected: true, syncMode: 'full_refresh', destinationSyncMode: 'overwrite' }];
// The source's settings as the sources service would give them (its own tests cover how).
let sourceConfig: Record<string, unknown> = CONFIG;
const sources = { configOf: async () => ({ config: sourceConfig }) } as unknown as SourcesService;

let store: Store;
let standIn: AirbyteStandIn;
let engine: AirbyteEngine;
let connectionId = '';

beforeAll(async () => {
  store = await openSchemaStore('airbyte_sync');
  standIn = await AirbyteStandIn.start({
    clientId: 'id',
    clientSecret: 'secret',
    streams: { file: [{ streamName: 'orders', syncModes: ['full_refresh_overwrite'] }] },
  });
  engine = createAirbyteEngine({
    client: createAirbyteApiClient({ url: standIn.url, clientId: 'id', clientSecret: 'secret' }),
    db: store.db,
    destination: async () => ({
      configuration: {
        destinationType: 'snowflake',
        host: 'acme.snowflakecomputing.com',
        role: 'R',
        warehouse: 'W',
        database: 'RAW',
        schema: 'PUBLIC',
        username: 'U',
        credentials: { auth_type: 'Key Pair Authentication', private_key: 'key' },
      },
    }),
  });
  const sourceId = await insertSource(store.db, {
    organisation: ORG,
    name: 'Orders file',
    definitionId: 'source-file',
    config: CONFIG,
    sealed: () => null,
    createdBy: 'engineer',
  });
  connectionId = await insertConnection(store.db, {
    organisation: ORG,
    name: 'Orders',
    sourceId,
    destinationSchema: 'RAW_FILES',
    schedule: { kind: 'manual' },
    streams: STREAMS,
    catalog: { streams: [] },
    createdBy: 'engineer',
    engine: 'airbyte',
  });
  const input = { name: 'Orders', definitionId: 'source-file', config: CONFIG, streams: STREAMS, destinationSchema: 'RAW_FILES' };
  const placed = await engine.placement(ORG, input);
  if (!placed.onAirbyte) throw new Error(placed.reason);
  const ids = await engine.create(ORG, input, placed, connectionId);
  await updateConnection(store.db, ORG, connectionId, { airbyteSourceId: ids.sourceId, airbyteConnectionId: ids.connectionId });
});
afterEach(() => standIn.assertNoDrift());
afterAll(async () => {
  await standIn.close();
  await store.close();
});

interface Run {
  published: number[];
  failures: string[];
  lines: string[];
  attempt(
    number: number,
    options?: { engine?: AirbyteEngine | undefined; maxAttempts?: number; signal?: AbortSignal; pollMs?: number },
  ): Promise<unknown>;
}

/** What the portal recorded of a job's attempts: the last one's status and failure, the rows of all, the Airbyte job followed. */
interface JobFacts {
  id: string;
  status: string;
  failure: string | null;
  rows_synced: number;
  airbyte_job_id: number | null;
}

async function jobById(_db: unknown, organisation: string, id: string): Promise<JobFacts> {
  const attempts = await store.db
    .selectFrom('integration_attempts')
    .select(['status', 'failure'])
    .where('job_id', '=', id)
    .orderBy('number', 'desc')
    .execute();
  const totals = (await attemptTotals(store.db, organisation, [id])).get(id);
  return {
    id,
    status: attempts[0]?.status ?? 'pending',
    failure: attempts[0]?.failure ?? null,
    rows_synced: totals?.rows ?? 0,
    airbyte_job_id: totals?.airbyteJobId ?? null,
  };
}

async function newJob(): Promise<{ job: JobFacts; run: Run }> {
  // The platform job a sync runs for, as "Sync now" queues it.
  const { row } = await insertJob(store.db, {
    kind: 'integrations.sync',
    organisation: ORG,
    payload: { connectionId, kind: 'sync' },
    startedBy: 'engineer',
    runAt: null,
    singletonKey: null,
    maxAttempts: 3,
  });
  const id = row.id;
  const run: Run = {
    published: [],
    failures: [],
    lines: [],
    async attempt(number, options = {}) {
      await startAttempt(store.db, { jobId: id, number, organisation: ORG, connectionId });
      const earlier = (await attemptTotals(store.db, ORG, [id])).get(id);
      const connection = await connectionById(store.db, ORG, connectionId);
      if (!connection) throw new Error('no connection');
      const attempt: AirbyteAttempt = {
        organisation: ORG,
        attempt: number,
        signal: options.signal ?? new AbortController().signal,
        jobId: id,
        kind: 'sync',
        airbyteJobId: earlier?.airbyteJobId ?? null,
        connection,
        log: (line) => run.lines.push(line),
        logText: () => run.lines.join('\n'),
        useSecrets: () => undefined,
        mask: (text) => text,
        progress: (progress) => {
          run.published.push(progress.rowsCommitted);
        },
        reportFailure: async (failure) => {
          run.failures.push(failure);
        },
      };
      return runAirbyteAttempt(
        {
          db: store.db,
          engine: 'engine' in options ? options.engine : engine,
          sources,
          pollMs: options.pollMs ?? 5,
          maxAttempts: options.maxAttempts ?? 3,
        },
        attempt,
      );
    },
  };
  return { job: await jobById(store.db, ORG, id), run };
}

const jobPosts = () => standIn.requests.filter((request) => request.method === 'POST' && request.path === '/v1/jobs').length;

it('starts the Airbyte job once, follows it to the end and records its rows', async () => {
  const { job, run } = await newJob();
  const before = jobPosts();
  await expect(run.attempt(1)).resolves.toMatchObject({ status: 'succeeded' });
  expect(jobPosts()).toBe(before + 1);
  const done = await jobById(store.db, ORG, job.id);
  expect(done).toMatchObject({ status: 'succeeded', failure: null });
  expect(Number(done?.rows_synced)).toBeGreaterThan(0);
  expect(done?.airbyte_job_id).not.toBeNull();
  // Rows as they grew (half, then all), then the final figure.
  expect(run.published.at(-1)).toBe(Number(done?.rows_synced));
  expect(run.published.some((rows) => rows > 0 && rows < Number(done?.rows_synced))).toBe(true);
  expect(run.failures).toEqual([]);
});

const nextAirbyteJobId = async () =>
  Number(
    (
      await store.db
        .selectFrom('integration_attempts')
        .select((eb) => eb.fn.max('airbyte_job_id').as('top'))
        .executeTakeFirst()
    )?.top,
  ) + 1;

it("fails the job in words, and notifies, when Airbyte's job fails", async () => {
  const { job, run } = await newJob();
  const airbyteJobId = await nextAirbyteJobId();
  // The stand-in's own jobs succeed: the first look at this one answers that it failed.
  standIn.answerNext('GET', `/v1/jobs/${airbyteJobId}`, {
    status: 200,
    body: {
      jobId: airbyteJobId,
      status: 'failed',
      jobType: 'sync',
      connectionId: 'x',
      startTime: new Date().toISOString(),
      rowsSynced: 40,
      bytesSynced: 4000,
    },
  });
  await expect(run.attempt(1)).resolves.toMatchObject({ status: 'failed' });
  const failed = await jobById(store.db, ORG, job.id);
  expect(failed?.status).toBe('failed');
  expect(failed?.failure).toContain(`Airbyte job ${airbyteJobId} failed after 40 rows`);
  expect(failed?.failure).toContain('logs');
  expect(run.failures).toEqual([failed?.failure]);
  // The stand-in still has that job running, as Airbyte would after an answer it did not give.
  await engine.cancel(airbyteJobId);
});

it("follows a sync Airbyte is already running for the connection instead of failing on Airbyte's one-job rule", async () => {
  const ids = await connectionById(store.db, ORG, connectionId);
  const outside = await engine.startJob(
    { sourceId: String(ids?.airbyte_source_id), connectionId: String(ids?.airbyte_connection_id) },
    'sync',
  );
  const { job, run } = await newJob();
  await expect(run.attempt(1)).resolves.toMatchObject({ status: 'succeeded', airbyteJobId: outside.jobId });
  expect(Number((await jobById(store.db, ORG, job.id))?.airbyte_job_id)).toBe(outside.jobId);
  expect(run.lines.join('\n')).toContain(`already running sync job ${outside.jobId}`);
});

it('retries an Airbyte it cannot reach by following the same Airbyte job', async () => {
  const { job, run } = await newJob();
  const before = jobPosts();
  const nextJobId = await nextAirbyteJobId();
  standIn.answerNext('GET', `/v1/jobs/${nextJobId}`, { status: 503, text: '<html>upstream unavailable</html>' });
  await expect(run.attempt(1, { maxAttempts: 2 })).rejects.toThrow(/503|unavailable/);
  // The attempt failed and asked for another (it threw): the job waits for its retry.
  const between = await jobById(store.db, ORG, job.id);
  expect(between).toMatchObject({ status: 'failed' });
  expect(Number(between?.airbyte_job_id)).toBe(nextJobId);
  await expect(run.attempt(2, { maxAttempts: 2 })).resolves.toMatchObject({ status: 'succeeded', airbyteJobId: nextJobId });
  expect(jobPosts()).toBe(before + 1);
  expect(run.lines.join('\n')).toContain(`following Airbyte job ${nextJobId} again`);
});

it('cancels the Airbyte job when the portal cancels', async () => {
  const { job, run } = await newJob();
  const stop = new AbortController();
  // A long pause between looks: the cancel arrives while the job is running on Airbyte.
  const attempt = run.attempt(1, { signal: stop.signal, pollMs: 60_000 });
  await waitFor('the job running on Airbyte', () => run.published.length > 0, { stepMs: 2 });
  stop.abort();
  await expect(attempt).resolves.toMatchObject({ status: 'cancelled' });
  const done = await jobById(store.db, ORG, job.id);
  expect(done?.status).toBe('cancelled');
  expect(
    standIn.requests.some(
      (request) => request.method === 'DELETE' && request.path === `/v1/jobs/${String(done?.airbyte_job_id)}` && request.status === 200,
    ),
  ).toBe(true);
});

it('fails at once, naming the settings, when the connection is on Airbyte and no Airbyte is configured', async () => {
  const { job, run } = await newJob();
  await expect(run.attempt(1, { engine: undefined })).resolves.toMatchObject({ status: 'failed' });
  expect((await jobById(store.db, ORG, job.id))?.failure).toContain('AIRBYTE_URL');
  expect(run.failures).toHaveLength(1);
});

it('fails in words, without a retry, when the source was edited into one Airbyte cannot read', async () => {
  const { job, run } = await newJob();
  const before = jobPosts();
  sourceConfig = { location: 'exports/orders.csv', format: 'csv' };
  try {
    await expect(run.attempt(1)).resolves.toMatchObject({ status: 'failed' });
  } finally {
    sourceConfig = CONFIG;
  }
  expect((await jobById(store.db, ORG, job.id))?.failure).toMatch(/could no longer run there: the file is on the portal's own disk/);
  expect(jobPosts()).toBe(before);
  expect(run.failures).toHaveLength(1);
});
