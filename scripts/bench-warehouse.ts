/**
 * `npm run bench:warehouse`: builds a sample account with 1M+ queries in a temporary directory
 * and prints the median time (of 7 runs, after one warm-up) of the analytics the Optimize pages
 * load, each over the sample's whole 90 days. Target: under 250 ms each on a 2-core machine.
 *
 * Settings: BENCH_QUERIES (default 1000000), BENCH_RUNS (default 7), BENCH_KEEP=true keeps the file.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';
import { generateSampleAccount } from '../server/src/features/warehouse/sample/generator.js';
import { Warehouse } from '../server/src/features/warehouse/warehouse.js';

const TARGET_MS = 250;
const queries = Number(process.env.BENCH_QUERIES ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 7);

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

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-bench-warehouse-'));
  const file = path.join(dir, 'bench.duckdb');
  try {
    console.log(`Building a sample account with ${queries.toLocaleString('en')} queries in ${dir} …`);
    const summary = await generateSampleAccount(file, { org: 'bench', queryCount: queries });
    const size = (await fs.stat(file)).size;
    console.log(`Built ${summary.queryCount.toLocaleString('en')} queries (${summary.windowStart.slice(0, 10)} … ${summary.windowEnd.slice(0, 16)}) in ${(summary.milliseconds / 1000).toFixed(1)} s, ${(size / 1e6).toFixed(0)} MB.`);

    const warehouse = new Warehouse(
      { organisation: 'bench', engine: 'duckdb', sample: true, currency: 'USD', pricePerCredit: 3, storagePricePerTbMonth: 23 },
      await openDuckDbEngine(file),
      // Every run computes: the figures are the analyses' own cost, not the portal's reuse of them.
      { cacheMs: 0 },
    );
    const range = await warehouse.dataRange();
    if (!range) throw new Error('the bench sample has no usage');
    const filter = { range };
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['cost summary', () => warehouse.costSummary(range)],
      ['top queries (by cost)', () => warehouse.topQueries(filter, { orderBy: 'cost', limit: 50 })],
      ['query patterns', () => warehouse.queryPatterns(filter, { limit: 50 })],
      ['warehouse recommendations', () => warehouse.recommendations(range)],
    ];
    const results: Array<{ name: string; median: number; min: number; max: number }> = [];
    for (const [name, work] of cases) {
      await work();
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) times.push(await time(work));
      results.push({ name, median: median(times), min: Math.min(...times), max: Math.max(...times) });
    }
    await warehouse.close();

    console.log(`\nMedian of ${runs} runs over ${range.from} … ${range.to} (${os.cpus().length} CPUs, target < ${TARGET_MS} ms):\n`);
    const width = Math.max(...results.map((r) => r.name.length));
    console.log(`${'analytic'.padEnd(width)}  median ms    min    max  `);
    for (const r of results) {
      const verdict = r.median < TARGET_MS ? 'ok' : 'SLOW';
      console.log(`${r.name.padEnd(width)}  ${r.median.toFixed(0).padStart(9)}  ${r.min.toFixed(0).padStart(5)}  ${r.max.toFixed(0).padStart(5)}  ${verdict}`);
    }
    if (results.some((r) => r.median >= TARGET_MS)) process.exitCode = 1;
  } finally {
    if (process.env.BENCH_KEEP !== 'true') await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
