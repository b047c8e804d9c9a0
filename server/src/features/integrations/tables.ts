// Row types of the integrations area's tables (migrations 009, 010 and 018).
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, UpdatedAt, BigIntColumn } from '../../platform/store/columnTypes.js';

export interface IntegrationSourcesTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  definition_id: string;
  config: Json<Record<string, unknown>>;
  secrets_sealed: string | null;
  created_by: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface IntegrationConnectionsTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  source_id: string;
  destination_schema: string;
  status: ColumnType<'active' | 'paused', 'active' | 'paused' | undefined, 'active' | 'paused'>;
  schedule: Json<unknown>;
  streams: Json<unknown>;
  catalog: Json<unknown>;
  generation: ColumnType<number, number | undefined, number>;
  next_sync_at: Date | null;
  /** Which engine runs the connection's syncs: the portal's own, or an Airbyte instance. */
  engine: ColumnType<'embedded' | 'airbyte', 'embedded' | 'airbyte' | undefined, 'embedded' | 'airbyte'>;
  airbyte_source_id: string | null;
  airbyte_connection_id: string | null;
  created_by: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface IntegrationJobsTable {
  id: Generated<string>;
  organisation_id: string;
  connection_id: string;
  runner_job_id: string | null;
  kind: 'sync' | 'reset';
  status: 'pending' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'incomplete';
  rows_synced: BigIntColumn;
  bytes_synced: BigIntColumn;
  streams: ColumnType<unknown, string | undefined, string>;
  failure: string | null;
  /** On the Airbyte engine: the Airbyte job that runs this sync (kept so a retry or restart follows it). */
  airbyte_job_id: ColumnType<string | null, number | null | undefined, number | null>;
  started_by: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  ended_at: Date | null;
}

export interface IntegrationAttemptsTable {
  job_id: string;
  number: number;
  status: 'running' | 'succeeded' | 'failed' | 'cancelled';
  rows_committed: BigIntColumn;
  bytes_committed: BigIntColumn;
  failure: string | null;
  log: ColumnType<string, string | undefined, string>;
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ended_at: Date | null;
}

export interface IntegrationDefinitionsTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  kind: 'executable';
  program: string;
  spec: Json<Record<string, unknown>>;
  created_by: string;
  created_at: CreatedAt;
}

export interface IntegrationAirbyteWorkspacesTable {
  organisation_id: string;
  workspace_id: string;
  /** The organisation's warehouse as an Airbyte destination, once made. */
  destination_id: string | null;
  created_at: CreatedAt;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    integration_airbyte_workspaces: IntegrationAirbyteWorkspacesTable;
    integration_definitions: IntegrationDefinitionsTable;
    integration_sources: IntegrationSourcesTable;
    integration_connections: IntegrationConnectionsTable;
    integration_jobs: IntegrationJobsTable;
    integration_attempts: IntegrationAttemptsTable;
  }
}
