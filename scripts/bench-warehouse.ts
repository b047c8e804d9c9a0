/**
 * `npm run bench:warehouse`: the Optimize pages at real-account scale. Builds a sample account
 * (default 10,000,000 queries over 365 days) in a temporary directory, fills a usage copy from
 * it with the very sync the portal runs (the backfill), then prints:
 *
 * - the median time (of BENCH_RUNS runs, after one warm-up) of each analysis the pages load,
 *   each over the whole year, read from the copy. Target under 250 ms each, aim under 100 ms;
 * - an incremental sync after one more day of 100,000 queries reached the account (target < 5 s);
 * - peak memory (resident set, DuckDB's included) of the portal and of the account, apart.
 *
 * Two processes, so each peak is its own: this one is the portal (it opens the sample account and
 * the usage copy as the registry does, runs the syncs and serves the analyses, with the portal's
 * DuckDB settings, DUCKDB_MEMORY_LIMIT and DUCKDB_TEMP_LIMIT), and a child process plays the
 * account: it generates the sample (as the generator runs, with the same settings) and later adds
 * the day of queries. The portal's peak is its VmHWM (/proc/self/status) at the end, and its
 * resident set sampled every 50 ms gives each step's peak; the account's is the child's VmHWM.
 * Target: the portal under 1.5 GB.
 *
 * Settings: BENCH_QUERIES (default 10000000), BENCH_DAYS (365), BENCH_RUNS (7), BENCH_DAY_QUERIES
 * (100000), BENCH_GENERATOR_MEMORY_LIMIT (the account process's DuckDB memory limit, default
 * 1GB: ten million queries do not generate within much less; the portal's own small samples do),
 * BENCH_KEEP=true keeps the files.
 */
import { spawn } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';
import { raw, sql } from '../server/src/platform/warehouse/sql.js';
import { generateSampleAccount } from '../server/src/samples/warehouse/generator.js';
import { openUsageCopy, usageStagingDir } from '../server/src/features/warehouse/usage-sync/usageCopy.js';
import { OrganisationUsage } from '../server/src/features/warehouse/usage-sync/organisationUsage.js';
import { Warehouse } from '../server/src/features/warehouse/warehouse.js';
import { loadWarehouseSettings } from '../server/src/features/warehouse/config.js';
import type { DuckDbLimits } from '../server/src/platform/warehouse/duckdbInstance.js';

const TARGET_MS = 250;
const AIM_MS = 100;
const SYNC_TARGET_MS = 5000;
const PORTAL_PEAK_TARGET_BYTES = 1.5e9;
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

/** This process's peak resident set (VmHWM), in bytes. */
function peakRss(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  if (!match) throw new Error('/proc/self/status has no VmHWM (the benchmark measures memory on Linux)');
  return Number(match[1]) * 1024;
}

/** The resident set sampled while each step runs: the highest seen per step. */
class RssSampler {
  readonly peaks = new Map<string, number>();
  private step = 'opening';
  private readonly timer = setInterval(() => this.sample(), 50);

  sample(): void {
    this.peaks.set(this.step, Math.max(this.peaks.get(this.step) ?? 0, process.memoryUsage.rss()));
  }

  async during<T>(step: string, work: () => Promise<T>): Promise<T> {
    this.sample();
    this.step = step;
    this.sample();
    try {
      return await work();
    } finally {
      this.sample();
    }
  }

  stop(): void {
    this.sample();
    clearInterval(this.timer);
  }
}

/** What the account process is asked to do, and what it answers. */
type AccountTask =
  | { kind: 'generate'; file: string; queries: number; days: number; limits: DuckDbLimits }
  | { kind: 'add-day'; file: string; windowEnd: string; count: number; limits: DuckDbLimits };
interface AccountAnswer {
  summary?: Awaited<ReturnType<typeof generateSampleAccount>>;
  milliseconds: number;
  peakBytes: number;
}

/** Runs `task` in a child process (this script again), which answers with one JSON line. */
function inAccountProcess(task: AccountTask): Promise<AccountAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1] as string], {
      env: { ...process.env, BENCH_WAREHOUSE_ACCOUNT: JSON.stringify(task) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.trim().split('\n').pop() ?? '';
      if (code !== 0) reject(new Error(`the account process (${task.kind}) exited with ${code}: ${output}`));
      else resolve(JSON.parse(line) as AccountAnswer);
    });
  });
}

async function accountProcess(task: AccountTask): Promise<void> {
  const started = Date.now();
  const summary =
    task.kind === 'generate'
      ? await generateSampleAccount(task.file, { org: 'bench', queryCount: task.queries, days: task.days, limits: task.limits })
      : (await addDay(task.file, new Date(task.windowEnd), task.count, task.limits), undefined);
  const answer: AccountAnswer = { ...(summary ? { summary } : {}), milliseconds: Date.now() - started, peakBytes: peakRss() };
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}

