// The catalog's read model in SQL: views over the dbt area's tables that other areas read in their
// own statements (a domain's test pass share, a product's objectives, a term's assets) without
// naming those tables. They are plain projections, so PostgreSQL folds them into the statement
// that reads them and plans it as before. The dbt area may change its tables; these views keep
// their columns (a later migration redefines a view when its table changes).
import { sql, type Kysely, type Migration } from 'kysely';

export const catalogReadViews: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await sql`CREATE VIEW catalog_read_nodes AS
      SELECT organisation_id, unique_id, resource_type, name, package_name, database_name, schema_name, identifier,
             relation_name, materialized, description, tags, owners, domain, meta, original_file_path, source_name,
             freshness, exposure, semantic
      FROM dbt_nodes`.execute(db);
    await sql`CREATE VIEW catalog_read_edges AS SELECT organisation_id, parent_id, child_id FROM dbt_edges`.execute(db);
    await sql`CREATE VIEW catalog_read_columns AS
      SELECT organisation_id, node_id, name, position, data_type, description, tags FROM dbt_columns`.execute(db);
    await sql`CREATE VIEW catalog_read_tests AS
      SELECT organisation_id, unique_id, name, attached_to, column_name, severity, depends_on, test_type, test_kind FROM dbt_tests`.execute(
      db,
    );
    await sql`CREATE VIEW catalog_read_run_results AS
      SELECT id, organisation_id, ingestion_id, unique_id, status, executed_at, execution_time, failures, message FROM dbt_run_results`.execute(
      db,
    );
    await sql`CREATE VIEW catalog_read_freshness AS
      SELECT id, organisation_id, ingestion_id, unique_id, origin, status, max_loaded_at, checked_at, age_seconds, error
      FROM dbt_freshness_results`.execute(db);
  },
};
