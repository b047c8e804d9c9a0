// Each test's state across ingested runs: its last result and its last RECENT_RUNS statuses with
// the flips between them. Kept up to date inside each ingestion's transaction from that
// ingestion's results only (the history is never rescanned), so the list and the summaries read
// one row per test however long the history grows.
import { sql, type Kysely } from 'kysely';
import type { StoreSchema } from '../../platform/store/schema.js';
import { flipsOf, RECENT_RUNS, statusCode } from './qualitySql.js';

type Db = Kysely<StoreSchema>;

const isTestResult = sql`(r.unique_id LIKE 'test.%' OR r.unique_id LIKE 'unit_test.%')`;

/** Folds one ingestion's test results into the organisation's test states. */
export async function foldIngestion(db: Db, organisation: string, ingestionId: string): Promise<number> {
  const result = await sql`
    INSERT INTO catalog_test_states (organisation_id, test_id, last_status, last_failures, last_message, last_executed_at, last_result_id, recent, runs, flips)
    SELECT f.organisation_id, f.unique_id, f.status, f.failures, f.message, f.executed_at, f.id, x.recent, COALESCE(s.runs, 0) + 1, ${flipsOf(sql`x.recent`)}
    FROM (
      SELECT DISTINCT ON (r.unique_id) r.* FROM catalog_read_run_results r
      WHERE r.organisation_id = ${organisation} AND r.ingestion_id = ${ingestionId} AND ${isTestResult}
      ORDER BY r.unique_id, r.id DESC
    ) f
    LEFT JOIN catalog_test_states s ON s.organisation_id = f.organisation_id AND s.test_id = f.unique_id
    CROSS JOIN LATERAL (SELECT left(${statusCode(sql`f.status`)} || COALESCE(s.recent, ''), ${RECENT_RUNS}) AS recent) x
    ON CONFLICT (organisation_id, test_id) DO UPDATE SET
      last_status = excluded.last_status, last_failures = excluded.last_failures, last_message = excluded.last_message,
      last_executed_at = excluded.last_executed_at, last_result_id = excluded.last_result_id,
      recent = excluded.recent, runs = excluded.runs, flips = excluded.flips`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Works every state out again from the whole run history (after history was loaded in bulk). */
export async function rebuildTestStates(db: Db, organisation: string): Promise<void> {
  await db.deleteFrom('catalog_test_states').where('organisation_id', '=', organisation).execute();
  await sql`
    INSERT INTO catalog_test_states (organisation_id, test_id, last_status, last_failures, last_message, last_executed_at, last_result_id, recent, runs, flips)
    SELECT h.organisation_id, h.unique_id, last.status, last.failures, last.message, last.executed_at, last.id, h.recent, h.runs, ${flipsOf(sql`h.recent`)}
    FROM (
      SELECT r.organisation_id, r.unique_id, max(r.id) AS last_id, count(*)::integer AS runs,
        left(string_agg(${statusCode(sql`r.status`)}, '' ORDER BY r.id DESC), ${RECENT_RUNS}) AS recent
      FROM catalog_read_run_results r
      WHERE r.organisation_id = ${organisation} AND ${isTestResult}
      GROUP BY r.organisation_id, r.unique_id
    ) h
    JOIN catalog_read_run_results last ON last.id = h.last_id`.execute(db);
}
