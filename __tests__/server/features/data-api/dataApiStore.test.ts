// The data API's store side on PGlite and (in CI's second pass) PostgreSQL: the rate-limit
// counter holds under concurrent calls (on PostgreSQL they arrive on separate pooled
// connections, as calls from several portal instances do), windows reset, keys are found by
// hash only, and recorded usage adds up in the report.
import type { Store } from '../../../../server/src/platform/store/openStore';
import { RateLimiter, takeCall } from '../../../../server/src/features/data-api/rateLimiter';
import { authenticateKey, createKey, revokeKey } from '../../../../server/src/features/data-api/keysStore';
import { createEndpoint, publishVersion, liveEndpoint } from '../../../../server/src/features/data-api/endpointsStore';
import { demoDefinition } from '../../../../server/src/features/data-api/demoSeed';
import { UsageRecorder } from '../../../../server/src/features/data-api/usageRecorder';
import { usageReport } from '../../../../server/src/features/data-api/usageReport';
import { sql } from 'kysely';
import { openPortalStore } from '../../../../server/src/app/portalStore';
import { openSchemaStore } from '../../schemaStore';

jest.setTimeout(120_000);

let store: Store;
const actor = { organisation: 'acme', subject: 's-1', username: 'product' };
beforeAll(async () => {
  store = await openSchemaStore('data_api');
});
afterAll(async () => {
  await store?.close();
});

test('concurrent calls never pass the limit, and the next window starts afresh', async () => {
  const key = '00000000-0000-4000-8000-000000000001';
  const now = new Date('2026-01-01T10:00:30Z');
  const decisions = await Promise.all(Array.from({ length: 25 }, () => takeCall(store.db, key, 10, now)));
  expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  expect(Math.min(...decisions.map((decision) => decision.remaining))).toBe(0);
  expect(decisions[0]?.resetSeconds).toBe(30);
  const next = await takeCall(store.db, key, 10, new Date('2026-01-01T10:01:00Z'));
  expect(next).toMatchObject({ allowed: true, remaining: 9 });
});

test('leased call numbers: two limiters on one store never allow more than the limit together', async () => {
  const key = '00000000-0000-4000-8000-000000000003';
  const now = new Date('2026-01-01T12:00:05Z');
  const [a, b] = [new RateLimiter(store.db), new RateLimiter(store.db)];
  const decisions = await Promise.all(Array.from({ length: 500 }, (_, i) => (i % 2 ? a : b).take(key, 300, now)));
  const allowed = decisions.filter((decision) => decision.allowed).length;
  expect(allowed).toBeLessThanOrEqual(300);
  // Leases of 3 numbers: at most one unused lease per limiter is lost to the other.
  expect(allowed).toBeGreaterThanOrEqual(300 - 2 * 3);
  const small = await Promise.all(Array.from({ length: 5 }, () => a.take('00000000-0000-4000-8000-000000000004', 2, now)));
  expect(small.map((decision) => decision.allowed)).toEqual([true, true, false, false, false]);
  expect(small[2]).toMatchObject({ remaining: 0, resetSeconds: 55 });
});

// Two portal instances are two stores (two connection pools) on one PostgreSQL database; PGlite
// is single-process, so this runs in CI's PostgreSQL pass only.
const onPostgres = process.env.STORE_TEST_DATABASE_URL ? test : test.skip;
onPostgres('two instances sharing the store share one count', async () => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
  const url = new URL(process.env.STORE_TEST_DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${rows[0]?.schema ?? 'public'}`);
  const second = await openPortalStore({ databaseUrl: url.toString(), dataDir: 'unused' });
  try {
    const key = '00000000-0000-4000-8000-000000000002';
    const now = new Date('2026-01-01T11:00:10Z');
    const decisions = await Promise.all(Array.from({ length: 20 }, (_, i) => takeCall(i % 2 ? second.db : store.db, key, 7, now)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(7);
  } finally {
    await second.close();
  }
});

test('keys: found by the whole secret only, never after revocation', async () => {
  const id = await createEndpoint(store.db, actor, 'orders_store', demoDefinition);
  await publishVersion(store.db, actor, id, 1);
  expect((await liveEndpoint(store.db, 'acme', 'orders_store'))?.version).toBe(1);
  expect(await liveEndpoint(store.db, 'globex', 'orders_store')).toBeNull();
  const created = await createKey(store.db, actor, { name: 'k', scopes: [id], fixedParameters: {}, expiresAt: null, rateLimit: 5 });
  const row = await store.db.selectFrom('data_api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
  expect(JSON.stringify(row)).not.toContain(created.secret.slice(-32));
  expect((await authenticateKey(store.db, created.secret))?.id).toBe(created.id);
  // Change the last character to one it surely is not, so the altered secret never equals the real one.
  const altered = `${created.secret.slice(0, -1)}${created.secret.endsWith('x') ? 'y' : 'x'}`;
  expect(await authenticateKey(store.db, altered)).toBeNull();
  await revokeKey(store.db, actor, created.id);
  expect(await authenticateKey(store.db, created.secret)).toBeNull();
});

test('usage rows are written in batches and add up per hour', async () => {
  const log = { error: jest.fn() } as unknown as ConstructorParameters<typeof UsageRecorder>[1];
  const recorder = new UsageRecorder(store.db, log);
  const at = new Date();
  for (let i = 1; i <= 10; i += 1) {
    recorder.record({
      organisation: 'acme',
      endpointId: null,
      endpointName: 'orders_store',
      version: 1,
      keyId: null,
      status: i === 10 ? 400 : 200,
      latencyMs: i,
      rows: 2,
      at,
    });
  }
  await recorder.close();
  const report = await usageReport(store.db, {
    organisation: 'acme',
    from: new Date(at.getTime() - 3_600_000),
    to: new Date(at.getTime() + 60_000),
    bucket: 'hour',
  });
  expect(report.series.reduce((sum, bucket) => sum + bucket.calls, 0)).toBe(10);
  expect(report.statuses).toEqual({ '200': 9, '400': 1 });
  expect(report.breakdown[0]).toMatchObject({ endpoint: 'orders_store', calls: 10, rows: 20, statuses: { '200': 9, '400': 1 } });
  expect(report.breakdown[0]?.p50).toBeCloseTo(5.5, 1);
  const other = await usageReport(store.db, {
    organisation: 'globex',
    from: new Date(at.getTime() - 3_600_000),
    to: new Date(at.getTime() + 60_000),
    bucket: 'day',
  });
  expect(other.series).toEqual([]);
});
