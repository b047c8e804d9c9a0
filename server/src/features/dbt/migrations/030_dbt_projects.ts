// Several dbt projects per organisation. Each ingestion is one project's (its `project_name`), and
// each project has its own current ingestion. Every row of the current set, and every result in
// the history, names the project it came from, so an upload replaces only its own project's rows
// and results are matched by project and unique_id, never by unique_id alone. A node of another
// project that a manifest carries for a cross-project ref (dbt Mesh) is kept apart, in
// dbt_external_nodes, and joined to that project's own node when the organisation has it.
import { sql, type Kysely, type Migration } from 'kysely';

const currentSetTables = ['dbt_nodes', 'dbt_edges', 'dbt_columns', 'dbt_tests', 'dbt_search_docs'] as const;

export const dbtProjects: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    // Rows of the current set all belong to the organisation's one current ingestion so far.
    for (const table of currentSetTables) {
      await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN project_name text`.execute(db);
      await sql`UPDATE ${sql.table(table)} t SET project_name = i.project_name
        FROM dbt_ingestions i WHERE i.organisation_id = t.organisation_id AND i.is_current`.execute(db);
      await sql`UPDATE ${sql.table(table)} SET project_name = '' WHERE project_name IS NULL`.execute(db);
      await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN project_name SET NOT NULL`.execute(db);
    }
    await sql`CREATE INDEX dbt_nodes_project ON dbt_nodes (organisation_id, project_name)`.execute(db);
    // A project's own resources have ids no other project of the organisation has (ingestion
    // refuses an overlap), but the packages two projects install (dbt_utils' macros, a package's
    // models) appear in both: each project keeps its own rows of them.
    const keys: Array<[string, string, string]> = [
      ['dbt_nodes', 'dbt_nodes_pk', 'organisation_id, project_name, unique_id'],
      ['dbt_edges', 'dbt_edges_pk', 'organisation_id, project_name, parent_id, child_id'],
      ['dbt_columns', 'dbt_columns_pk', 'organisation_id, project_name, node_id, name'],
      ['dbt_tests', 'dbt_tests_pk', 'organisation_id, project_name, unique_id'],
    ];
    for (const [table, key, columns] of keys) {
      await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(key)}`.execute(db);
      await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(key)} PRIMARY KEY (${sql.raw(columns)})`.execute(db);
    }
    await sql`CREATE INDEX dbt_nodes_unique_id ON dbt_nodes (organisation_id, unique_id)`.execute(db);
    await sql`CREATE INDEX dbt_columns_node ON dbt_columns (organisation_id, node_id)`.execute(db);

    // Results take their ingestion's project; the portal's own freshness checks (no ingestion)
    // take the project of the current source they checked.
    for (const table of ['dbt_run_results', 'dbt_freshness_results'] as const) {
      await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN project_name text`.execute(db);
      await sql`UPDATE ${sql.table(table)} r SET project_name = i.project_name
        FROM dbt_ingestions i WHERE i.id = r.ingestion_id`.execute(db);
      await sql`UPDATE ${sql.table(table)} r SET project_name = n.project_name
        FROM dbt_nodes n WHERE r.project_name IS NULL AND n.organisation_id = r.organisation_id AND n.unique_id = r.unique_id`.execute(db);
      await sql`UPDATE ${sql.table(table)} SET project_name = '' WHERE project_name IS NULL`.execute(db);
      await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN project_name SET NOT NULL`.execute(db);
    }
    await sql`CREATE INDEX dbt_run_results_project_node ON dbt_run_results (organisation_id, project_name, unique_id)`.execute(db);
    await sql`CREATE INDEX dbt_freshness_results_project_node ON dbt_freshness_results (organisation_id, project_name, unique_id)`.execute(
      db,
    );

    // One current ingestion per project instead of per organisation.
    await sql`DROP INDEX dbt_ingestions_current`.execute(db);
    await sql`CREATE UNIQUE INDEX dbt_ingestions_current ON dbt_ingestions (organisation_id, project_name) WHERE is_current`.execute(db);

    await db.schema
      .createTable('dbt_external_nodes')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      // The project whose manifest refers to the node.
      .addColumn('project_name', 'text', (col) => col.notNull())
      .addColumn('unique_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      // The project that defines it (dbt's package_name for a cross-project node).
      .addColumn('package_name', 'text', (col) => col.notNull())
      .addColumn('version', 'text')
      .addColumn('relation_name', 'text')
      .addPrimaryKeyConstraint('dbt_external_nodes_pk', ['organisation_id', 'project_name', 'unique_id'])
      .execute();

    await sql`CREATE OR REPLACE VIEW catalog_read_nodes AS
      SELECT organisation_id, unique_id, resource_type, name, package_name, database_name, schema_name, identifier,
             relation_name, materialized, description, tags, owners, domain, meta, original_file_path, source_name,
             freshness, exposure, semantic, compiled_code, project_name
      FROM dbt_nodes`.execute(db);
  },
};
