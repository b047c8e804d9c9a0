/**
 * The usage copy against a generated sample account as its source: a backfill reproduces the
 * account's views and cost attribution exactly, later syncs pick up new and late rows, and a
 * failed, cancelled or concurrent sync leaves the copy as it was.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine, Queryable, Row } from '../../../../server/src/platform/warehouse/engine';
import { Sql, sql } from '../../../../server/src/platform/warehouse/sql';
import { queryCostDailyTopSelect } from '../../../../server/src/platform/warehouse/attribution';
import { generateSampleAccount } from '../../../../server/src/samples/warehouse/generator';
import { openUsageCopy } from '../../../../server/src/features/warehouse/usage-sync/usageCopy';
import { OrganisationUsage, type UsageSettings } from '../../../../server/src/features/warehouse/usage-sync/organisationUsage';
import { UsageSyncBusyError, UsageSyncCancelledError } from '../../../../server/src/features/warehouse/usage-sync/usageSync';
import { SYNC_QUERY_MARK } from '../../../../server/src/features/warehouse/usage-sync/usageViews';
import { Warehouse } from '../../../../server/src/features/warehouse/warehouse';
import { NOW, infoFor, tempDir } from './sampleAccount';

const HOUR = 3_600_000;
const TABLES = [
  'ACCOUNT_USAGE.QUERY_HISTORY',
  'ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY',
  'ACCOUNT_USAGE.WAREHOUSE_LOAD_HISTORY',
  'ACCOUNT_USAGE.WAREHOUSE_EVENTS_HISTORY',
  'ACCOUNT_USAGE.METERING_DAILY_HISTORY',
  'ACCOUNT_USAGE.DATABASE_STORAGE_USAGE_HISTORY',
  'ACCOUNT_USAGE.USERS',
  'ACCOUNT_USAGE.ROLES',
  'ACCOUNT_USAGE.GRANTS_TO_USERS',
  'ACCOUNT_USAGE.GRANTS_TO_ROLES',
];

/** Each day's top queries as stored, and as the statement computes them afresh from the copy's per-query costs. */
async function dailyTop(engine: Queryable): Promise<{ stored: Row[]; fresh: Row[] }> {
  const summary = (from: Sql) => sql`SELECT COUNT(*) AS n, SUM(hash(QUERY_ID)) AS ids, ROUND(SUM(CREDITS), 9) AS credits FROM (${from})`;
  const everything = { start: '2000-01-01 00:00:00', end: '2100-01-01 00:00:00' };
  return {
    stored: await engine.query(summary(Sql.of('SELECT * FROM DATAWORKS.QUERY_COST_DAILY_TOP', []))),
    fresh: await engine.query(summary(queryCostDailyTopSelect(everything))),
  };
}

async function one(engine: Queryable, text: string): Promise<Row> {
  const rows = await engine.query(Sql.of(text, []));
  if (!rows[0]) throw new Error(`no row: ${text}`);
  return rows[0];
}

/** Numbers rounded to 9 decimals, recursively (a comparison that ignores the order of additions). */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 1e9) / 1e9;
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rounded(inner)]));
  return value;
}

async function count(engine: Queryable, table: string): Promise<number> {
  return Number((await one(engine, `SELECT COUNT(*) AS n FROM ${table}`)).n);
}

/** A source that fails on its `failAt`-th statement, or waits on `gate` before each one. */
function flaky(engine: Engine, behaviour: { failAt?: number; gate?: () => Promise<void> }): Queryable {
  let statements = 0;
  return {
    kind: engine.kind,
    async query(statement) {
      statements += 1;
      if (behaviour.gate) await behaviour.gate();
      if (behaviour.failAt !== undefined && statements >= behaviour.failAt) throw new Error('Snowflake: the connection was reset');
      return engine.query(statement);
    },
  };
}

jest.setTimeout(60_000);

