// Row types of the portal store, as Kysely sees them. The tables themselves are created by
// the migrations in ./migrations; keep both in step.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** JSON columns are written as JSON text so PGlite and node-postgres store the same thing. */
type Json<T> = ColumnType<T, string, string>;

export interface OrganisationsTable {
  id: string;
  name: string;
  created_at: CreatedAt;
}

export interface DashboardsTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  url: string;
  /** The spec calls it `order`; `position` avoids quoting a reserved word in every query. */
  position: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserLayoutSettingsTable {
  organisation_id: string;
  username: string;
  subject: string;
  settings: Json<Record<string, unknown>>;
  updated_at: UpdatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  organisation_id: string;
  actor_subject: string;
  actor_username: string;
  action: string;
  target: string;
  details: Json<Record<string, unknown>>;
  at: CreatedAt;
  /** `applied` for store writes (same transaction); warehouse changes go pending → applied | failed | not_applied. */
  outcome: ColumnType<AuditOutcome, AuditOutcome | undefined, AuditOutcome>;
  /** The portal process that recorded a pending intent. */
  instance: ColumnType<string | null, string | null | undefined, string | null>;
  settled_at: ColumnType<Date | null, never, Date | string>;
}

export type AuditOutcome = 'pending' | 'applied' | 'failed' | 'not_applied';

export interface StoreSchema {
  organisations: OrganisationsTable;
  dashboards: DashboardsTable;
  user_layout_settings: UserLayoutSettingsTable;
  audit_log: AuditLogTable;
}

export type Dashboard = Selectable<DashboardsTable>;
export type NewDashboard = Insertable<DashboardsTable>;
export type DashboardUpdate = Updateable<DashboardsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
