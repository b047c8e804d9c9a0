// The profiler on an embedded DuckDB table whose figures are known: row count, nulls, distinct
// counts (exact on DuckDB), min and max, top values; sampling above the
// limit; names that are refused; cancelling.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { profileTable } from '../../../../server/src/features/catalog-quality/profiler';
import { ProfileRefusedError } from '../../../../server/src/features/catalog-quality/errors';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../../server/src/platform/warehouse/engine';
import { raw } from '../../../../server/src/platform/warehouse/sql';

jest.setTimeout(60_000);

let dir: string;
let engine: Engine;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-profiler-'));
  engine = await openDuckDbEngine(path.join(dir, 'profile.duckdb'));
  await engine.query(raw('CREATE SCHEMA marts'));
  // 10,000 orders: ids 1..10000, a status cycling through 4 values (2,500 each), a customer
  // missing on every 10th row (1,000 nulls) and otherwise (i % 500) + 1, amounts 0.00..99.99.
  await engine.query(
    raw(`CREATE TABLE marts.orders AS SELECT i AS order_id, ['placed', 'shipped', 'returned', 'completed'][(i % 4) + 1] AS status,
      CASE WHEN i % 10 = 0 THEN NULL ELSE (i % 500) + 1 END AS customer_id, (i % 10000) / 100.0 AS amount, DATE '2026-01-01' + (i % 365)::INTEGER AS ordered_on
      FROM range(1, 10001) t(i)`),
  );
  await engine.query(raw('CREATE TABLE marts.big AS SELECT i AS id, i % 7 AS bucket FROM range(0, 400000) t(i)'));
});
afterAll(async () => {
  await engine?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

test('computes each column on every row under the sampling limit', async () => {
  const progress: number[] = [];
  const result = await profileTable({
    warehouse: engine,
    relation: { database: 'analytics', schema: 'marts', identifier: 'orders' },
    sampleRows: 1_000_000,
    progress: (fraction) => progress.push(fraction),
  });
  expect(result.rowCount).toBe(10_000);
  expect(result.sampledRows).toBeNull();
  const column = (name: string) => result.columns.find((one) => one.name === name);
  expect(result.columns.map((one) => one.name)).toEqual(['order_id', 'status', 'customer_id', 'amount', 'ordered_on']);
  expect(column('order_id')).toMatchObject({ nullCount: 0, nullShare: 0, min: '1', max: '10000' });
  expect(result.distinctMethod).toBe('exact');
  expect(column('order_id')?.distinctCount).toBe(10_000);
  expect(column('customer_id')).toMatchObject({ nullCount: 1_000, nullShare: 0.1, min: '2', max: '500' });
  // (i % 500) + 1 over the rows whose i is not a multiple of 10: the 450 values not ending in 1.
  expect(column('customer_id')?.distinctCount).toBe(450);
  expect(column('status')).toMatchObject({ nullCount: 0, distinctCount: 4, min: 'completed', max: 'shipped' });
  expect(column('status')?.topValues).toEqual([
    { value: 'completed', count: 2500 },
    { value: 'placed', count: 2500 },
    { value: 'returned', count: 2500 },
    { value: 'shipped', count: 2500 },
  ]);
  expect(column('customer_id')?.topValues[0]).toEqual({ value: null, count: 1000 });
  expect(column('ordered_on')).toMatchObject({ min: '2026-01-01', max: '2026-12-31' });
  expect(progress.at(-1)).toBe(1);
});

test('above the limit, computes the columns on a sample and keeps the exact row count', async () => {
  const result = await profileTable({
    warehouse: engine,
    relation: { database: null, schema: 'marts', identifier: 'big' },
    sampleRows: 100_000,
  });
  expect(result.rowCount).toBe(400_000);
  expect(result.sampledRows).toBeGreaterThan(0);
  expect(result.sampledRows).toBeLessThan(400_000);
  expect(result.columns.find((one) => one.name === 'bucket')).toMatchObject({ distinctCount: 7, min: '0', max: '6' });
});

test('refuses a table that is not there and a name the warehouse cannot hold', async () => {
  await expect(
    profileTable({ warehouse: engine, relation: { database: null, schema: 'marts', identifier: 'missing' }, sampleRows: 1000 }),
  ).rejects.toBeInstanceOf(ProfileRefusedError);
  await expect(
    profileTable({ warehouse: engine, relation: { database: null, schema: 'marts', identifier: 'bad\nname' }, sampleRows: 1000 }),
  ).rejects.toThrow(/control characters/);
  // A quote in a name stays inside the quoted identifier: nothing else runs.
  await expect(
    profileTable({
      warehouse: engine,
      relation: { database: null, schema: 'marts', identifier: 'orders"; DROP TABLE marts.orders; --' },
      sampleRows: 1000,
    }),
  ).rejects.toBeInstanceOf(ProfileRefusedError);
  expect((await engine.query(raw('SELECT count(*) AS n FROM marts.orders')))[0]?.n).toBe(10_000);
});

test('stops when cancelled, between two statements', async () => {
  const controller = new AbortController();
  const statements: string[] = [];
  const watched = {
    ...engine,
    kind: engine.kind,
    query: (statement: Parameters<Engine['query']>[0]) => (statements.push(statement.text), engine.query(statement)),
  };
  const run = profileTable({
    warehouse: watched,
    relation: { database: null, schema: 'marts', identifier: 'orders' },
    sampleRows: 1_000_000,
    signal: controller.signal,
    progress: () => controller.abort(),
  });
  await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  // Columns, row count, the figures of all columns, then no top-values statement.
  expect(statements.filter((text) => text.includes('GROUP BY'))).toHaveLength(0);
});
