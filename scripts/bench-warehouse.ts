/**
 * `npm run bench:warehouse`: the Optimize pages at real-account scale. Builds a sample account
 * (default 10,000,000 queries over 365 days) in a temporary directory, fills a usage copy from
 * it with the very sync the portal runs (the backfill), then prints:
 *
 * - the median time (of BENCH_RUNS runs, after one warm-up) of each analysis the pages load,
 *   each over the whole year, read from the copy. Target under 250 ms each, aim under 100 ms;
 * - an incremental sync after one more day of 100,000 queries reached the account (target < 5 s);
 * - the process's peak memory (resident set, DuckDB's included).
 *
 * Settings: BENCH_QUERIES (default 10000000), BENCH_DAYS (365), BENCH_RUNS (7), BENCH_DAY_QUERIES
 * (100000), BENCH_KEEP=true keeps the files.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';
import { raw, sql } from '../server/src/platform/warehouse/sql.js';
import { generateSampleAccount } from '../server/src/samples/warehouse/generator.js';
import { openUsageCopy } from '../server/src/features/warehouse/usage-sync/usageCopy.js';
import { OrganisationUsage } from '../server/src/features/warehouse/usage-sync/organisationUsage.js';
import { Warehouse } from '../server/src/features/warehouse/warehouse.js';

const TARGET_MS = 250;
const AIM_MS = 100;
const SYNC_TARGET_MS = 5000;
const queries = Number(process.env.BENCH_QUERIES ?? 10_000_000);
const days = Number(process.env.BENCH_DAYS ?? 365);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const dayQueries = Number(process.env.BENCH_DAY_QUERIES ?? 100_000);
const DAY_MS = 86_400_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
/** Peak resident set so far (ru_maxrss is in kilobytes on Linux). */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

