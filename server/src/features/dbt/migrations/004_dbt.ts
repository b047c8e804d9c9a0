// The dbt layer: each organisation's ingested artifacts, normalised so pages never re-parse a
// manifest. Nodes, edges, columns, tests and search documents hold the *current* set only (an
// ingestion replaces them in one transaction); ingestions, run results and freshness results
// are kept as history, so trends survive a new upload.
import { sql, type Kysely, type Migration } from 'kysely';

export const dbt: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('dbt_ingestions')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('origin', 'text', (col) => col.notNull())
      .addColumn('project_name', 'text', (col) => col.notNull())
      .addColumn('dbt_version', 'text', (col) => col.notNull())
      .addColumn('manifest_schema_version', 'text', (col) => col.notNull())
      .addColumn('generated_at', 'timestamptz')
      .addColumn('ingested_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('ingested_by', 'text')
      .addColumn('parts', 'jsonb', (col) => col.notNull())
      .addColumn('counts', 'jsonb', (col) => col.notNull())
      .addColumn('is_current', 'boolean', (col) => col.notNull().defaultTo(false))
      .execute();
    await sql`ALTER TABLE dbt_ingestions ADD CONSTRAINT dbt_ingestions_origin CHECK (origin IN ('upload', 'sample', 'directory'))`.execute(
      db,
    );
    await db.schema
      .createIndex('dbt_ingestions_organisation_at')
      .on('dbt_ingestions')
      .columns(['organisation_id', 'ingested_at'])
      .execute();
    // At most one current set per organisation.
    await sql`CREATE UNIQUE INDEX dbt_ingestions_current ON dbt_ingestions (organisation_id) WHERE is_current`.execute(db);

    // One ingestion at a time per organisation, across portal instances: a row here is the lock.
    await db.schema
      .createTable('dbt_ingestion_locks')
      .addColumn('organisation_id', 'text', (col) => col.primaryKey())
      .addColumn('holder', 'text', (col) => col.notNull())
      .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('dbt_nodes')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('unique_id', 'text', (col) => col.notNull())
      .addColumn('ingestion_id', 'uuid', (col) => col.notNull())
      .addColumn('resource_type', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('package_name', 'text', (col) => col.notNull())
      .addColumn('database_name', 'text')
      .addColumn('schema_name', 'text')
      .addColumn('identifier', 'text')
      .addColumn('relation_name', 'text')
      .addColumn('materialized', 'text')
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('tags', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('owners', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('domain', 'text')
      .addColumn('meta', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('original_file_path', 'text')
      .addColumn('raw_code', 'text')
      .addColumn('compiled_code', 'text')
      // Sources: their source name and freshness criteria (loaded_at_field, warn/error after, filter).
      .addColumn('source_name', 'text')
      .addColumn('freshness', 'jsonb')
      // Exposures: type, maturity, owner, url, label.
      .addColumn('exposure', 'jsonb')
      .addPrimaryKeyConstraint('dbt_nodes_pk', ['organisation_id', 'unique_id'])
      .execute();
    await db.schema.createIndex('dbt_nodes_organisation_type').on('dbt_nodes').columns(['organisation_id', 'resource_type']).execute();

    await db.schema
      .createTable('dbt_edges')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('parent_id', 'text', (col) => col.notNull())
      .addColumn('child_id', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('dbt_edges_pk', ['organisation_id', 'parent_id', 'child_id'])
      .execute();
    await db.schema.createIndex('dbt_edges_child').on('dbt_edges').columns(['organisation_id', 'child_id']).execute();

    await db.schema
      .createTable('dbt_columns')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('node_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      // From catalog.json when present, else the manifest's declared data_type.
      .addColumn('data_type', 'text')
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('tags', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addPrimaryKeyConstraint('dbt_columns_pk', ['organisation_id', 'node_id', 'name'])
      .execute();

    // Data tests and what they attach to (a node, and a column of it when the test names one).
    await db.schema
      .createTable('dbt_tests')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('unique_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('attached_to', 'text')
      .addColumn('column_name', 'text')
      .addColumn('severity', 'text', (col) => col.notNull())
      // Every node the test reads: a failing test degrades each of them.
      .addColumn('depends_on', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addPrimaryKeyConstraint('dbt_tests_pk', ['organisation_id', 'unique_id'])
      .execute();
    await db.schema.createIndex('dbt_tests_attached').on('dbt_tests').columns(['organisation_id', 'attached_to']).execute();

    // What explore searches: one document per searchable node and per column, with its facets.
    await db.schema
      .createTable('dbt_search_docs')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('unique_id', 'text', (col) => col.notNull())
      .addColumn('column_name', 'text')
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('weight_a', 'text', (col) => col.notNull())
      .addColumn('weight_b', 'text', (col) => col.notNull())
      .addColumn('weight_c', 'text', (col) => col.notNull())
      // 'simple' keeps names as written (no stemming of `stg_orders`); names weigh most.
      .addColumn('document', sql`tsvector`, (col) =>
        col
          .generatedAlwaysAs(
            sql`setweight(to_tsvector('simple'::regconfig, weight_a), 'A') || setweight(to_tsvector('simple'::regconfig, weight_b), 'B') || setweight(to_tsvector('simple'::regconfig, weight_c), 'C')`,
          )
          .stored(),
      )
      .execute();
    await sql`CREATE INDEX dbt_search_docs_document ON dbt_search_docs USING gin (document)`.execute(db);
    await db.schema.createIndex('dbt_search_docs_organisation').on('dbt_search_docs').columns(['organisation_id', 'kind']).execute();

    // History: every ingestion's run results, never replaced.
    await db.schema
      .createTable('dbt_run_results')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('ingestion_id', 'uuid', (col) => col.notNull())
      .addColumn('unique_id', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('executed_at', 'timestamptz')
      .addColumn('execution_time', 'double precision')
      .addColumn('failures', 'integer')
      .addColumn('message', 'text')
      .execute();
    await db.schema.createIndex('dbt_run_results_node').on('dbt_run_results').columns(['organisation_id', 'unique_id']).execute();
    await db.schema.createIndex('dbt_run_results_ingestion').on('dbt_run_results').columns(['ingestion_id']).execute();

    // History: freshness from uploaded sources.json (origin dbt) and the portal's checks (origin portal).
    await db.schema
      .createTable('dbt_freshness_results')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('ingestion_id', 'uuid')
      .addColumn('unique_id', 'text', (col) => col.notNull())
      .addColumn('origin', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('max_loaded_at', 'timestamptz')
      .addColumn('checked_at', 'timestamptz', (col) => col.notNull())
      .addColumn('age_seconds', 'double precision')
      .addColumn('error', 'text')
      .execute();
    await sql`ALTER TABLE dbt_freshness_results ADD CONSTRAINT dbt_freshness_origin CHECK (origin IN ('dbt', 'portal'))`.execute(db);
    await db.schema
      .createIndex('dbt_freshness_results_node')
      .on('dbt_freshness_results')
      .columns(['organisation_id', 'unique_id', 'checked_at'])
      .execute();
  },
};