/** One more day reaches the account: `count` queries (the last day's, repeated and shifted), its metering and load. */
async function addDay(file: string, windowEnd: Date, count: number, limits: DuckDbLimits): Promise<void> {
  const engine = await openDuckDbEngine(file, { limits });
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
  const limits = (await loadWarehouseSettings(process.env)).duckdb;
  const generatorLimits = (
    await loadWarehouseSettings({ ...process.env, DUCKDB_MEMORY_LIMIT: process.env.BENCH_GENERATOR_MEMORY_LIMIT ?? '1GB' })
  ).duckdb;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-bench-warehouse-'));
  const memory = new RssSampler();
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
    console.log(
      `Building a ${days}-day sample account with ${queries.toLocaleString('en')} queries in ${dir} (generator's DuckDB memory limit ${generatorLimits.memoryLimit}; the portal's ${limits.memoryLimit} per database, spill up to ${limits.tempLimit}) …`,
    );
    const generated = await inAccountProcess({ kind: 'generate', file, queries, days, limits: generatorLimits });
    const summary = generated.summary;
    if (!summary) throw new Error('the account process built no sample');
    console.log(
      `Built ${summary.queryCount.toLocaleString('en')} queries (${summary.windowStart.slice(0, 10)} … ${summary.windowEnd.slice(0, 16)}) in ${(summary.milliseconds / 1000).toFixed(1)} s, ${mb((await fs.stat(file)).size)}; generator's peak ${mb(generated.peakBytes)}.`,
    );
    const windowEnd = new Date(summary.windowEnd);

    const usageSettings = { dir: path.join(dir, 'usage'), backfillDays: days, intervalMs: 3_600_000, readyWaitMs: 1000 };
    // Opened as the registry opens a sample account: the sync stages slices in the copy's staging folder.
    const sourceOptions = { limits, allowedDirectories: [usageStagingDir(path.join(usageSettings.dir, 'bench.duckdb'))] };
    let source = await openDuckDbEngine(file, sourceOptions);
    let usage = await OrganisationUsage.open(
      'bench',
      await openUsageCopy(usageSettings.dir, 'bench', 'sample:bench', limits),
      source,
      usageSettings,
    );
    const backfill = await memory.during('backfill', () => usage.sync({ now: () => windowEnd }));
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
      // A filtered page: from each day's top queries when the rollup's bound allows it, else from every query.
      [
        'top queries, one warehouse',
        () => warehouse.topQueries({ ...filter, warehouseName: 'ANALYTICS_WH' }, { orderBy: 'cost', limit: 100 }),
      ],
      ['query patterns', () => warehouse.queryPatterns(filter, { limit: 100 })],
      ['warehouse recommendations', () => warehouse.recommendations(range)],
      ['cost per user', () => warehouse.usersOverview(range)],
    ];
    const results: Array<{ name: string; median: number; min: number; max: number }> = [];
    await memory.during('analyses', async () => {
      for (const [name, work] of cases) {
        await work();
        const times: number[] = [];
        for (let i = 0; i < runs; i += 1) times.push(await time(work));
        results.push({ name, median: median(times), min: Math.min(...times), max: Math.max(...times) });
      }
    });
    await warehouse.close();

    // One more day of queries reaches the account (the account process writes it while the portal
    // has the file closed, as a sample's writer would); the next scheduled sync picks it up.
    const addedDay = await inAccountProcess({ kind: 'add-day', file, windowEnd: windowEnd.toISOString(), count: dayQueries, limits });
    source = await openDuckDbEngine(file, sourceOptions);
    usage = await OrganisationUsage.open(
      'bench',
      await openUsageCopy(usageSettings.dir, 'bench', 'sample:bench', limits),
      source,
      usageSettings,
    );
    const incremental = await memory.during('incremental sync', () => usage.sync({ now: () => new Date(windowEnd.getTime() + DAY_MS) }));
    const dayRows = incremental.views.find((view) => view.name === 'QUERY_HISTORY')?.rows ?? 0;
    await usage.close();
    await source.close();
    memory.stop();

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
    const portalPeak = peakRss();
    const memoryVerdict = portalPeak < PORTAL_PEAK_TARGET_BYTES ? 'ok' : 'OVER';
    console.log(
      `\nPeak memory (resident set, DuckDB's included; DuckDB memory limit ${limits.memoryLimit} per database):\n` +
        `  portal (opens the account and the usage copy, syncs, serves the analyses): ${mb(portalPeak)} (target < ${mb(PORTAL_PEAK_TARGET_BYTES)}) ${memoryVerdict}\n` +
        `    by step (sampled every 50 ms): ${[...memory.peaks].map(([step, bytes]) => `${step} ${mb(bytes)}`).join(', ')}\n` +
        `  generator (the account process building the sample): ${mb(generated.peakBytes)}; adding the day: ${mb(addedDay.peakBytes)}`,
    );
    if (results.some((r) => r.median >= TARGET_MS) || incremental.milliseconds >= SYNC_TARGET_MS || portalPeak >= PORTAL_PEAK_TARGET_BYTES)
      process.exitCode = 1;
  } finally {
    memory.stop();
    if (process.env.BENCH_KEEP !== 'true') await fs.rm(dir, { recursive: true, force: true });
  }
}

const accountTask = process.env.BENCH_WAREHOUSE_ACCOUNT;
(accountTask ? accountProcess(JSON.parse(accountTask) as AccountTask) : main()).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
