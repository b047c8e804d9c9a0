// What column-level lineage reads of the catalog: each node's compiled SQL (through the read view,
// which a later migration may widen but never narrow) and the adapter the manifest was compiled
// for, which decides the SQL dialect.
import { sql, type Kysely, type Migration } from 'kysely';

export const dbtCompiledSqlView: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE dbt_ingestions ADD COLUMN adapter_type text`.execute(db);
    await sql`CREATE OR REPLACE VIEW catalog_read_nodes AS
      SELECT organisation_id, unique_id, resource_type, name, package_name, database_name, schema_name, identifier,
             relation_name, materialized, description, tags, owners, domain, meta, original_file_path, source_name,
             freshness, exposure, semantic, compiled_code
      FROM dbt_nodes`.execute(db);
    await sql`CREATE VIEW catalog_read_ingestions AS
      SELECT organisation_id, id, project_name, adapter_type, ingested_at, is_current FROM dbt_ingestions`.execute(db);
  },
};
