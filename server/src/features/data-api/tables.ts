// Row types of the data-api area's tables, as Kysely sees them. They join the store's schema
// (platform/store/schema.ts) by declaration merging, so the platform names no area; the tables
// themselves are created by the area's migrations.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, UpdatedAt } from '../../platform/store/columnTypes.js';

// Data APIs (migration 007).
export interface DataApiEndpointsTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  live_version: number | null;
  created_by: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DataApiVersionsTable {
  endpoint_id: string;
  version: number;
  status: 'draft' | 'published';
  definition: Json<Record<string, unknown>>;
  json_schema: Json<Record<string, unknown>>;
  created_by: string;
  created_at: CreatedAt;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DataApiKeysTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: Json<string[]>;
  fixed_parameters: Json<Record<string, string>>;
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  rate_limit: number;
  created_by: string;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DataApiRateWindowsTable {
  key_id: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  calls: number;
}

export interface DataApiCallsTable {
  id: Generated<string>;
  organisation_id: string;
  endpoint_id: string | null;
  endpoint_name: string;
  version: number | null;
  key_id: string | null;
  status: number;
  latency_ms: number;
  rows: number;
  called_at: ColumnType<Date, Date | string, never>;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    data_api_endpoints: DataApiEndpointsTable;
    data_api_versions: DataApiVersionsTable;
    data_api_keys: DataApiKeysTable;
    data_api_rate_windows: DataApiRateWindowsTable;
    data_api_calls: DataApiCallsTable;
  }
}
