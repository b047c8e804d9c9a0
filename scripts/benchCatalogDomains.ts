/**
 * The Domains, Data Products and cost-per-asset part of `npm run bench:catalog`, on the synthetic
 * project the bench has just ingested:
 *
 *   1. a usage copy (DuckDB) with 60 days of query history: every model built each night by a
 *      statement carrying dbt's query comment, and most models read a few times a day by others,
 *      each query with its attributed cost — about 900,000 queries for 5,000 models;
 *   2. the warehouse's rollup of builds and reads over that copy (analytics/dbtNodeCost.ts), the
 *      one statement pair per usage sync that every cost answer then reads (time printed);
 *   3. the cost answers (a model, every exposure, a product, the unread models) and the Domain and
 *      Data Products reads: median and p95 of BENCH_DOMAIN_RUNS each (aim median < 100 ms).
 */
import path from 'node:path';
import { productBody } from '../common/catalog-domains/productsContract.js';
import type { CostRollup } from '../server/src/features/catalog-domains/assetCosts.js';
import { assetCost, exposureCosts, productCost, unreadModels } from '../server/src/features/catalog-domains/costQueries.js';
import { listDomains } from '../server/src/features/catalog-domains/domainsStore.js';
import { createProduct, listProducts, productDetail } from '../server/src/features/catalog-domains/productsStore.js';
import { dbtNodeCost } from '../server/src/features/warehouse/analytics/dbtNodeCost.js';
import type { StoreDb } from '../server/src/platform/store/openStore.js';
import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';
import { raw } from '../server/src/platform/warehouse/sql.js';

const DAYS = 60;
const RUNS = Number(process.env.BENCH_DOMAIN_RUNS ?? 30);
const READS_PER_DAY = 3;
const LAST_DAY = '2026-11-23';

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function timed(label: string, run: (round: number) => Promise<unknown>): Promise<void> {
  await run(0);
  const times: number[] = [];
  for (let round = 1; round <= RUNS; round += 1) {
    const started = performance.now();
    await run(round);
    times.push(performance.now() - started);
  }
  console.log(`  ${label}: median ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}`);
}

