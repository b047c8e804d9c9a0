// Row types of the dbt area's tables, as Kysely sees them. They join the store's schema
// (platform/store/schema.ts) by declaration merging, so the platform names no area; the tables
// themselves are created by the area's migrations.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, NullableJson, OptionalJson } from '../../platform/store/columnTypes.js';

/** dbt ingestions of an organisation, newest last; `is_current` marks each project's set that pages show (migrations 004, 030). */
export interface DbtIngestionsTable {
  id: Generated<string>;
  organisation_id: string;
  origin: 'upload' | 'sample' | 'directory';
  project_name: string;
  dbt_version: string;
  manifest_schema_version: string;
  /** The manifest's `metadata.adapter_type` (migration 028); null for ingestions before it. */
  adapter_type: ColumnType<string | null, string | null | undefined, string | null>;
  generated_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  ingested_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ingested_by: string | null;
  parts: Json<string[]>;
  counts: Json<Record<string, number>>;
  is_current: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface DbtIngestionLocksTable {
  organisation_id: string;
  holder: string;
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The holding process: its instance id, host and process id (migration 019). */
  instance_id: Generated<string>;
  host: Generated<string>;
  pid: Generated<number>;
  /** The lock lapses at this time unless the holder renews it. */
  lease_until: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Every resource of the current manifest: models, sources, seeds, snapshots, exposures, metrics, semantic models, tests, analyses. */
export interface DbtNodesTable {
  organisation_id: string;
  /** The dbt project the row belongs to (migration 030). */
  project_name: string;
  unique_id: string;
  ingestion_id: string;
  resource_type: string;
  name: string;
  package_name: string;
  database_name: string | null;
  schema_name: string | null;
  identifier: string | null;
  relation_name: string | null;
  materialized: string | null;
  description: ColumnType<string, string | undefined, string>;
  tags: OptionalJson<string[]>;
  owners: OptionalJson<string[]>;
  domain: string | null;
  meta: OptionalJson<Record<string, unknown>>;
  original_file_path: string | null;
  raw_code: string | null;
  compiled_code: string | null;
  source_name: string | null;
  freshness: NullableJson<unknown>;
  exposure: NullableJson<unknown>;
  /** Semantic models: entities, dimensions, measures; metrics: type and type_params (migration 014). */
  semantic: ColumnType<unknown, string | null | undefined, string | null>;
  /** Versioned models (dbt 1.5+): this node's version and the model's latest (migration 024). */
  version: ColumnType<string | null, string | null | undefined, string | null>;
  latest_version: ColumnType<string | null, string | null | undefined, string | null>;
  /** private, protected or public; null before dbt 1.5. */
  access: ColumnType<string | null, string | null | undefined, string | null>;
  group_name: ColumnType<string | null, string | null | undefined, string | null>;
  contract_enforced: ColumnType<boolean, boolean | undefined, boolean>;
  /** The project certifies it: `certified: true` in its meta or the tag `certified` (migration 026). */
  certified: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface DbtEdgesTable {
  organisation_id: string;
  /** The dbt project the row belongs to (migration 030). */
  project_name: string;
  parent_id: string;
  child_id: string;
}

export interface DbtColumnsTable {
  organisation_id: string;
  /** The dbt project the row belongs to (migration 030). */
  project_name: string;
  node_id: string;
  name: string;
  position: number;
  data_type: string | null;
  description: ColumnType<string, string | undefined, string>;
  tags: OptionalJson<string[]>;
}

export interface DbtTestsTable {
  organisation_id: string;
  /** The dbt project the row belongs to (migration 030). */
  project_name: string;
  unique_id: string;
  name: string;
  attached_to: string | null;
  column_name: string | null;
  severity: string;
  depends_on: OptionalJson<string[]>;
  /** generic, singular or unit (migration 013). */
  test_type: ColumnType<'generic' | 'singular' | 'unit', 'generic' | 'singular' | 'unit' | undefined, 'generic' | 'singular' | 'unit'>;
  /** A generic test's macro (not_null, unique, …); null for the others. */
  test_kind: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DbtSearchDocsTable {
  id: Generated<string>;
  organisation_id: string;
  /** The dbt project the row belongs to (migration 030). */
  project_name: string;
  kind: string;
  unique_id: string;
  column_name: string | null;
  name: string;
  description: string;
  /** Text indexed at weight A (names), B (descriptions), C (the rest); `document` is generated from them. */
  weight_a: string;
  weight_b: string;
  weight_c: string;
  document: ColumnType<string, never, never>;
}

export interface DbtRunResultsTable {
  id: Generated<string>;
  organisation_id: string;
  /** The dbt project the row belongs to (migration 030). */
  project_name: string;
  ingestion_id: string;
  unique_id: string;
  status: string;
  executed_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  execution_time: number | null;
  failures: number | null;
  message: string | null;
}

export interface DbtFreshnessResultsTable {
  id: Generated<string>;
  organisation_id: string;
  /** The dbt project the row belongs to (migration 030). */
  project_name: string;
  ingestion_id: string | null;
  unique_id: string;
  origin: 'dbt' | 'portal';
  status: string;
  max_loaded_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  checked_at: ColumnType<Date, Date | string, Date | string>;
  age_seconds: number | null;
  error: string | null;
}

/** A node of another project that a manifest carries for a cross-project ref (dbt Mesh; migration 030). */
export interface DbtExternalNodesTable {
  organisation_id: string;
  /** The project whose manifest refers to it. */
  project_name: string;
  unique_id: string;
  name: string;
  /** The project that defines it. */
  package_name: string;
  version: string | null;
  relation_name: string | null;
}

/** Upload tokens the organisation issues to its dbt jobs (migration 017). */
export interface DbtUploadTokensTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  token_hash: string;
  token_start: string;
  created_by: string;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    dbt_ingestions: DbtIngestionsTable;
    dbt_ingestion_locks: DbtIngestionLocksTable;
    dbt_nodes: DbtNodesTable;
    dbt_edges: DbtEdgesTable;
    dbt_columns: DbtColumnsTable;
    dbt_tests: DbtTestsTable;
    dbt_search_docs: DbtSearchDocsTable;
    dbt_run_results: DbtRunResultsTable;
    dbt_freshness_results: DbtFreshnessResultsTable;
    dbt_upload_tokens: DbtUploadTokensTable;
    dbt_external_nodes: DbtExternalNodesTable;
  }
}
