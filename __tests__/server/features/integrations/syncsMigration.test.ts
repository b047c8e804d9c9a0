// The store of a portal that ran syncs before they moved onto the platform job runner's record:
// migrating it keeps every job (same id, so links still open) with its attempts, rows and streams,
// queues an unfinished one again, gives each active scheduled connection a platform schedule due
// when its sync was due, and drops the area's own job table and sweep.
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, sql } from 'kysely';
import { areaMigrations } from '../../../../server/src/app/portalStore';
import { migrateToLatest } from '../../../../server/src/platform/store/openStore';
import { PgliteDialect } from '../../../../server/src/platform/store/pgliteDialect';
import { platformMigrations } from '../../../../server/src/platform/store/migrations';
import type { StoreDb } from '../../../../server/src/platform/store/openStore';

const ORG = 'acme';
let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the old schema has no type any more.

beforeAll(async () => {
  db = new Kysely({ dialect: new PgliteDialect(await PGlite.create('memory://')) });
  const all = { ...platformMigrations, ...areaMigrations };
  const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '020'));
  const migrated = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
  if (migrated.error) throw migrated.error;
});
afterAll(() => db.destroy());

it('moves the jobs, attempts and schedules of existing syncs onto the platform', async () => {
  const { id: source } = await db
    .insertInto('integration_sources')
    .values({ organisation_id: ORG, name: 'Shop', definition_id: 'source-sample', config: '{}', created_by: 'engineer' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dueAt = new Date('2026-12-01T06:00:00Z');
  const connection = async (name: string, status: string, schedule: object, next: Date | null) =>
    (
      await db
        .insertInto('integration_connections')
        .values({
          organisation_id: ORG,
          name,
          source_id: source,
          destination_schema: 'RAW',
          status,
          schedule: JSON.stringify(schedule),
          streams: '[]',
          catalog: '{"streams":[]}',
          next_sync_at: next,
          created_by: 'engineer',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as string;
  const active = await connection('Shop', 'active', { kind: 'interval', hours: 6 }, dueAt);
  const paused = await connection('Paused', 'paused', { kind: 'cron', expression: '0 3 * * *' }, null);
  const nightly = await connection('Nightly', 'active', { kind: 'cron', expression: '0 3 * * *' }, dueAt);

  const job = async (connectionId: string, status: string, extra: object = {}) =>
    (
      await db
        .insertInto('integration_jobs')
        .values({ organisation_id: ORG, connection_id: connectionId, kind: 'sync', status, started_by: 'engineer', ...extra })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as string;
  const streams = [{ stream: 'raw.orders', rowsRead: 30, rowsCommitted: 30, bytesCommitted: 900, rowEstimate: null, status: 'COMPLETE' }];
  // Explicit creation times: two rows written within one clock tick would otherwise tie on order.
  const done = await job(active, 'succeeded', {
    rows_synced: 30,
    streams: JSON.stringify(streams),
    created_at: new Date('2026-11-30T06:00:00Z'),
    ended_at: new Date('2026-11-30T06:05:00Z'),
  });
  const retrying = await job(nightly, 'incomplete', { failure: 'The source timed out.', created_at: new Date('2026-11-30T07:00:00Z') });
  for (const [jobId, number, status, rows] of [
    [done, 1, 'failed', 0],
    [done, 2, 'succeeded', 30],
    [retrying, 1, 'failed', 0],
  ] as const)
    await db.insertInto('integration_attempts').values({ job_id: jobId, number, status, rows_committed: rows }).execute();
  // The runner's old rows and the sweep's schedule.
  await db
    .insertInto('jobs')
    .values({
      organisation_id: ORG,
      kind: 'integrations.sync',
      payload: JSON.stringify({ jobId: retrying }),
      singleton_key: `connection:${nightly}`,
    })
    .execute();
  await db
    .insertInto('job_schedules')
    .values({
      name: 'integrations.schedule',
      organisation_id: '_portal',
      kind: 'integrations.schedule',
      every_ms: 60_000,
      next_run_at: new Date(),
    })
    .execute();

  await migrateToLatest(db as StoreDb, areaMigrations);

  const jobs = await db.selectFrom('jobs').selectAll().where('kind', '=', 'integrations.sync').orderBy('created_at').execute();
  expect(jobs.map((row) => [row.id, row.state, row.attempts, row.singleton_key, row.payload])).toEqual([
    [done, 'succeeded', 2, `connection:${active}`, { connectionId: active, kind: 'sync' }],
    [retrying, 'queued', 1, `connection:${nightly}`, { connectionId: nightly, kind: 'sync' }],
  ]);
  expect(jobs[1]).toMatchObject({ error: 'The source timed out.', finished_at: null });
  const attempts = await db.selectFrom('integration_attempts').selectAll().where('job_id', '=', done).orderBy('number').execute();
  expect(attempts.map((row) => [row.organisation_id, row.connection_id, row.streams])).toEqual([
    [ORG, active, null],
    [ORG, active, streams],
  ]);

  const schedules = await db.selectFrom('job_schedules').selectAll().orderBy('name').execute();
  expect(
    schedules.map((row) => [row.name, row.kind, row.every_ms === null ? null : Number(row.every_ms), row.cron, row.singleton_key]),
  ).toEqual(
    [
      [`integrations.connection:${active}`, 'integrations.sync', 6 * 3_600_000, null, `connection:${active}`],
      [`integrations.connection:${nightly}`, 'integrations.sync', null, '0 3 * * *', `connection:${nightly}`],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
  expect(new Date(String(schedules[0]?.next_run_at)).toISOString()).toBe(dueAt.toISOString());
  expect(schedules.some((row) => String(row.name).includes(paused))).toBe(false);

  const tables = await sql<{
    name: string;
  }>`SELECT table_name AS name FROM information_schema.tables WHERE table_name = 'integration_jobs'`.execute(db);
  expect(tables.rows).toEqual([]);
  // A connection deleted takes its attempts with it.
  await db.deleteFrom('integration_connections').where('id', '=', active).execute();
  expect(await db.selectFrom('integration_attempts').select('job_id').where('connection_id', '=', active).execute()).toEqual([]);
});
