// Row types of the portal store, as Kysely sees them. The tables themselves are created by
// the migrations in ./migrations; keep both in step.
import type { JobState } from '@common/jobs/jobsContract';
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

export type { JobState };

/** Background work (migration 003); the job runner in platform/jobs is its only writer. */
export interface JobsTable {
  id: Generated<string>;
  organisation_id: string;
  kind: string;
  payload: Json<unknown>;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  /** Subject of the user who started it; null for scheduled or system work. */
  started_by: ColumnType<string | null, string | null | undefined, string | null>;
  singleton_key: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The portal instance holding the lease while it runs the job. */
  locked_by: ColumnType<string | null, string | null | undefined, string | null>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancel_requested: ColumnType<boolean, boolean | undefined, boolean>;
  /** 0..1 */
  progress: ColumnType<number | null, number | null | undefined, number | null>;
  progress_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last failure's message (never a stack). */
  error: ColumnType<string | null, string | null | undefined, string | null>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
  started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: UpdatedAt;
}

/** Recurring work: each due tick enqueues one job (migration 003). */
export interface JobSchedulesTable {
  name: string;
  organisation_id: string;
  kind: string;
  payload: Json<unknown>;
  /** node-postgres reads bigint as a string; PGlite as a number. */
  every_ms: ColumnType<string | number, number, number>;
  next_run_at: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StoreSchema {
  organisations: OrganisationsTable;
  dashboards: DashboardsTable;
  user_layout_settings: UserLayoutSettingsTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
}

export type Dashboard = Selectable<DashboardsTable>;
export type NewDashboard = Insertable<DashboardsTable>;
export type DashboardUpdate = Updateable<DashboardsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type JobRow = Selectable<JobsTable>;
export type JobScheduleRow = Selectable<JobSchedulesTable>;
