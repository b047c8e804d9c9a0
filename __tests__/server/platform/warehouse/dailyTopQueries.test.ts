// Each day's top queries (QUERY_COST_DAILY_TOP's statement) on a real DuckDB file with more
// queries per day than the table keeps, coarse costs so that many tie at a day's edge: the top
// N ≤ DAILY_TOP_QUERIES of any range of whole days, by cost and by duration, is always inside it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Engine } from '../../../../server/src/platform/warehouse/engine';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import { DAILY_TOP_QUERIES, queryCostDailyTopSelect } from '../../../../server/src/platform/warehouse/attribution';
import { Sql, sql } from '../../../../server/src/platform/warehouse/sql';

let dir: string;
let engine: Engine;
const DAYS = 4;
const PER_DAY = DAILY_TOP_QUERIES * 4;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-daily-top-'));
  engine = await openDuckDbEngine(path.join(dir, 'copy.duckdb'));
  await engine.query(Sql.of('CREATE SCHEMA DATAWORKS', []));
  // Costs in steps of 0.01 credits from 0 to 1, and durations in whole seconds: hundreds of ties
  // per day. One query in twenty has no cost (a query that ran on no warehouse).
  await engine.query(
    Sql.of(
      `CREATE TABLE DATAWORKS.QUERY_COST AS
       SELECT 'q-' || lpad(CAST(i AS VARCHAR), 6, '0') AS QUERY_ID,
              CAST(TIMESTAMPTZ '2026-03-01 00:00:00+00' + to_seconds(CAST(i // ${PER_DAY} AS BIGINT) * 86400 + (i % ${PER_DAY}) * 60) AS TIMESTAMPTZ) AS START_TIME,
              CASE WHEN i % 20 = 0 THEN NULL ELSE round(((i * 7919) % 101) / 100.0, 2) END AS CREDITS,
              CAST(((i * 104729) % 97) * 1000 AS BIGINT) AS TOTAL_ELAPSED_TIME
       FROM range(${DAYS * PER_DAY}) AS r(i)`,
      [],
    ),
  );
  const window = { start: '2026-03-01 00:00:00', end: '2026-03-05 00:00:00' };
  await engine.query(sql`CREATE TABLE DATAWORKS.QUERY_COST_DAILY_TOP AS SELECT * FROM (${queryCostDailyTopSelect(window)})`);
});
afterAll(async () => {
  await engine.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const ids = async (table: string, column: string, where: string, limit: number) =>
  (
    await engine.query(
      Sql.of(
        `SELECT QUERY_ID FROM DATAWORKS.${table} WHERE ${column} IS NOT NULL ${where} ORDER BY ${column} DESC, QUERY_ID LIMIT ${limit}`,
        [],
      ),
    )
  ).map((row) => row.QUERY_ID);

test('keeps a small part of each day, ties at its edge included', async () => {
  const [kept] = await engine.query(Sql.of('SELECT COUNT(*) AS n FROM DATAWORKS.QUERY_COST_DAILY_TOP', []));
  expect(Number(kept?.n)).toBeGreaterThanOrEqual(DAILY_TOP_QUERIES * DAYS);
  expect(Number(kept?.n)).toBeLessThan(DAYS * PER_DAY);
});

test.each([
  ['CREDITS', ''],
  ['TOTAL_ELAPSED_TIME', ''],
  ['CREDITS', "AND START_TIME >= TIMESTAMPTZ '2026-03-02 00:00:00+00' AND START_TIME < TIMESTAMPTZ '2026-03-03 00:00:00+00'"],
  ['TOTAL_ELAPSED_TIME', "AND START_TIME >= TIMESTAMPTZ '2026-03-03 00:00:00+00'"],
])('the top of every range of whole days by %s is the same as over every query (%s)', async (column, where) => {
  for (const limit of [1, 37, DAILY_TOP_QUERIES]) {
    const truth = await ids('QUERY_COST', column, where, limit);
    expect(truth).toHaveLength(limit);
    expect(await ids('QUERY_COST_DAILY_TOP', column, where, limit)).toEqual(truth);
  }
});
