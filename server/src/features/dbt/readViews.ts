// The catalog's read model as other areas' statements see it: views over the dbt area's tables
// (migration 022), read-only for everyone. Other areas read these instead of the dbt tables; the
// architecture test holds them to it.
import type { ColumnType } from 'kysely';

/** A column others may read and nobody may write. */
type Read<T> = ColumnType<T, never, never>;

export interface CatalogReadNodesView {
  organisation_id: Read<string>;
  unique_id: Read<string>;
  resource_type: Read<string>;
  name: Read<string>;
  package_name: Read<string>;
  database_name: Read<string | null>;
  schema_name: Read<string | null>;
  identifier: Read<string | null>;
  relation_name: Read<string | null>;
  materialized: Read<string | null>;
  description: Read<string>;
  tags: Read<unknown>;
  owners: Read<unknown>;
  domain: Read<string | null>;
  meta: Read<unknown>;
  original_file_path: Read<string | null>;
  source_name: Read<string | null>;
  freshness: Read<unknown>;
  exposure: Read<unknown>;
  semantic: Read<unknown>;
  /** The node's compiled SQL (migration 028), for column-level lineage. */
  compiled_code: Read<string | null>;
  /** The dbt project the node belongs to (migration 030). */
  project_name: Read<string>;
}

export interface CatalogReadEdgesView {
  organisation_id: Read<string>;
  parent_id: Read<string>;
  child_id: Read<string>;
}

export interface CatalogReadColumnsView {
  organisation_id: Read<string>;
  node_id: Read<string>;
  name: Read<string>;
  position: Read<number>;
  data_type: Read<string | null>;
  description: Read<string>;
  tags: Read<unknown>;
}

export interface CatalogReadTestsView {
  organisation_id: Read<string>;
  unique_id: Read<string>;
  name: Read<string>;
  attached_to: Read<string | null>;
  column_name: Read<string | null>;
  severity: Read<string>;
  depends_on: Read<unknown>;
  test_type: Read<'generic' | 'singular' | 'unit'>;
  test_kind: Read<string | null>;
}

export interface CatalogReadRunResultsView {
  id: Read<string>;
  organisation_id: Read<string>;
  ingestion_id: Read<string>;
  unique_id: Read<string>;
  status: Read<string>;
  executed_at: Read<Date | null>;
  execution_time: Read<number | null>;
  failures: Read<number | null>;
  message: Read<string | null>;
}

export interface CatalogReadFreshnessView {
  id: Read<string>;
  organisation_id: Read<string>;
  ingestion_id: Read<string | null>;
  unique_id: Read<string>;
  origin: Read<'dbt' | 'portal'>;
  status: Read<string>;
  max_loaded_at: Read<Date | null>;
  checked_at: Read<Date>;
  age_seconds: Read<number | null>;
  error: Read<string | null>;
}

/** The organisation's ingestions (migration 028): `is_current` marks each project's current one (migration 030); `adapter_type` decides the SQL dialect. */
export interface CatalogReadIngestionsView {
  organisation_id: Read<string>;
  id: Read<string>;
  project_name: Read<string>;
  adapter_type: Read<string | null>;
  ingested_at: Read<Date>;
  is_current: Read<boolean>;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    catalog_read_nodes: CatalogReadNodesView;
    catalog_read_edges: CatalogReadEdgesView;
    catalog_read_columns: CatalogReadColumnsView;
    catalog_read_tests: CatalogReadTestsView;
    catalog_read_run_results: CatalogReadRunResultsView;
    catalog_read_freshness: CatalogReadFreshnessView;
    catalog_read_ingestions: CatalogReadIngestionsView;
  }
}
