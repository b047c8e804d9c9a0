// The dbt service on the shared platform: an ingestion is announced on the live channel, and a
// freshness check runs as a job on the runner (with progress), records its results, announces
// them, and logs each status change as a notification event.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOG_TOPIC, FRESHNESS_CHECK_JOB } from '../../../../common/dbt/consumeContract';
import { createDbtService, type DbtService } from '../../../../server/src/features/dbt/dbtService';
import { createJobRunner, type JobRunner } from '../../../../server/src/platform/jobs';
import { createLiveChannel, type LiveChannel, type LiveEvent } from '../../../../server/src/platform/live';
import { createNotificationsService, type NotificationsService } from '../../../../server/src/platform/notifications';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../../server/src/platform/warehouse/engine';
import { raw } from '../../../../server/src/platform/warehouse/sql';
import { manifestOf, openTestStore } from './fixtures';
import { waitFor } from '../../helpers/waitFor';

jest.setTimeout(60_000);

let store: Store;
let live: LiveChannel;
let jobs: JobRunner;
let service: DbtService;
let notifications: NotificationsService;
let engine: Engine;
let dir: string;
const logged: { details: object; message: string }[] = [];
const log = {
  info: (details: object, message: string) => logged.push({ details, message }),
  warn: () => undefined,
  error: () => undefined,
} as unknown as import('fastify').FastifyBaseLogger; // only the three levels the service uses are called
const events: LiveEvent[] = [];

beforeAll(async () => {
  store = await openTestStore();
  live = createLiveChannel(store.notifier);
  jobs = createJobRunner({ db: store.db, live, pollMs: 50 });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-dbt-service-'));
  engine = await openDuckDbEngine(path.join(dir, 'acme.duckdb'));
  await engine.query(raw('CREATE SCHEMA RAW_SHOP'));
  await engine.query(raw('CREATE TABLE RAW_SHOP.ORDERS AS SELECT 1 AS ID, now()::TIMESTAMP - INTERVAL 30 HOUR AS _LOADED_AT'));
  notifications = createNotificationsService({ db: store.db, live, jobs, log, smtp: null, portalUrl: 'http://localhost:3000' });
  // An admin of acme has signed in once: notices for the admin role reach them.
  await notifications.rememberUser({ organisation: 'acme', subject: 'someone', username: 'ada', email: null, roles: ['user', 'admin'] });
  service = createDbtService({
    db: store.db,
    live,
    jobs,
    log,
    notify: (request) => notifications.notify(request),
    warehouse: async (organisation) => (organisation === 'acme' ? engine : null),
    settings: { uploadLimitBytes: 1024, artifactsDir: null, freshnessCheckMinutes: 60, tempDir: dir },
  });
  await jobs.start();
  // An administrator's connection: catalog news reach those who may open the catalog.
  await live.subscribe({ organisation: 'acme', userId: 'someone', roles: ['user', 'admin'] }, (event) => events.push(event));
});
afterAll(async () => {
  notifications?.close();
  await jobs?.stop();
  await live?.close();
  await engine?.close();
  await store?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const until = <T>(probe: () => T | null | undefined | Promise<T | null | undefined>) => waitFor('the ingestion to be seen', probe);

test('an ingestion is announced live and puts the organisation on the freshness schedule', async () => {
  const manifest = manifestOf({
    models: [],
    sources: [
      { source: 'shop', name: 'orders', schema: 'RAW_SHOP', identifier: 'ORDERS', loadedAt: '_LOADED_AT', warnHours: 6, errorHours: 24 },
    ],
  });
  const summary = await service.ingest(
    { manifest },
    { organisation: 'acme', origin: 'upload', actor: { organisation: 'acme', subject: 's', username: 'admin' } },
  );
  const event = await until(() => events.find((candidate) => candidate.topic === CATALOG_TOPIC));
  expect(event.data).toEqual({ type: 'ingested', ingestionId: summary.id });
  const schedule = await store.db
    .selectFrom('job_schedules')
    .selectAll()
    .where('name', '=', `${FRESHNESS_CHECK_JOB}:acme`)
    .executeTakeFirst();
  expect(schedule).toMatchObject({ organisation_id: 'acme', kind: FRESHNESS_CHECK_JOB });
  expect(Number(schedule?.every_ms)).toBe(3_600_000);
});

test('a freshness check is a job: it records and announces its results, and notifies the admins of a source gone stale', async () => {
  const jobId = await service.startFreshnessCheck('acme', 'someone');
  const job = await until(async () => {
    const view = await jobs.get(jobId, 'acme');
    return view && ['succeeded', 'failed'].includes(view.state) ? view : null;
  });
  expect(job).toMatchObject({ state: 'succeeded', kind: FRESHNESS_CHECK_JOB });
  const result = await store.db
    .selectFrom('dbt_freshness_results')
    .selectAll()
    .where('organisation_id', '=', 'acme')
    .executeTakeFirstOrThrow();
  expect(result).toMatchObject({ origin: 'portal', status: 'error', unique_id: 'source.shop.shop.orders' });
  await until(() => events.find((event) => event.topic === CATALOG_TOPIC && (event.data as { type: string }).type === 'freshness'));
  expect(logged.find((entry) => entry.message.startsWith('notification event'))?.details).toMatchObject({
    event: 'dbt.freshness.status_changed',
    source: 'source.shop.shop.orders',
    from: null,
    to: 'error',
  });
  const notice = await until(() => events.find((event) => event.topic === 'notification'));
  expect(notice.data).toMatchObject({
    type: 'freshness_status_change',
    title: 'Source shop.orders is stale (past its error_after)',
    link: '/app/freshness',
  });
});

test('an organisation without a warehouse gets a failed job saying so', async () => {
  await service.ingest(
    { manifest: manifestOf({ models: [{ name: 'a' }] }) },
    { organisation: 'nowhere', origin: 'upload', actor: { organisation: 'nowhere', subject: 's', username: 'admin' } },
  );
  const jobId = await service.startFreshnessCheck('nowhere', null);
  const job = await until(async () => {
    const view = await jobs.get(jobId, 'nowhere');
    return view && ['succeeded', 'failed'].includes(view.state) ? view : null;
  });
  expect(job).toMatchObject({ state: 'failed', error: 'This organisation has no warehouse the portal can query.' });
});
