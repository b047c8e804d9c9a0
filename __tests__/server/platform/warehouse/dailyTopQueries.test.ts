// Each day's top queries (QUERY_COST_DAILY_TOP) and the top queries read from them, on a real
// DuckDB file with four times more queries per day than the table keeps and coarse costs, so
// that many tie at a day's edge. The truth is always an ORDER BY over every query.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import { DAILY_TOP_QUERIES, queryCostDailySelect, queryCostDailyTopSelect } from '../../../../server/src/platform/warehouse/attribution';
import { Sql, sql } from '../../../../server/src/platform/warehouse/sql';
import { topQueries } from '../../../../server/src/features/warehouse/analytics/queries';
import type { QueryFilter } from '../../../../server/src/features/warehouse/analytics/filters';
import { spyEngine } from '../../features/warehouse/sampleAccount';

let dir: string;
let engine: ReturnType<typeof spyEngine>;
const DAYS = 4;
const PER_DAY = DAILY_TOP_QUERIES * 4;
const range = { from: '2026-03-01', to: '2026-03-04' };

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-daily-top-'));
  engine = spyEngine(await openDuckDbEngine(path.join(dir, 'copy.duckdb')));
  await engine.query(Sql.of('CREATE SCHEMA DATAWORKS', []));
  // Costs in steps of 0.01 credits and durations in whole seconds: hundreds of ties per day. One
  // query in twenty has no cost (it ran on no warehouse). SMALL_WH's queries cost a hundredth of
  // the others', so its own top lies below every day's edge; BIG_WH's lies above.
  await engine.query(
    Sql.of(
      `CREATE TABLE DATAWORKS.QUERY_COST AS
       SELECT *, CREDITS AS CREDITS_COMPUTE, 0.0 AS CREDITS_CLOUD_SERVICES, TOTAL_ELAPSED_TIME AS EXECUTION_TIME FROM (
         SELECT 'q-' || lpad(CAST(i AS VARCHAR), 6, '0') AS QUERY_ID,
                CAST(TIMESTAMPTZ '2026-03-01 00:00:00+00' + to_seconds(CAST(i // ${PER_DAY} AS BIGINT) * 86400 + (i % ${PER_DAY}) * 60) AS TIMESTAMPTZ) AS START_TIME,
                ['BIG_WH', 'MID_WH', 'SMALL_WH'][1 + i % 3] AS WAREHOUSE_NAME, 'X-Small' AS WAREHOUSE_SIZE,
                'USER_' || CAST(i % 7 AS VARCHAR) AS USER_NAME, 'ANALYST' AS ROLE_NAME, CAST(NULL AS VARCHAR) AS QUERY_TAG,
                'pattern' || CAST(i % 11 AS VARCHAR) AS QUERY_PARAMETERIZED_HASH, 'SELECT' AS QUERY_TYPE, 'SUCCESS' AS EXECUTION_STATUS,
                CASE WHEN i % 20 = 0 THEN NULL ELSE round(((i * 7919) % 101) / 100.0, 2) * (CASE WHEN i % 3 = 2 THEN 0.01 ELSE 1 END) END AS CREDITS,
                CAST(((i * 104729) % 97) * 1000 AS BIGINT) AS TOTAL_ELAPSED_TIME, 0 AS QUEUED_OVERLOAD_TIME, 0 AS BYTES_SCANNED,
                0 AS BYTES_SPILLED_TO_LOCAL_STORAGE, 0 AS BYTES_SPILLED_TO_REMOTE_STORAGE, 'select ' || CAST(i AS VARCHAR) AS TEXT_PREVIEW
         FROM range(${DAYS * PER_DAY}) AS r(i))`,
      [],
    ),
  );
  const window = { start: '2026-03-01 00:00:00', end: '2026-03-05 00:00:00' };
  await engine.query(sql`CREATE TABLE DATAWORKS.QUERY_COST_DAILY AS SELECT * FROM (${queryCostDailySelect(window)})`);
  await engine.query(sql`CREATE TABLE DATAWORKS.QUERY_COST_DAILY_TOP AS SELECT * FROM (${queryCostDailyTopSelect(window)})`);
});
afterAll(async () => {
  await engine.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const context = () => ({ engine, account: engine, prices: { pricePerCredit: 3, storagePricePerTbMonth: 23 } });

const truth = async (column: string, where: string, limit: number, offset = 0) =>
  (
    await engine.query(
      Sql.of(
        `SELECT QUERY_ID FROM DATAWORKS.QUERY_COST WHERE ${column} IS NOT NULL ${where} ORDER BY ${column} DESC, QUERY_ID LIMIT ${limit} OFFSET ${offset}`,
        [],
      ),
    )
  ).map((row) => row.QUERY_ID);

/** The page's ids, and whether its rows were read from each day's top queries. */
async function page(filter: QueryFilter, options: Parameters<typeof topQueries>[2]) {
  engine.recorded.length = 0;
  const rows = await topQueries(context(), filter, options);
  const last = engine.recorded.at(-1)?.text ?? '';
  return { ids: rows.map((row) => row.queryId), fromDailyTop: last.includes('QUERY_COST_DAILY_TOP') };
}

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
    const expected = await truth(column, where, limit);
    expect(expected).toHaveLength(limit);
    const kept = await engine.query(
      Sql.of(
        `SELECT QUERY_ID FROM DATAWORKS.QUERY_COST_DAILY_TOP WHERE ${column} IS NOT NULL ${where} ORDER BY ${column} DESC, QUERY_ID LIMIT ${limit}`,
        [],
      ),
    );
    expect(kept.map((row) => row.QUERY_ID)).toEqual(expected);
  }
});

test('an unfiltered page reads each day’s top queries up to their depth, and is right past it', async () => {
  for (const offset of [0, DAILY_TOP_QUERIES - 25]) {
    expect(await page({ range }, { orderBy: 'cost', limit: 25, offset })).toEqual({
      ids: await truth('CREDITS', '', 25, offset),
      fromDailyTop: true,
    });
  }
  // Deeper, the rollup's bound decides which rows to read from; the page is the same.
  for (const offset of [DAILY_TOP_QUERIES - 10, DAILY_TOP_QUERIES * 3]) {
    expect((await page({ range }, { orderBy: 'cost', limit: 25, offset })).ids).toEqual(await truth('CREDITS', '', 25, offset));
  }
  expect(await page({ range }, { orderBy: 'duration', limit: 50 })).toEqual({
    ids: await truth('TOTAL_ELAPSED_TIME', '', 50),
    fromDailyTop: true,
  });
});

test('a filtered page reads each day’s top queries only when its bound is at or above every day’s edge', async () => {
  const big = await page({ range, warehouseName: 'BIG_WH' }, { orderBy: 'cost', limit: 50, offset: 10 });
  expect(big).toEqual({ ids: await truth('CREDITS', "AND WAREHOUSE_NAME = 'BIG_WH'", 50, 10), fromDailyTop: true });
  const small = await page({ range, warehouseName: 'SMALL_WH' }, { orderBy: 'cost', limit: 50 });
  expect(small).toEqual({ ids: await truth('CREDITS', "AND WAREHOUSE_NAME = 'SMALL_WH'", 50), fromDailyTop: false });
  const user = await page({ range, userName: 'USER_3' }, { orderBy: 'duration', limit: 20 });
  expect(user.ids).toEqual(await truth('TOTAL_ELAPSED_TIME', "AND USER_NAME = 'USER_3'", 20));
});
