/**
 * The Data Quality and Incident Manager part of `npm run bench:catalog`, on the synthetic project
 * the bench has just ingested:
 *
 *   1. 60 days of nightly run history: days 59 … 1 of the synthetic runs are added oldest first,
 *      then the ingested day 0 again as the newest, each folded into the test states and its
 *      incidents opened as an ingestion does (the time per day is printed);
 *   2. the Data Quality summaries (by asset, domain and owner), the test list (first page, failing
 *      only, a search) and the incident list (open, all, a search): median and p95 of BENCH_QUALITY_RUNS
 *      each (aim median < 100 ms);
 *   3. the profiler on a 10,000,000-row table of an embedded DuckDB (aim < 10 s), with the
 *      default sampling limit and, for comparison, on every row.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { incidentListQuery } from '../common/catalog-quality/incidentsContract.js';
import { qualitySummaryQuery, qualityTestsQuery } from '../common/catalog-quality/qualityContract.js';
import { listIncidents } from '../server/src/features/catalog-quality/incidentsStore.js';
import { qualityIngestionListener } from '../server/src/features/catalog-quality/ingestionListener.js';
import { profileTable } from '../server/src/features/catalog-quality/profiler.js';
import { listTests, qualitySummary } from '../server/src/features/catalog-quality/qualityQueries.js';
import { parseRunResults } from '../server/src/features/dbt/artifacts/runArtifacts.js';
import { readArtifactFile } from '../server/src/features/dbt/artifacts/readJson.js';
import { syntheticRunResults } from '../server/src/samples/dbt/syntheticRuns.js';
import type { StoreDb } from '../server/src/platform/store/openStore.js';
import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';
import { raw } from '../server/src/platform/warehouse/sql.js';

const DAYS = 60;
const RUNS = Number(process.env.BENCH_QUALITY_RUNS ?? 30);
const PROFILE_ROWS = Number(process.env.BENCH_PROFILE_ROWS ?? 10_000_000);
const DEFAULT_SAMPLE_ROWS = 1_000_000;
const CHUNK = 2000;

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(label: string, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm: the first call plans the statement
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const median = percentile(times, 0.5);
  console.log(`  ${label}: median ${ms(median)}, p95 ${ms(percentile(times, 0.95))}${median < 100 ? '' : '  ← above the 100 ms aim'}`);
  return median;
}

/** Adds one day of run results as the ingestion `ingestionId` and lets the area fold it in. */
async function addDay(
  db: StoreDb,
  organisation: string,
  rows: {
    project_name: string;
    unique_id: string;
    status: string;
    executed_at: string | null;
    execution_time: number | null;
    failures: number | null;
    message: string | null;
  }[],
): Promise<number> {
  const ingestionId = randomUUID();
  const started = performance.now();
  await db.transaction().execute(async (tx) => {
    for (let index = 0; index < rows.length; index += CHUNK) {
      await tx
        .insertInto('dbt_run_results')
        .values(rows.slice(index, index + CHUNK).map((row) => ({ ...row, organisation_id: organisation, ingestion_id: ingestionId })))
        .execute();
    }
    await qualityIngestionListener(null).inTransaction(tx, { organisation, ingestionId });
  });
  return performance.now() - started;
}

