// Opening incidents at ingestion, inside the ingestion's transaction: a test that failed or
// errored in this ingestion's run, or a source whose freshness errored, opens an incident
// unless one is open for it already, in which case the repeat is counted on that one and added
// to its timeline. An open incident whose test passed in this run is marked "passing again".
// The portal's own freshness checks (no ingestion) do the same for their sources.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DEFAULT_SEVERITY } from '@common/catalog-quality/incidentRules';
import type { StoreSchema } from '../../platform/store/schema.js';
import { domainOf } from './qualitySql.js';

type Db = Kysely<StoreSchema>;

export interface OpenedIncident {
  id: string;
  name: string;
  kind: 'test' | 'freshness';
  assetId: string | null;
}

/** Which results a pass looks at: one ingestion's, or the portal freshness check's since a time. */
export type ResultBatch = { ingestionId: string } | { portalCheckSince: Date };

function batchLabel(batch: ResultBatch): RawBuilder<unknown> {
  return 'ingestionId' in batch
    ? sql`jsonb_build_object('ingestionId', ${batch.ingestionId}::text)`
    : sql`jsonb_build_object('check', 'portal')`;
}

function testResults(organisation: string, batch: ResultBatch): RawBuilder<unknown> {
  // A portal freshness check runs no tests.
  return 'ingestionId' in batch ? sql`r.organisation_id = ${organisation} AND r.ingestion_id = ${batch.ingestionId}` : sql`false`;
}

function freshnessResults(organisation: string, batch: ResultBatch): RawBuilder<unknown> {
  return 'ingestionId' in batch
    ? sql`f.organisation_id = ${organisation} AND f.ingestion_id = ${batch.ingestionId}`
    : sql`f.organisation_id = ${organisation} AND f.origin = 'portal' AND f.checked_at >= ${batch.portalCheckSince}`;
}

/** The batch's failures: failing or erroring tests, and sources whose freshness errored. */
function failuresOf(organisation: string, batch: ResultBatch) {
  return sql`(
    SELECT DISTINCT ON (r.unique_id) 'test' AS kind, r.unique_id AS subject_id, t.name, t.attached_to AS asset_id, r.status, r.failures, r.message, COALESCE(r.executed_at, now()) AS at
    FROM catalog_read_run_results r
    JOIN catalog_read_tests t ON t.organisation_id = r.organisation_id AND t.unique_id = r.unique_id
    WHERE ${testResults(organisation, batch)} AND r.status IN ('fail', 'error', 'runtime error')
    UNION ALL
    SELECT DISTINCT ON (f.unique_id) 'freshness', f.unique_id, COALESCE(n.source_name || '.', '') || COALESCE(n.name, f.unique_id), f.unique_id, f.status, NULL, f.error, f.checked_at
    FROM catalog_read_freshness f
    LEFT JOIN catalog_read_nodes n ON n.organisation_id = f.organisation_id AND n.unique_id = f.unique_id
    WHERE ${freshnessResults(organisation, batch)} AND f.status IN ('error', 'runtime error')
  )`;
}

export async function openIncidents(db: Db, organisation: string, batch: ResultBatch): Promise<OpenedIncident[]> {
  // Repeats first: counted on the open incident, which is no longer "passing again".
  await sql`
    WITH failed AS (SELECT * FROM ${failuresOf(organisation, batch)} x),
    repeated AS (
      UPDATE catalog_incidents i SET failure_count = i.failure_count + 1, last_status = failed.status, last_failures = failed.failures,
        last_message = failed.message, last_failed_at = failed.at, passing_since = NULL, updated_at = now()
      FROM failed
      WHERE i.organisation_id = ${organisation} AND i.subject_id = failed.subject_id AND i.state <> 'resolved'
      RETURNING i.id, failed.status, failed.failures, failed.message, failed.at
    )
    INSERT INTO catalog_incident_events (incident_id, at, type, details)
    SELECT id, at, 'failed', jsonb_build_object('status', status, 'failures', failures, 'message', message) || ${batchLabel(batch)} FROM repeated`.execute(
    db,
  );

  const opened = await sql<{ id: string; name: string; kind: 'test' | 'freshness'; asset_id: string | null }>`
    WITH failed AS (SELECT * FROM ${failuresOf(organisation, batch)} x),
    inserted AS (
      INSERT INTO catalog_incidents (organisation_id, subject_id, kind, name, asset_id, domain, severity, last_status, last_failures, last_message, opened_at, last_failed_at)
      SELECT ${organisation}, failed.subject_id, failed.kind, failed.name, failed.asset_id, ${domainOf('n')}, ${DEFAULT_SEVERITY}, failed.status, failed.failures, failed.message, failed.at, failed.at
      FROM failed
      LEFT JOIN catalog_read_nodes n ON n.organisation_id = ${organisation} AND n.unique_id = failed.asset_id
      WHERE NOT EXISTS (SELECT 1 FROM catalog_incidents i WHERE i.organisation_id = ${organisation} AND i.subject_id = failed.subject_id AND i.state <> 'resolved')
      -- An ingestion and a freshness check opening one at the same moment: the first one stands.
      ON CONFLICT (organisation_id, subject_id) WHERE state <> 'resolved' DO NOTHING
      RETURNING id, name, kind, asset_id, last_status, last_failures, last_message, opened_at
    ),
    events AS (
      INSERT INTO catalog_incident_events (incident_id, at, type, details)
      SELECT id, opened_at, 'opened', jsonb_build_object('status', last_status, 'failures', last_failures, 'message', last_message) || ${batchLabel(batch)} FROM inserted
    )
    SELECT id, name, kind, asset_id FROM inserted`.execute(db);

  // Passing again: the test passed (or the source is fresh again) in this run after its last failure.
  await sql`
    WITH passed AS (
      SELECT DISTINCT ON (r.unique_id) r.unique_id AS subject_id, COALESCE(r.executed_at, now()) AS at FROM catalog_read_run_results r
      WHERE ${testResults(organisation, batch)} AND r.status IN ('pass', 'success')
      UNION ALL
      SELECT DISTINCT ON (f.unique_id) f.unique_id, f.checked_at FROM catalog_read_freshness f
      WHERE ${freshnessResults(organisation, batch)} AND f.status = 'pass'
    ),
    marked AS (
      UPDATE catalog_incidents i SET passing_since = COALESCE(i.passing_since, passed.at), updated_at = now()
      FROM passed
      WHERE i.organisation_id = ${organisation} AND i.subject_id = passed.subject_id AND i.state <> 'resolved'
      RETURNING i.id, passed.at
    )
    INSERT INTO catalog_incident_events (incident_id, at, type, details)
    SELECT id, at, 'passed', ${batchLabel(batch)} FROM marked`.execute(db);

  return opened.rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind, assetId: row.asset_id }));
}
