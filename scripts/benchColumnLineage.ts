/**
 * The column lineage part of `npm run bench:catalog`, on the synthetic project the bench has just
 * ingested:
 *
 *   1. computes the whole project's column lineage as the job does after an ingestion (every
 *      model's compiled SQL parsed in worker processes, edges stored), printing the time, the
 *      models and edges, and the peak resident memory of this process and the workers together
 *      (aim < 60 s on a 2-core machine, peak < 1 GB); meanwhile it searches the catalog twice a
 *      second and prints those searches' p95, to show the computation does not block them;
 *   2. recomputes with nothing changed (the incremental path: every model skipped);
 *   3. asks for the impact at depth 5 of BENCH_IMPACTS source columns, of the columns read by
 *      the most others and of the models with the most children, printing median and p95 of each
 *      (aim < 100 ms).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { catalogSearchQuery } from '../common/dbt/catalogContract.js';
import { computeColumnLineage } from '../server/src/features/column-lineage/computeLineage.js';
import { createParserPool } from '../server/src/features/column-lineage/engine/parserPool.js';
import { impactReport } from '../server/src/features/column-lineage/impactReport.js';
import type { ProjectIndexCache } from '../server/src/features/dbt/projectIndex.js';
import { searchCatalog } from '../server/src/features/dbt/search.js';
import type { StoreDb } from '../server/src/platform/store/openStore.js';

const IMPACTS = Number(process.env.BENCH_IMPACTS ?? 50);

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
/** This process's resident memory and its children's (the parse workers), from /proc. */
function treeRss(): number {
  let total = process.memoryUsage().rss;
  try {
    for (const task of readdirSync('/proc/self/task')) {
      for (const pid of readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
        const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        total += Number(kb ?? 0) * 1024;
      }
    }
  } catch {
    // Not Linux, or a worker ended between the two reads: the process's own figure stands.
  }
  return total;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function benchColumnLineage(db: StoreDb, organisation: string, cache: ProjectIndexCache): Promise<void> {
  const pool = createParserPool(process.cwd());
  const before = process.memoryUsage().rss;
  let peak = before;
  let peakOwn = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss());
    peakOwn = Math.max(peakOwn, process.memoryUsage().rss);
  }, 100);

  // Searches beside the computation, two a second, as people would keep using the catalog.
  let computing = true;
  const searchTimes: number[] = [];
  const searching = (async () => {
    const words = ['orders', 'cust', 'revenue', 'stg_sales', 'amount', 'status'];
    for (let i = 0; computing; i += 1) {
      const started = performance.now();
      await searchCatalog(db, organisation, await cache.get(organisation), catalogSearchQuery.parse({ q: words[i % words.length] }));
      searchTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();

  let started = performance.now();
  const summary = await computeColumnLineage(db, pool, organisation);
  const seconds = (performance.now() - started) / 1000;
  computing = false;
  await searching;
  clearInterval(sampler);
  const edges = await db
    .selectFrom('column_lineage_edges')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organisation_id', '=', organisation)
    .executeTakeFirstOrThrow();
  console.log(
    `Column lineage: ${summary.models.toLocaleString('en')} models parsed in ${seconds.toFixed(1)} s (aim < 60 s), ${summary.failed} failed, ${Number(edges.n).toLocaleString('en')} column edges.`,
  );
  console.log(
    `  Memory: the parse workers and this process together peaked at ${mb(peak)} RSS, this process alone at ${mb(peakOwn)} (${mb(before)} before: the embedded store and the catalog's index); the computation added ${mb(peak - before)} (aim < 1 GB).`,
  );
  console.log(
    `  Searches meanwhile: ${searchTimes.length}, median ${ms(percentile(searchTimes, 0.5))}, p95 ${ms(percentile(searchTimes, 0.95))} (the parsing runs in worker processes, the writes in batches of 50 models).`,
  );
  started = performance.now();
  const again = await computeColumnLineage(db, pool, organisation);
  console.log(
    `  Again with nothing changed: ${ms(performance.now() - started)}, ${again.unchanged.toLocaleString('en')} models unchanged.`,
  );
  await pool.close();

  const sourceColumns = await db
    .selectFrom('catalog_read_columns as c')
    .innerJoin('catalog_read_nodes as n', (join) =>
      join.onRef('n.organisation_id', '=', 'c.organisation_id').onRef('n.unique_id', '=', 'c.node_id'),
    )
    .select(['c.node_id as node', 'c.name as column'])
    .where('c.organisation_id', '=', organisation)
    .where('n.resource_type', '=', 'source')
    .orderBy('c.node_id')
    .limit(IMPACTS)
    .execute();
  // The columns most read downstream: the heaviest questions a user can ask.
  const busiestColumns = await db
    .selectFrom('column_lineage_edges')
    .select(['parent_node as node', 'parent_column as column', (eb) => eb.fn.countAll<string>().as('readers')])
    .where('organisation_id', '=', organisation)
    .groupBy(['parent_node', 'parent_column'])
    .orderBy('readers', 'desc')
    .limit(IMPACTS)
    .execute();
  const busiestModels = await db
    .selectFrom('catalog_read_edges')
    .select(['parent_id as node', (eb) => eb.fn.countAll<string>().as('children')])
    .where('organisation_id', '=', organisation)
    .where('parent_id', 'like', 'model.%')
    .groupBy('parent_id')
    .orderBy('children', 'desc')
    .limit(IMPACTS)
    .execute();
  const measure = async (label: string, asks: ReadonlyArray<{ node: string; column?: string }>) => {
    const times: number[] = [];
    let reached = 0;
    for (const ask of asks) {
      started = performance.now();
      const report = await impactReport(db, [], organisation, { asset: ask.node, column: ask.column, depth: 5 });
      times.push(performance.now() - started);
      reached += report.columns.length + report.nodes.length + report.exposures.length;
    }
    console.log(
      `Impact at depth 5, ${label} (${times.length}, ${Math.round(reached / Math.max(1, times.length))} columns and nodes reached on average): median ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))} (aim < 100 ms).`,
    );
  };
  await measure('source columns', sourceColumns);
  await measure('the columns read by the most others', busiestColumns);
  await measure(
    'whole models with the most children',
    busiestModels.map((row) => ({ node: row.node })),
  );
}
