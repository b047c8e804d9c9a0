// Each test's state across ingested runs: its last result and its last RECENT_RUNS statuses with
// the flips between them, in the order the runs ran. Kept up to date inside each ingestion's
// transaction from that ingestion's results (a test's history is read again only when a run
// older than its state arrives late), so the list and the summaries read one row per test
// however long the history grows.
import { sql, type Kysely } from 'kysely';
import type { StoreSchema } from '../../platform/store/schema.js';
import { flipsOf, RECENT_RUNS, statusCode } from './qualitySql.js';

type Db = Kysely<StoreSchema>;

const isTestResult = sql`(r.unique_id LIKE 'test.%' OR r.unique_id LIKE 'unit_test.%')`;

/** Newest first by when each result ran (dbt's own timing), not by when it was ingested. */
const newestFirst = sql`r.executed_at DESC NULLS LAST, r.id DESC`;

/**
 * Folds one ingestion's test results into the organisation's test states. A result newer than a
 * test's state (the usual case) is folded in place; one older than it (a run uploaded late) makes
 * that test's state be worked out again from its history in time order, so an older run never
 * hides a newer failure.
 */
export async function foldIngestion(db: Db, organisation: string, ingestionId: string): Promise<number> {
  const latestOfIngestion = sql`(
      SELECT DISTINCT ON (r.unique_id) r.* FROM catalog_read_run_results r
      WHERE r.organisation_id = ${organisation} AND r.ingestion_id = ${ingestionId} AND ${isTestResult}
      ORDER BY r.unique_id, ${newestFirst}
    )`;
  const older = await sql<{ unique_id: string }>`
    SELECT f.unique_id FROM ${latestOfIngestion} f
    JOIN catalog_test_states s ON s.organisation_id = f.organisation_id AND s.test_id = f.unique_id
    WHERE f.executed_at < s.last_executed_at`.execute(db);
  const result = await sql`
    INSERT INTO catalog_test_states (organisation_id, test_id, last_status, last_failures, last_message, last_executed_at, last_result_id, recent, runs, flips)
    SELECT f.organisation_id, f.unique_id, f.status, f.failures, f.message, f.executed_at, f.id, x.recent, COALESCE(s.runs, 0) + 1, ${flipsOf(sql`x.recent`)}
    FROM ${latestOfIngestion} f
    LEFT JOIN catalog_test_states s ON s.organisation_id = f.organisation_id AND s.test_id = f.unique_id
    CROSS JOIN LATERAL (SELECT left(${statusCode(sql`f.status`)} || COALESCE(s.recent, ''), ${RECENT_RUNS}) AS recent) x
    WHERE s.test_id IS NULL OR f.executed_at IS NULL OR s.last_executed_at IS NULL OR f.executed_at >= s.last_executed_at
    ON CONFLICT (organisation_id, test_id) DO UPDATE SET
      last_status = excluded.last_status, last_failures = excluded.last_failures, last_message = excluded.last_message,
      last_executed_at = excluded.last_executed_at, last_result_id = excluded.last_result_id,
      recent = excluded.recent, runs = excluded.runs, flips = excluded.flips`.execute(db);
  const late = older.rows.map((row) => row.unique_id);
  if (late.length > 0) await rebuildTestStates(db, organisation, late);
  return Number(result.numAffectedRows ?? 0) + late.length;
}

/** Works the states out again from the whole run history in time order: every test's (after history was loaded in bulk), or those of `testIds`. */
export async function rebuildTestStates(db: Db, organisation: string, testIds?: readonly string[]): Promise<void> {
  if (testIds?.length === 0) return;
  const only = testIds ? sql`AND r.unique_id IN (${sql.join(testIds.map((id) => sql`${id}`))})` : sql``;
  let remove = db.deleteFrom('catalog_test_states').where('organisation_id', '=', organisation);
  if (testIds) remove = remove.where('test_id', 'in', [...testIds]);
  await remove.execute();
  await sql`
    INSERT INTO catalog_test_states (organisation_id, test_id, last_status, last_failures, last_message, last_executed_at, last_result_id, recent, runs, flips)
    SELECT h.organisation_id, h.unique_id, last.status, last.failures, last.message, last.executed_at, last.id, h.recent, h.runs, ${flipsOf(sql`h.recent`)}
    FROM (
      SELECT r.organisation_id, r.unique_id, count(*)::integer AS runs,
        left(string_agg(${statusCode(sql`r.status`)}, '' ORDER BY ${newestFirst}), ${RECENT_RUNS}) AS recent
      FROM catalog_read_run_results r
      WHERE r.organisation_id = ${organisation} AND ${isTestResult} ${only}
      GROUP BY r.organisation_id, r.unique_id
    ) h
    JOIN LATERAL (
      SELECT r.* FROM catalog_read_run_results r
      WHERE r.organisation_id = h.organisation_id AND r.unique_id = h.unique_id
      ORDER BY ${newestFirst} LIMIT 1
    ) last ON true`.execute(db);
}