/** One more day reaches the account: `count` queries (the last day's, repeated and shifted), its metering and load. */
async function addDay(file: string, windowEnd: Date, count: number): Promise<void> {
  const engine = await openDuckDbEngine(file);
  const from = new Date(windowEnd.getTime() - DAY_MS).toISOString().slice(0, 19).replace('T', ' ');
  const to = windowEnd.toISOString().slice(0, 19).replace('T', ' ');
  await engine.transaction(async (tx) => {
    await tx.query(
      sql`INSERT INTO ACCOUNT_USAGE.QUERY_HISTORY
          SELECT * EXCLUDE (K) REPLACE (QUERY_ID || '-next-' || CAST(K AS VARCHAR) AS QUERY_ID,
                            START_TIME + INTERVAL 1 DAY + to_seconds(K) AS START_TIME, END_TIME + INTERVAL 1 DAY + to_seconds(K) AS END_TIME)
          FROM (SELECT Q.*, R.range AS K FROM ACCOUNT_USAGE.QUERY_HISTORY Q CROSS JOIN range(0, 8) R
                WHERE Q.START_TIME >= CAST(${from} AS TIMESTAMP) AND Q.START_TIME < CAST(${to} AS TIMESTAMP)
                  AND Q.END_TIME < CAST(${to} AS TIMESTAMP) - INTERVAL 10 SECOND)
          LIMIT ${count}`,
    );
    for (const [table, column] of [
      ['WAREHOUSE_METERING_HISTORY', 'START_TIME'],
      ['WAREHOUSE_LOAD_HISTORY', 'START_TIME'],
    ] as const) {
      await tx.query(
        sql`INSERT INTO ACCOUNT_USAGE.${raw(table)} SELECT * REPLACE (${raw(column)} + INTERVAL 1 DAY AS ${raw(column)}, END_TIME + INTERVAL 1 DAY AS END_TIME)
            FROM ACCOUNT_USAGE.${raw(table)} WHERE ${raw(column)} >= CAST(${from} AS TIMESTAMP) AND ${raw(column)} < CAST(${to} AS TIMESTAMP)`,
      );
    }
  });
  await engine.close();
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-bench-warehouse-'));
  const file = path.join(dir, 'bench.duckdb');
  const info = {
    organisation: 'bench',
    engine: 'duckdb' as const,
    sample: true,
    currency: 'USD' as const,
    pricePerCredit: 3,
    storagePricePerTbMonth: 23,
  };
  try {
    console.log(`Building a ${days}-day sample account with ${queries.toLocaleString('en')} queries in ${dir} …`);
    const summary = await generateSampleAccount(file, { org: 'bench', queryCount: queries, days });
    console.log(
      `Built ${summary.queryCount.toLocaleString('en')} queries (${summary.windowStart.slice(0, 10)} … ${summary.windowEnd.slice(0, 16)}) in ${(summary.milliseconds / 1000).toFixed(1)} s, ${mb((await fs.stat(file)).size)}.`,
    );
    const windowEnd = new Date(summary.windowEnd);

    const usageSettings = { dir: path.join(dir, 'usage'), backfillDays: days, intervalMs: 3_600_000, readyWaitMs: 1000 };
    let source = await openDuckDbEngine(file);
    let usage = await OrganisationUsage.open(
      'bench',
      await openUsageCopy(usageSettings.dir, 'bench', 'sample:bench'),
      source,
      usageSettings,
    );
    const backfill = await usage.sync({ now: () => windowEnd });
    console.log(
      `Backfill (the first usage sync): ${backfill.rowsCopied.toLocaleString('en')} rows in ${(backfill.milliseconds / 1000).toFixed(1)} s ` +
        `(${Math.round(backfill.rowsCopied / (backfill.milliseconds / 1000)).toLocaleString('en')} rows/s, ${backfill.sourceStatements} statements on the account), copy ${mb((await fs.stat(usage.copy.file)).size)}.`,
    );

    const warehouse = new Warehouse(info, source, { usage, cacheMs: 0 });
    const range = await warehouse.dataRange();
    if (!range) throw new Error('the bench sample has no usage');
    const filter = { range };
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['cost summary', () => warehouse.costSummary(range)],
      ['top queries (by cost)', () => warehouse.topQueries(filter, { orderBy: 'cost', limit: 100 })],
      ['query patterns', () => warehouse.queryPatterns(filter, { limit: 100 })],
      ['warehouse recommendations', () => warehouse.recommendations(range)],
      ['cost per user', () => warehouse.usersOverview(range)],
    ];
    const results: Array<{ name: string; median: number; min: number; max: number }> = [];
    for (const [name, work] of cases) {
      await work();
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) times.push(await time(work));
      results.push({ name, median: median(times), min: Math.min(...times), max: Math.max(...times) });
    }
    await warehouse.close();

    // One more day of queries reaches the account; the next scheduled sync picks it up.
    await addDay(file, windowEnd, dayQueries);
    source = await openDuckDbEngine(file);
    usage = await OrganisationUsage.open('bench', await openUsageCopy(usageSettings.dir, 'bench', 'sample:bench'), source, usageSettings);
    const incremental = await usage.sync({ now: () => new Date(windowEnd.getTime() + DAY_MS) });
    const dayRows = incremental.views.find((view) => view.name === 'QUERY_HISTORY')?.rows ?? 0;
    await usage.close();
    await source.close();

    console.log(
      `\nMedian of ${runs} runs over ${range.from} … ${range.to}, read from the usage copy (${os.cpus().length} CPUs; target < ${TARGET_MS} ms, aim < ${AIM_MS} ms):\n`,
    );
    const width = Math.max(...results.map((r) => r.name.length));
    console.log(`${'analysis'.padEnd(width)}  median ms    min    max`);
    for (const r of results) {
      const verdict = r.median < AIM_MS ? 'ok (aim met)' : r.median < TARGET_MS ? 'ok' : 'SLOW';
      console.log(
        `${r.name.padEnd(width)}  ${r.median.toFixed(0).padStart(9)}  ${r.min.toFixed(0).padStart(5)}  ${r.max.toFixed(0).padStart(5)}  ${verdict}`,
      );
    }
    const syncVerdict = incremental.milliseconds < SYNC_TARGET_MS ? 'ok' : 'SLOW';
    console.log(
      `\nIncremental sync of one more day (${dayRows.toLocaleString('en')} query rows read, ${incremental.rowsCopied.toLocaleString('en')} rows in all): ` +
        `${(incremental.milliseconds / 1000).toFixed(2)} s (target < ${SYNC_TARGET_MS / 1000} s) ${syncVerdict}`,
    );
    console.log(`Peak memory (resident set): ${mb(peakRss())}`);
    if (results.some((r) => r.median >= TARGET_MS) || incremental.milliseconds >= SYNC_TARGET_MS) process.exitCode = 1;
  } finally {
    if (process.env.BENCH_KEEP !== 'true') await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
