// Row types of the integrations area's tables (migrations 009, 010, 018 and 021).
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
  /** Which engine runs the connection's syncs: the portal's own, or an Airbyte instance. */
  engine: ColumnType<'embedded' | 'airbyte', 'embedded' | 'airbyte' | undefined, 'embedded' | 'airbyte'>;
  airbyte_source_id: string | null;
  airbyte_connection_id: string | null;
  created_by: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/**
 * One attempt of a connection's sync or reset (021): the job itself is the platform job runner's
 * record (`jobs`, kind `integrations.sync`); what the area adds is per attempt.
 */
export interface IntegrationAttemptsTable {
  /** The platform job this attempt ran for. */
  job_id: string;
  number: number;
  organisation_id: string;
  connection_id: string;
  status: 'running' | 'succeeded' | 'failed' | 'cancelled';
  rows_committed: BigIntColumn;
  bytes_committed: BigIntColumn;
  failure: string | null;
  log: ColumnType<string, string | undefined, string>;
  /** Each stream's rows at the attempt's end. */
  streams: ColumnType<unknown, string | null | undefined, string | null>;
  /** On the Airbyte engine: the Airbyte job this attempt followed (a retry or restart follows it again). */
  airbyte_job_id: ColumnType<string | number | null, number | null | undefined, number | null>;
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
    integration_attempts: IntegrationAttemptsTable;
  }
}