export async function benchCatalogQuality(db: StoreDb, organisation: string, dir: string): Promise<void> {
  console.log(`Data Quality and incidents: ${DAYS} days of nightly run history …`);
  const manifest = await readArtifactFile(path.join(dir, 'manifest.json'), 'manifest');
  // The ingested run (day 0) is taken out and put back as the newest, after the older days.
  const day0 = await db
    .selectFrom('dbt_run_results')
    .select(['project_name', 'unique_id', 'status', 'executed_at', 'execution_time', 'failures', 'message'])
    .where('organisation_id', '=', organisation)
    .execute();
  const project = day0[0]?.project_name ?? '';
  await db.deleteFrom('dbt_run_results').where('organisation_id', '=', organisation).execute();
  await db.deleteFrom('catalog_test_states').where('organisation_id', '=', organisation).execute();
  await db.deleteFrom('catalog_incidents').where('organisation_id', '=', organisation).execute();
  const perDay: number[] = [];
  for (let day = DAYS - 1; day >= 1; day -= 1) {
    const results = parseRunResults(syntheticRunResults(manifest, day)).results.map((result) => ({
      project_name: project,
      unique_id: result.uniqueId,
      status: result.status,
      executed_at: result.executedAt,
      execution_time: result.executionTime,
      failures: result.failures,
      message: result.message,
    }));
    perDay.push(await addDay(db, organisation, results));
  }
  perDay.push(
    await addDay(
      db,
      organisation,
      day0.map((row) => ({ ...row, executed_at: row.executed_at ? new Date(row.executed_at).toISOString() : null })),
    ),
  );
  await sql`ANALYZE`.execute(db);
  const counts = await sql<{
    results: number | string;
    tests: number | string;
    incidents: number | string;
    open: number | string;
    flaky: number | string;
  }>`
    SELECT (SELECT count(*) FROM dbt_run_results WHERE organisation_id = ${organisation}) AS results,
      (SELECT count(*) FROM dbt_tests WHERE organisation_id = ${organisation}) AS tests,
      (SELECT count(*) FROM catalog_incidents WHERE organisation_id = ${organisation}) AS incidents,
      (SELECT count(*) FROM catalog_incidents WHERE organisation_id = ${organisation} AND state <> 'resolved') AS open,
      (SELECT count(*) FROM catalog_test_states WHERE organisation_id = ${organisation} AND flips >= 2) AS flaky`.execute(db);
  const figures = counts.rows[0];
  console.log(
    `  ${Number(figures?.results).toLocaleString('en')} run results, ${Number(figures?.tests).toLocaleString('en')} tests (${Number(figures?.flaky).toLocaleString('en')} flaky), ${Number(figures?.incidents).toLocaleString('en')} incidents (${Number(figures?.open).toLocaleString('en')} open); folding one night in (states and incidents, in its transaction): median ${ms(percentile(perDay, 0.5))}, p95 ${ms(percentile(perDay, 0.95))}.`,
  );

  // Some incidents moved on, as people would: every third acknowledged, every fifth resolved.
  await sql`UPDATE catalog_incidents SET state = 'acknowledged', acknowledged_at = opened_at + interval '2 hours' WHERE organisation_id = ${organisation} AND state = 'new' AND abs(hashtext(id::text)) % 3 = 0`.execute(
    db,
  );
  await sql`UPDATE catalog_incidents SET state = 'resolved', resolution_reason = 'fixed', resolved_at = opened_at + interval '1 day', acknowledged_at = COALESCE(acknowledged_at, opened_at + interval '1 hour') WHERE organisation_id = ${organisation} AND state <> 'resolved' AND abs(hashtext(id::text)) % 5 = 0`.execute(
    db,
  );

  console.log(`Data Quality and Incident Manager reads (${RUNS} runs each after one warm-up; aim median < 100 ms):`);
  for (const by of ['asset', 'domain', 'owner'] as const)
    await timed(`summary by ${by}`, () => qualitySummary(db, organisation, qualitySummaryQuery.parse({ by })));
  await timed('summary by asset, failing tests only', () =>
    qualitySummary(db, organisation, qualitySummaryQuery.parse({ by: 'asset', status: ['fail', 'error'] })),
  );
  await timed('test list, first page', () => listTests(db, organisation, qualityTestsQuery.parse({})));
  await timed('test list, failing only', () => listTests(db, organisation, qualityTestsQuery.parse({ status: ['fail'] })));
  await timed('test list, search "orders", page 3', () => listTests(db, organisation, qualityTestsQuery.parse({ q: 'orders', page: 3 })));
  await timed('incident list, open', () => listIncidents(db, organisation, incidentListQuery.parse({})));
  await timed('incident list, all states, page 5', () =>
    listIncidents(db, organisation, incidentListQuery.parse({ open: 'false', page: 5 })),
  );
  await timed('incident list, search', () => listIncidents(db, organisation, incidentListQuery.parse({ q: 'not_null' })));

  console.log(`Profiler on ${PROFILE_ROWS.toLocaleString('en')} rows in an embedded DuckDB …`);
  const engine = await openDuckDbEngine(path.join(dir, 'profile.duckdb'));
  try {
    await engine.query(
      raw(`CREATE TABLE events AS SELECT i AS event_id, i % 1000 AS account_id, 'kind_' || (i % 37) AS kind, CASE WHEN i % 13 = 0 THEN NULL ELSE (i % 100000) * 0.25 END AS amount,
        TIMESTAMP '2026-01-01' + to_seconds(i % 31536000) AS happened_at, (i % 2 = 0) AS flagged FROM range(${PROFILE_ROWS}) t(i)`),
    );
    for (const [label, sampleRows] of [
      [`default sampling limit (${DEFAULT_SAMPLE_ROWS.toLocaleString('en')} rows)`, DEFAULT_SAMPLE_ROWS],
      ['every row', Number.MAX_SAFE_INTEGER],
    ] as const) {
      const started = performance.now();
      const result = await profileTable({
        warehouse: engine,
        relation: { database: null, schema: 'main', identifier: 'events' },
        sampleRows,
      });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  ${label}: ${seconds.toFixed(2)} s (aim < 10 s) for ${result.columns.length} columns, ${result.rowCount.toLocaleString('en')} rows${result.sampledRows === null ? '' : `, column figures on ${result.sampledRows.toLocaleString('en')} sampled rows`}.`,
      );
    }
  } finally {
    await engine.close();
  }
}
