// Row types of the catalog observability tables (migration 013): test states, incidents with
// their timeline, and warehouse profiles.
import type { ColumnType, Generated } from 'kysely';
import type { BigIntColumn, Json } from '../../platform/store/columnTypes.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CatalogTestStatesTable {
  organisation_id: string;
  test_id: string;
  last_status: string;
  last_failures: number | null;
  last_message: string | null;
  last_executed_at: NullableTimestamp;
  last_result_id: BigIntColumn;
  /** Newest first, one letter per run (p f e w s u), at most 20. */
  recent: string;
  runs: number;
  flips: number;
}

export type IncidentStateColumn = 'new' | 'acknowledged' | 'assigned' | 'resolved';

export interface CatalogIncidentsTable {
  id: Generated<string>;
  organisation_id: string;
  subject_id: string;
  kind: 'test' | 'freshness';
  name: string;
  asset_id: string | null;
  domain: string | null;
  state: ColumnType<IncidentStateColumn, IncidentStateColumn | undefined, IncidentStateColumn>;
  severity: ColumnType<number, number | undefined, number>;
  assignee_subject: string | null;
  assignee_name: string | null;
  resolution_reason: string | null;
  resolution_comment: string | null;
  last_status: string;
  last_failures: number | null;
  last_message: string | null;
  failure_count: ColumnType<number, number | undefined, number>;
  opened_at: Timestamp;
  last_failed_at: Timestamp;
  passing_since: NullableTimestamp;
  acknowledged_at: NullableTimestamp;
  assigned_at: NullableTimestamp;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
  updated_at: Timestamp;
}

export interface CatalogIncidentEventsTable {
  id: Generated<BigIntColumn>;
  incident_id: string;
  at: Timestamp;
  type: string;
  actor: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface CatalogProfilesTable {
  id: Generated<string>;
  organisation_id: string;
  node_id: string;
  relation: string;
  job_id: string | null;
  profiled_by: string | null;
  profiled_at: Timestamp;
  milliseconds: number;
  row_count: BigIntColumn;
  sampled_rows: BigIntColumn | null;
  columns: Json<unknown>;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    catalog_test_states: CatalogTestStatesTable;
    catalog_incidents: CatalogIncidentsTable;
    catalog_incident_events: CatalogIncidentEventsTable;
    catalog_profiles: CatalogProfilesTable;
  }
}