export async function benchCatalogDomains(db: StoreDb, organisation: string, dir: string): Promise<void> {
  const models = await db
    .selectFrom('dbt_nodes')
    .select(['unique_id', 'schema_name', 'identifier'])
    .where('organisation_id', '=', organisation)
    .where('resource_type', '=', 'model')
    .orderBy('unique_id')
    .execute();
  console.log(`Cost per asset: ${DAYS} days of query history for ${models.length.toLocaleString('en')} models …`);
  const engine = await openDuckDbEngine(path.join(dir, 'usage-copy.duckdb'));
  try {
    let started = performance.now();
    await engine.query(raw('CREATE SCHEMA ACCOUNT_USAGE'));
    await engine.query(raw('CREATE SCHEMA DATAWORKS'));
    await engine.query(raw('CREATE TABLE M (I INTEGER, ID VARCHAR, REL VARCHAR)'));
    for (let at = 0; at < models.length; at += 1000) {
      const rows = models
        .slice(at, at + 1000)
        .map(
          (model, index) =>
            `(${at + index}, ${quote(model.unique_id)}, ${quote(`${model.schema_name ?? 'analytics'}.${model.identifier ?? model.unique_id.split('.').at(-1)}`)})`,
        );
      await engine.query(raw(`INSERT INTO M VALUES ${rows.join(', ')}`));
    }
    await engine.query(
      raw(
        `CREATE TABLE ACCOUNT_USAGE.METERING_DAILY_HISTORY AS SELECT 'WAREHOUSE_METERING' AS SERVICE_TYPE, CAST(DATE '${LAST_DAY}' - INTERVAL (d) DAY AS DATE) AS USAGE_DATE FROM range(${DAYS}) t(d)`,
      ),
    );
    // Builds each night at 01:00–04:00; reads in office hours by two thirds of the models.
    await engine.query(
      raw(`CREATE TABLE ACCOUNT_USAGE.QUERY_HISTORY AS
        SELECT 'b-' || d || '-' || I AS QUERY_ID,
               '/* {"app": "dbt", "dbt_version": "1.8.7", "node_id": "' || ID || '"} */' || chr(10) || 'create or replace table ' || REL || ' as (select * from ' || REL || '__upstream)' AS QUERY_TEXT,
               'dbt:nightly' AS QUERY_TAG,
               TIMESTAMP '${LAST_DAY} 01:00:00' - INTERVAL (d) DAY + INTERVAL (I % 10800) SECOND AS START_TIME
        FROM M, range(${DAYS}) t(d)
        UNION ALL
        SELECT 'r-' || d || '-' || I || '-' || k, 'select count(*) from analytics.' || REL || ' where id = ' || k, '',
               TIMESTAMP '${LAST_DAY} 09:00:00' - INTERVAL (d) DAY + INTERVAL (k * 3600 + I % 3600) SECOND
        FROM M, range(${DAYS}) t(d), range(${READS_PER_DAY}) r(k)
        WHERE I % 3 <> 0`),
    );
    await engine.query(
      raw(
        `CREATE TABLE DATAWORKS.QUERY_COST AS SELECT QUERY_ID, CAST(0.001 + (hash(QUERY_ID) % 1000) / 10000.0 AS DECIMAL(38, 9)) AS CREDITS FROM ACCOUNT_USAGE.QUERY_HISTORY`,
      ),
    );
    const [counted] = await engine.query(raw('SELECT COUNT(*) AS n FROM ACCOUNT_USAGE.QUERY_HISTORY'));
    console.log(`  usage copy: ${Number(counted?.n ?? 0).toLocaleString('en')} queries written in ${ms(performance.now() - started)}.`);

    const context = { engine, account: engine, prices: { pricePerCredit: 3, storagePricePerTbMonth: 23 } };
    const rollupTimes: number[] = [];
    let rollup: CostRollup | null = null;
    for (let run = 0; run < 3; run += 1) {
      started = performance.now();
      rollup = await dbtNodeCost(context, 2 * 30, 30);
      rollupTimes.push(performance.now() - started);
    }
    if (!rollup) throw new Error('no rollup');
    console.log(
      `  builds and reads rolled up from the copy (once per usage sync, then reused): median of 3 ${ms(percentile(rollupTimes, 0.5))}; ${rollup.builds.length.toLocaleString('en')} node-days, ${rollup.reads.length.toLocaleString('en')} relation-readers.`,
    );
    const fixed = rollup;
    const costs = async () => fixed;

    const exposures = await db
      .selectFrom('dbt_nodes')
      .select('unique_id')
      .where('organisation_id', '=', organisation)
      .where('resource_type', '=', 'exposure')
      .limit(5)
      .execute();
    const members = [
      ...models.filter((_, index) => index % 250 === 0).map((model) => model.unique_id),
      ...exposures.map((row) => row.unique_id),
    ];
    const productId = await createProduct(
      db,
      { organisation, subject: 'bench', username: 'bench' },
      productBody.parse({ name: 'Bench product', owner: 'bench', assets: members, objective: { freshnessHours: 24, minTestPassRate: 95 } }),
    );
    console.log(`Domains, Data Products and cost per asset (${RUNS} runs each; aim median < 100 ms):`);
    await timed('cost of one model (builds, trend, reads)', (round) =>
      assetCost(db, costs, organisation, models[(round * 97) % models.length]?.unique_id ?? ''),
    );
    if (exposures[0])
      await timed('cost of one exposure (all upstream builds)', (round) =>
        assetCost(db, costs, organisation, exposures[round % exposures.length]?.unique_id ?? ''),
      );
    await timed('cost of every exposure (Consume list)', () => exposureCosts(db, costs, organisation));
    await timed(`cost of a product of ${members.length} assets and exposures (with upstream)`, () =>
      productCost(db, costs, organisation, [
        ...models.filter((_, index) => index % 250 === 0).map((model) => ({ uniqueId: model.unique_id, resourceType: 'model' })),
        ...exposures.map((row) => ({ uniqueId: row.unique_id, resourceType: 'exposure' })),
      ]),
    );
    await timed('models nobody read in 30 days', () => unreadModels(db, costs, organisation));
    await timed('Domain page (every domain with assets, tests and freshness)', () => listDomains(db, organisation));
    await timed('product page (objective judged)', () => productDetail(db, organisation, productId));
    await timed('Data Products list', () => listProducts(db, organisation));
  } finally {
    await engine.close();
  }
}
