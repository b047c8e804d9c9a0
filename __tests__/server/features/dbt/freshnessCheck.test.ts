// The portal's own freshness check on a DuckDB warehouse: dbt's query (max of the loaded-at
// field, with the source's filter), dbt's warn/error rule, results kept beside sources.json's,
// status changes reported, and SQL in a manifest that could do more than read refused.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshnessStatusFor, runFreshnessCheck } from '../../../../server/src/features/dbt/freshnessCheck';
import { checkExpression } from '../../../../server/src/features/dbt/freshnessSql';
import { freshnessOverview } from '../../../../server/src/features/dbt/freshnessView';
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../../server/src/platform/warehouse/engine';
import { raw } from '../../../../server/src/platform/warehouse/sql';
import { manifestOf, openTestStore, sourcesOf } from './fixtures';

jest.setTimeout(60_000);

const NOW = new Date('2026-03-01T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString().replace('T', ' ').replace('Z', '');

let store: Store;
let engine: Engine;
let dir: string;

beforeAll(async () => {
  store = await openTestStore();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-freshness-'));
  engine = await openDuckDbEngine(path.join(dir, 'acme.duckdb'));
  for (const statement of [
    'CREATE SCHEMA RAW_SHOP',
    'CREATE TABLE RAW_SHOP.ORDERS (ID INTEGER, _LOADED_AT TIMESTAMP)',
    `INSERT INTO RAW_SHOP.ORDERS VALUES (1, TIMESTAMP '${hoursAgo(30)}'), (2, TIMESTAMP '${hoursAgo(26)}')`,
    'CREATE TABLE RAW_SHOP.EVENTS (ID INTEGER, KIND VARCHAR, _LOADED_AT TIMESTAMP)',
    // Heartbeats keep arriving; real events stopped eight hours ago: only the filter sees it.
    `INSERT INTO RAW_SHOP.EVENTS VALUES (1, 'page_view', TIMESTAMP '${hoursAgo(8)}'), (2, 'heartbeat', TIMESTAMP '${hoursAgo(0.1)}')`,
    'CREATE TABLE RAW_SHOP.CUSTOMERS (ID INTEGER, _LOADED_AT TIMESTAMP)',
    `INSERT INTO RAW_SHOP.CUSTOMERS VALUES (1, TIMESTAMP '${hoursAgo(1)}')`,
    'CREATE TABLE RAW_SHOP.EMPTY (ID INTEGER, _LOADED_AT TIMESTAMP)',
  ]) {
    await engine.query(raw(statement));
  }
  const manifest = manifestOf({
    models: [],
    sources: [
      // The manifest names another database (dbt's, not this file's catalog): the check drops it on DuckDB.
      { source: 'shop', name: 'orders', identifier: 'ORDERS', schema: 'RAW_SHOP', loadedAt: '_LOADED_AT', warnHours: 6, errorHours: 24 },
      {
        source: 'shop',
        name: 'events',
        identifier: 'EVENTS',
        schema: 'RAW_SHOP',
        loadedAt: '_LOADED_AT',
        warnHours: 6,
        errorHours: 24,
        filter: "KIND <> 'heartbeat'",
      },
      {
        source: 'shop',
        name: 'customers',
        identifier: 'CUSTOMERS',
        schema: 'RAW_SHOP',
        database: 'acme',
        loadedAt: '_LOADED_AT',
        warnHours: 6,
        errorHours: 24,
      },
      { source: 'shop', name: 'empty', identifier: 'EMPTY', schema: 'RAW_SHOP', loadedAt: '_LOADED_AT', warnHours: 6 },
      { source: 'shop', name: 'missing', identifier: 'NOT_THERE', schema: 'RAW_SHOP', loadedAt: '_LOADED_AT', warnHours: 6 },
      {
        source: 'shop',
        name: 'sneaky',
        identifier: 'ORDERS',
        schema: 'RAW_SHOP',
        loadedAt: "(select max(x) from read_csv('/etc/passwd'))",
        warnHours: 6,
      },
      { source: 'shop', name: 'unchecked', identifier: 'ORDERS', schema: 'RAW_SHOP' },
    ],
  });
  await ingestArtifacts(
    store.db,
    { manifest, sources: sourcesOf([{ id: 'source.shop.shop.orders', status: 'pass', at: '2026-03-01T00:00:00Z' }]) },
    {
      organisation: 'acme',
      origin: 'upload',
      actor: { organisation: 'acme', subject: 's', username: 'admin' },
    },
  );
});
afterAll(async () => {
  await engine?.close();
  await store?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

test("dbt's rule: past error_after is error, else past warn_after is warn", () => {
  const criteria = { warnAfter: { count: 6, period: 'hour' }, errorAfter: { count: 1, period: 'day' } };
  expect(freshnessStatusFor(3600, criteria)).toBe('pass');
  expect(freshnessStatusFor(7 * 3600, criteria)).toBe('warn');
  expect(freshnessStatusFor(25 * 3600, criteria)).toBe('error');
  expect(freshnessStatusFor(25 * 3600, { warnAfter: { count: 30, period: 'minute' }, errorAfter: null })).toBe('warn');
});

test('the check queries each source with criteria and records what it found', async () => {
  const progress: string[] = [];
  const result = await runFreshnessCheck({
    db: store.db,
    organisation: 'acme',
    warehouse: engine,
    now: () => NOW,
    progress: (done, total, name) => progress.push(`${done}/${total} ${name}`),
  });
  expect(result.checked).toBe(6);
  expect(progress[0]).toBe('0/6 shop.customers');
  expect(progress[progress.length - 1]).toBe('6/6 done');

  const overview = await freshnessOverview(store.db, 'acme', 60, NOW);
  const byName = new Map(overview.sources.map((source) => [source.name, source]));
  expect(byName.get('orders')).toMatchObject({
    status: 'error',
    origin: 'portal',
    ageSeconds: 26 * 3600,
    warnAfter: { count: 6, period: 'hour' },
  });
  expect(byName.get('events')).toMatchObject({ status: 'warn', ageSeconds: 8 * 3600, filter: "KIND <> 'heartbeat'" });
  expect(byName.get('customers')).toMatchObject({ status: 'pass' });
  expect(byName.get('empty')).toMatchObject({ status: 'runtime error', error: expect.stringContaining('no rows') });
  expect(byName.get('missing')).toMatchObject({
    status: 'runtime error',
    error: "The freshness query failed: the table RAW_SHOP.NOT_THERE does not exist in the warehouse, or the portal's role may not see it.",
  });
  expect(byName.get('sneaky')).toMatchObject({
    status: 'runtime error',
    error: expect.stringMatching(/may not contain statements or sub-queries/),
  });
  expect(byName.get('unchecked')).toMatchObject({ status: 'unknown', origin: null });
  // The uploaded sources.json result stays in the history, before the portal's.
  expect(byName.get('orders')?.history.map((entry) => `${entry.origin}:${entry.status}`)).toEqual(['dbt:pass', 'portal:error']);
  expect(overview.lastCheckAt).toBe(NOW.toISOString());
  expect(overview.scheduleMinutes).toBe(60);

  // What changed since the last result is reported (the notification event).
  expect(result.changes.find((change) => change.uniqueId === 'source.shop.shop.orders')).toMatchObject({ from: 'pass', to: 'error' });
});

test('a second check reports only what changed', async () => {
  await engine.query(raw(`INSERT INTO RAW_SHOP.ORDERS VALUES (3, TIMESTAMP '${hoursAgo(0.5)}')`));
  const result = await runFreshnessCheck({ db: store.db, organisation: 'acme', warehouse: engine, now: () => NOW });
  expect(result.changes.map((change) => `${change.name}:${change.from}->${change.to}`)).toEqual(['shop.orders:error->pass']);
});

test.each([
  ["KIND <> 'heartbeat'", true],
  ["_LOADED_AT > dateadd('day', -3, current_timestamp())", true],
  ["NOTE = 'it''s; -- fine inside a string'", true],
  ['1=1; DROP TABLE X', false],
  ['KIND = 1 -- comment', false],
  ['ID IN (SELECT ID FROM OTHER)', false],
  ["read_csv('/etc/passwd') IS NOT NULL", false],
  ["KIND = 'unterminated", false],
])('the filter %p is accepted: %p', (filter, accepted) => {
  if (accepted) expect(checkExpression(filter, 'filter')).toBe(filter);
  else expect(() => checkExpression(filter, 'filter')).toThrow();
});

test('says in words why a check failed: a missing table, a missing loaded-at column', async () => {
  const organisation = 'acme-words';
  await ingestArtifacts(
    store.db,
    {
      manifest: manifestOf({
        models: [],
        sources: [
          { source: 'shop', name: 'renamed', identifier: 'ORDERS', schema: 'RAW_SHOP', loadedAt: 'LOADED_AT_UTC', warnHours: 6 },
          { source: 'shop', name: 'dropped', identifier: 'ORDERS_OLD', schema: 'RAW_SHOP', loadedAt: '_LOADED_AT', warnHours: 6 },
        ],
      }),
    },
    { organisation, origin: 'upload', actor: { organisation, subject: 's', username: 'admin' } },
  );
  await runFreshnessCheck({ db: store.db, organisation, warehouse: engine, now: () => NOW });
  const byName = new Map((await freshnessOverview(store.db, organisation, 60, NOW)).sources.map((source) => [source.name, source]));
  expect(byName.get('renamed')?.error).toBe(
    "The freshness query failed: RAW_SHOP.ORDERS has no column LOADED_AT_UTC (the source's loaded_at_field).",
  );
  expect(byName.get('dropped')?.error).toMatch(/the table RAW_SHOP\.ORDERS_OLD does not exist in the warehouse/);
});