describe('usage copy', () => {
  let dir: string;
  let source: Engine;
  const settings = (): UsageSettings => ({ dir: path.join(dir, 'usage'), backfillDays: 365, intervalMs: HOUR, readyWaitMs: 2000 });

  async function openUsage(org: string, from: Queryable = source, identity = 'sample:test'): Promise<OrganisationUsage> {
    const copy = await openUsageCopy(settings().dir, org, identity);
    return OrganisationUsage.open(org, copy, from, settings());
  }

  beforeAll(async () => {
    dir = await tempDir('dw-usage-sync-');
    const file = path.join(dir, 'acme.duckdb');
    await generateSampleAccount(file, { org: 'acme', queryCount: 6000, now: NOW });
    // One source for the copies of several organisations here: it may stage into all their folders
    // (the portal opens each sample with its own organisation's folder only).
    source = await openDuckDbEngine(file, { allowedDirectories: [path.join(dir, 'usage', '.staging')] });
  });

  afterAll(async () => {
    await source.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("backfills every view and reproduces the account's cost attribution exactly", async () => {
    const usage = await openUsage('backfill');
    expect(usage.isReady()).toBe(false);
    const progress: number[] = [];
    const result = await usage.sync({ now: () => NOW, onProgress: (p) => progress.push(p.fraction) });
    expect(result.kind).toBe('backfill');
    expect(usage.isReady()).toBe(true);
    for (const table of TABLES)
      expect({ table, rows: await count(usage.engine, table) }).toEqual({ table, rows: await count(source, table) });
    expect(result.rowsCopied).toBe((await Promise.all(TABLES.map((t) => count(source, t)))).reduce((a, b) => a + b, 0));
    // Progress only moves forward and ends at 1.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);

    const sums =
      'SELECT COUNT(*) AS n, ROUND(SUM(CREDITS), 6) AS credits, ROUND(SUM(CREDITS_CLOUD_SERVICES), 6) AS cs FROM DATAWORKS.QUERY_COST';
    expect(await one(usage.engine, sums)).toEqual(await one(source, sums));
    const hours =
      'SELECT COUNT(*) AS n, ROUND(SUM(CREDITS_IDLE), 6) AS idle, ROUND(SUM(CREDITS_ATTRIBUTED), 6) AS attributed FROM DATAWORKS.WAREHOUSE_HOUR_COST';
    expect(await one(usage.engine, hours)).toEqual(await one(source, hours));
    const gaps = 'SELECT COUNT(*) AS n, ROUND(SUM(GAP_S), 3) AS s FROM DATAWORKS.QUERY_GAPS';
    expect(await one(usage.engine, gaps)).toEqual(await one(source, gaps));

    // The pages' analyses answer the same from the copy as from the account's own tables.
    const direct = new Warehouse(infoFor('acme'), source, { cacheMs: 0 });
    const copied = new Warehouse(infoFor('acme'), source, { cacheMs: 0, usage });
    const range = await direct.dataRange();
    expect(range).not.toBeNull();
    if (!range) return;
    expect(await copied.dataRange()).toEqual(range);
    // Sums may add the same numbers in another order: equal to 9 decimals.
    expect(rounded(await copied.costSummary(range))).toEqual(rounded(await direct.costSummary(range)));
    expect(rounded(await copied.queryPatterns({ range }, { limit: 10 }))).toEqual(
      rounded(await direct.queryPatterns({ range }, { limit: 10 })),
    );
    expect(rounded(await copied.recommendations(range))).toEqual(rounded(await direct.recommendations(range)));
    // Each day's top queries, which the unfiltered top queries read, hold what the statement gives afresh.
    const top = await dailyTop(usage.engine);
    expect(Number(top.stored[0]?.n)).toBeGreaterThan(0);
    expect(top.stored).toEqual(top.fresh);
    expect((await copied.topQueries({ range }, { orderBy: 'duration', limit: 30 })).map((q) => q.queryId)).toEqual(
      (await direct.topQueries({ range }, { orderBy: 'duration', limit: 30 })).map((q) => q.queryId),
    );

    const state = await usage.state();
    expect(state.ready).toBe(true);
    expect(state.lastRun).toMatchObject({
      kind: 'backfill',
      status: 'succeeded',
      rowsCopied: result.rowsCopied,
      sourceStatements: result.sourceStatements,
      error: null,
    });
    // Complete up to the sync time less the slowest of the cost views' latency (metering: 3 hours).
    expect(state.dataAsOf).toBe(new Date(NOW.getTime() - 3 * HOUR).toISOString().replace(/\.\d{3}Z$/, '.000Z'));
    await usage.close();
  });

  it('copies the same rows when the account answers rows (Snowflake) instead of writing Parquet (the embedded sample)', async () => {
    // snowflake-sdk hands over rows; the copy stages them as JSON lines. Same SQL, same copy.
    const rowsOnly: Queryable = { kind: 'snowflake', query: (statement) => source.query(statement) };
    const usage = await openUsage('rows', rowsOnly);
    await usage.sync({ now: () => NOW });
    for (const table of TABLES)
      expect({ table, rows: await count(usage.engine, table) }).toEqual({ table, rows: await count(source, table) });
    const checksum = `SELECT COUNT(DISTINCT QUERY_ID) AS ids, SUM(TOTAL_ELAPSED_TIME) AS elapsed, SUM(BYTES_SCANNED) AS scanned,
        MIN(START_TIME) AS first, MAX(END_TIME) AS last, SUM(LENGTH(QUERY_TEXT)) AS text, ROUND(SUM(CREDITS_USED_CLOUD_SERVICES), 9) AS cs
      FROM ACCOUNT_USAGE.QUERY_HISTORY`;
    expect(await one(usage.engine, checksum)).toEqual(await one(source, checksum));
    const daily =
      'SELECT USAGE_DATE, ROUND(SUM(CREDITS_BILLED), 9) AS billed FROM ACCOUNT_USAGE.METERING_DAILY_HISTORY GROUP BY 1 ORDER BY 1';
    expect(await usage.engine.query(Sql.of(daily, []))).toEqual(await source.query(Sql.of(daily, [])));
    await usage.close();
  });

  it('later syncs read only the re-read window and pick up new and late-reported queries', async () => {
    const usage = await openUsage('incremental');
    await usage.sync({ now: () => NOW });
    const before = await count(usage.engine, 'ACCOUNT_USAGE.QUERY_HISTORY');
    // Two queries the account reports after the first sync: one that ran just now, and one that
    // started 20 hours ago and only just ended (so its START_TIME is far behind the watermark).
    const template = await one(
      source,
      `SELECT * FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME = 'ELT_WH' ORDER BY START_TIME DESC LIMIT 1`,
    );
    const later = new Date(NOW.getTime() + HOUR);
    await source.query(
      Sql.of(
        `INSERT INTO ACCOUNT_USAGE.QUERY_HISTORY (QUERY_ID, QUERY_TEXT, WAREHOUSE_NAME, USER_NAME, ROLE_NAME, EXECUTION_STATUS, START_TIME, END_TIME, TOTAL_ELAPSED_TIME, EXECUTION_TIME)
         VALUES ('late-1', 'select 1', ?, ?, ?, 'SUCCESS', CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP), 1000, 1000),
                ('long-1', 'select 2', ?, ?, ?, 'SUCCESS', CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP), 72000000, 72000000)`,
        [
          String(template.WAREHOUSE_NAME),
          String(template.USER_NAME),
          String(template.ROLE_NAME),
          new Date(later.getTime() - 60_000).toISOString().slice(0, 19),
          later.toISOString().slice(0, 19),
          String(template.WAREHOUSE_NAME),
          String(template.USER_NAME),
          String(template.ROLE_NAME),
          new Date(later.getTime() - 20 * HOUR).toISOString().slice(0, 19),
          new Date(later.getTime() - 1000).toISOString().slice(0, 19),
        ],
      ),
    );
    try {
      const result = await usage.sync({ now: () => new Date(NOW.getTime() + 2 * HOUR) });
      expect(result.kind).toBe('incremental');
      expect(await count(usage.engine, 'ACCOUNT_USAGE.QUERY_HISTORY')).toBe(before + 2);
      // Only the re-read window: a few hundred rows of the 6,000 queries, not all of them again.
      const queryRows = result.views.find((v) => v.name === 'QUERY_HISTORY')?.rows ?? 0;
      expect(queryRows).toBeGreaterThanOrEqual(2);
      expect(queryRows).toBeLessThan(before / 10);
      const ids = await usage.engine.query(
        Sql.of(`SELECT QUERY_ID FROM DATAWORKS.QUERY_COST WHERE QUERY_ID IN ('late-1', 'long-1') ORDER BY 1`, []),
      );
      expect(ids.map((r) => r.QUERY_ID)).toEqual(['late-1', 'long-1']);
      // The re-read days' top queries are recomputed: the 20-hour query is now the slowest of all.
      const top = await dailyTop(usage.engine);
      expect(top.stored).toEqual(top.fresh);
      const copied = new Warehouse(infoFor('acme'), source, { cacheMs: 0, usage });
      const range = await copied.dataRange();
      if (!range) throw new Error('the copy has no usage');
      const slowest = await copied.topQueries({ range }, { orderBy: 'duration', limit: 1 });
      expect(slowest.map((q) => q.queryId)).toEqual(['long-1']);
      // No duplicates from the re-read.
      expect(Number((await one(usage.engine, 'SELECT COUNT(*) - COUNT(DISTINCT QUERY_ID) AS d FROM ACCOUNT_USAGE.QUERY_HISTORY')).d)).toBe(
        0,
      );
    } finally {
      await source.query(Sql.of(`DELETE FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE QUERY_ID IN ('late-1', 'long-1')`, []));
      await usage.close();
    }
  });

  it('a sync that fails keeps what was copied, says why, and the next one goes on', async () => {
    const first = await openUsage('failing', flaky(source, { failAt: 6 }));
    await expect(first.sync({ now: () => NOW })).rejects.toThrow('the connection was reset');
    expect(first.isReady()).toBe(false);
    const state = await first.state();
    expect(state.lastRun).toMatchObject({ status: 'failed', error: 'Snowflake: the connection was reset' });
    expect(state.ready).toBe(false);
    const partial = await count(first.engine, 'ACCOUNT_USAGE.QUERY_HISTORY');
    expect(partial).toBeGreaterThan(0);
    await first.close();

    // Reopened on a healthy source, the sync resumes from the last committed slice.
    const second = await openUsage('failing');
    const result = await second.sync({ now: () => NOW });
    expect(await count(second.engine, 'ACCOUNT_USAGE.QUERY_HISTORY')).toBe(await count(source, 'ACCOUNT_USAGE.QUERY_HISTORY'));
    expect(result.kind).toBe('backfill');
    expect(Number((await one(second.engine, 'SELECT COUNT(*) - COUNT(DISTINCT QUERY_ID) AS d FROM ACCOUNT_USAGE.QUERY_HISTORY')).d)).toBe(
      0,
    );
    await second.close();
  });

  it('refuses a second sync of the same organisation while one runs, and stops when cancelled', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const usage = await openUsage('busy', flaky(source, { gate: () => gate }));
    const controller = new AbortController();
    const running = usage.sync({ now: () => NOW, signal: controller.signal });
    await expect(usage.sync({ now: () => NOW })).rejects.toBeInstanceOf(UsageSyncBusyError);
    controller.abort();
    release();
    await expect(running).rejects.toBeInstanceOf(UsageSyncCancelledError);
    expect((await usage.state()).lastRun).toMatchObject({ status: 'cancelled', error: null });
    await usage.close();
  });

  it('reports what its own statements cost once the account shows them', async () => {
    const usage = await openUsage('cost');
    const template = await one(
      source,
      `SELECT * FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME = 'ELT_WH' ORDER BY START_TIME DESC LIMIT 1`,
    );
    await source.query(
      Sql.of(
        `INSERT INTO ACCOUNT_USAGE.QUERY_HISTORY SELECT * REPLACE ('sync-1' AS QUERY_ID, ? || ' SELECT 1' AS QUERY_TEXT) FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE QUERY_ID = ?`,
        [SYNC_QUERY_MARK, String(template.QUERY_ID)],
      ),
    );
    try {
      await usage.sync({ now: () => NOW });
      const cost = await usage.cost(3, NOW);
      expect(cost.runs).toBe(1);
      expect(cost.sourceStatements).toBeGreaterThan(10);
      expect(cost.queries).toBe(1);
      expect(cost.credits).toBeGreaterThan(0);
      expect(cost.cost).toBeCloseTo(cost.credits * 3, 9);
    } finally {
      await source.query(Sql.of(`DELETE FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE QUERY_ID = 'sync-1'`, []));
      await usage.close();
    }
  });

  it('starts again empty when the copy was filled from another account', async () => {
    const usage = await openUsage('switch', source, 'sample:first');
    await usage.sync({ now: () => NOW });
    await usage.close();
    const reopened = await openUsage('switch', source, 'snowflake:xy12345');
    expect(reopened.isReady()).toBe(false);
    expect(await count(reopened.engine, 'ACCOUNT_USAGE.QUERY_HISTORY')).toBe(0);
    await expect(new Warehouse(infoFor('switch'), source, { usage: reopened }).dataRange()).rejects.toThrow('still being copied');
    await reopened.close();
  });
});
