// Catalog observability: what kind each data test is, the state of every test across runs
// (kept up to date at ingestion, so the Data Quality summaries never scan the run history),
// incidents with their timeline, and warehouse profiles of assets with their history.
import { sql, type Kysely, type Migration } from 'kysely';

export const catalogQuality: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    // generic (a test_metadata macro such as not_null), singular (a SQL file) or unit (dbt 1.8+ unit tests).
    await db.schema
      .alterTable('dbt_tests')
      .addColumn('test_type', 'text', (col) => col.notNull().defaultTo('generic'))
      .execute();
    await db.schema.alterTable('dbt_tests').addColumn('test_kind', 'text').execute();
    await sql`ALTER TABLE dbt_tests ADD CONSTRAINT dbt_tests_type CHECK (test_type IN ('generic', 'singular', 'unit'))`.execute(db);
    // Tests ingested before this migration count as generic until the next ingestion says otherwise.

    // One row per test of each organisation: its last result and its recent statuses, newest first
    // (one letter per run: p pass, f fail, e error, w warn, s skipped, u unknown).
    await db.schema
      .createTable('catalog_test_states')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('test_id', 'text', (col) => col.notNull())
      .addColumn('last_status', 'text', (col) => col.notNull())
      .addColumn('last_failures', 'integer')
      .addColumn('last_message', 'text')
      .addColumn('last_executed_at', 'timestamptz')
      .addColumn('last_result_id', 'bigint', (col) => col.notNull())
      .addColumn('recent', 'text', (col) => col.notNull())
      .addColumn('runs', 'integer', (col) => col.notNull())
      .addColumn('flips', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('catalog_test_states_pk', ['organisation_id', 'test_id'])
      .execute();

    await db.schema
      .createTable('catalog_incidents')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      // A test's unique id, or a source's for a freshness incident.
      .addColumn('subject_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('asset_id', 'text')
      .addColumn('domain', 'text')
      .addColumn('state', 'text', (col) => col.notNull().defaultTo('new'))
      .addColumn('severity', 'integer', (col) => col.notNull().defaultTo(3))
      .addColumn('assignee_subject', 'text')
      .addColumn('assignee_name', 'text')
      .addColumn('resolution_reason', 'text')
      .addColumn('resolution_comment', 'text')
      .addColumn('last_status', 'text', (col) => col.notNull())
      .addColumn('last_failures', 'integer')
      .addColumn('last_message', 'text')
      .addColumn('failure_count', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('opened_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('last_failed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('passing_since', 'timestamptz')
      .addColumn('acknowledged_at', 'timestamptz')
      .addColumn('assigned_at', 'timestamptz')
      .addColumn('resolved_at', 'timestamptz')
      .addColumn('resolved_by', 'text')
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`ALTER TABLE catalog_incidents ADD CONSTRAINT catalog_incidents_kind CHECK (kind IN ('test', 'freshness'))`.execute(db);
    await sql`ALTER TABLE catalog_incidents ADD CONSTRAINT catalog_incidents_state CHECK (state IN ('new', 'acknowledged', 'assigned', 'resolved'))`.execute(
      db,
    );
    await sql`ALTER TABLE catalog_incidents ADD CONSTRAINT catalog_incidents_severity CHECK (severity BETWEEN 1 AND 5)`.execute(db);
    await sql`ALTER TABLE catalog_incidents ADD CONSTRAINT catalog_incidents_resolution CHECK ((state = 'resolved') = (resolution_reason IS NOT NULL))`.execute(
      db,
    );
    await sql`ALTER TABLE catalog_incidents ADD CONSTRAINT catalog_incidents_assigned CHECK (state <> 'assigned' OR assignee_subject IS NOT NULL)`.execute(
      db,
    );
    // One open incident per test (or source) at a time: a repeat failure is counted on it.
    await sql`CREATE UNIQUE INDEX catalog_incidents_open ON catalog_incidents (organisation_id, subject_id) WHERE state <> 'resolved'`.execute(
      db,
    );
    await db.schema
      .createIndex('catalog_incidents_list')
      .on('catalog_incidents')
      .columns(['organisation_id', 'state', 'last_failed_at'])
      .execute();

    await db.schema
      .createTable('catalog_incident_events')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('incident_id', 'uuid', (col) => col.notNull().references('catalog_incidents.id').onDelete('cascade'))
      .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('actor', 'text')
      .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    await db.schema.createIndex('catalog_incident_events_incident').on('catalog_incident_events').columns(['incident_id', 'id']).execute();

    await db.schema
      .createTable('catalog_profiles')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('node_id', 'text', (col) => col.notNull())
      .addColumn('relation', 'text', (col) => col.notNull())
      .addColumn('job_id', 'text')
      .addColumn('profiled_by', 'text')
      .addColumn('profiled_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('milliseconds', 'integer', (col) => col.notNull())
      .addColumn('row_count', 'bigint', (col) => col.notNull())
      .addColumn('sampled_rows', 'bigint')
      .addColumn('columns', 'jsonb', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('catalog_profiles_node')
      .on('catalog_profiles')
      .columns(['organisation_id', 'node_id', 'profiled_at'])
      .execute();

    // States of the run history already ingested.
    await sql`
      INSERT INTO catalog_test_states (organisation_id, test_id, last_status, last_failures, last_message, last_executed_at, last_result_id, recent, runs, flips)
      SELECT organisation_id, unique_id, last_status, last_failures, last_message, last_executed_at, last_result_id, recent, runs, 0
      FROM (
        SELECT r.organisation_id, r.unique_id,
          (array_agg(r.status ORDER BY r.id DESC))[1] AS last_status,
          (array_agg(r.failures ORDER BY r.id DESC))[1] AS last_failures,
          (array_agg(r.message ORDER BY r.id DESC))[1] AS last_message,
          (array_agg(r.executed_at ORDER BY r.id DESC))[1] AS last_executed_at,
          max(r.id) AS last_result_id,
          left(string_agg(CASE r.status WHEN 'pass' THEN 'p' WHEN 'success' THEN 'p' WHEN 'fail' THEN 'f' WHEN 'error' THEN 'e' WHEN 'runtime error' THEN 'e' WHEN 'warn' THEN 'w' WHEN 'skipped' THEN 's' ELSE 'u' END, '' ORDER BY r.id DESC), 20) AS recent,
          count(*)::integer AS runs
        FROM dbt_run_results r
        WHERE r.unique_id LIKE 'test.%' OR r.unique_id LIKE 'unit_test.%'
        GROUP BY r.organisation_id, r.unique_id
      ) history`.execute(db);
    await sql`UPDATE catalog_test_states SET flips = (SELECT count(*) FROM generate_series(1, length(recent) - 1) i WHERE substr(recent, i, 1) <> substr(recent, i + 1, 1))`.execute(
      db,
    );
  },
};
