// The portal store's schema as Kysely sees it. This file holds the platform's own tables
// (organisations, the audit log, jobs, notifications, revoked sessions); each area declares its
// tables in its own features/<area>/tables.ts, which adds them to StoreSchema by declaration
// merging, so the platform names no area. The tables themselves are created by the migrations.
import type { JobState } from '@common/jobs/jobsContract';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Json, UpdatedAt } from './columnTypes.js';

export interface OrganisationsTable {
  id: string;
  name: string;
  created_at: CreatedAt;
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
  /** The kind's own small facts with the progress (e.g. a sync's rows per stream), published with every event (020). */
  progress_detail: ColumnType<unknown, string | null | undefined, string | null>;
  /** The last failure's message (never a stack). */
  error: ColumnType<string | null, string | null | undefined, string | null>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
  started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: UpdatedAt;
}

/** Recurring work: each due tick enqueues one job (migrations 003 and 020). */
export interface JobSchedulesTable {
  name: string;
  organisation_id: string;
  kind: string;
  payload: Json<unknown>;
  /** node-postgres reads bigint as a string; PGlite as a number. Null for a cron schedule (020). */
  every_ms: ColumnType<string | number | null, number | null, number | null>;
  /** A five-field cron expression (UTC), instead of `every_ms`. */
  cron: ColumnType<string | null, string | null | undefined, string | null>;
  /** The singleton key each tick's job takes (default `schedule:<name>`). */
  singleton_key: ColumnType<string | null, string | null | undefined, string | null>;
  next_run_at: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One notification event (migration 005); `id` is also its SSE event id. node-postgres reads bigint as a string. */
export interface NotificationsTable {
  id: ColumnType<string | number, never, never>;
  organisation_id: string;
  type: string;
  title: string;
  body: ColumnType<string, string | undefined, string>;
  link: string | null;
  data: Json<Record<string, unknown>>;
  audience: Json<unknown>;
  created_at: CreatedAt;
}

export interface NotificationRecipientsTable {
  notification_id: ColumnType<string | number, string | number, never>;
  organisation_id: string;
  subject: string;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The users the portal has seen, with their last token's roles and e-mail (who a role's notice reaches). */
export interface NotificationUsersTable {
  organisation_id: string;
  subject: string;
  username: string;
  email: string | null;
  roles: Json<string[]>;
  seen_at: UpdatedAt;
}

export interface NotificationPreferencesTable {
  organisation_id: string;
  subject: string;
  type: string;
  in_app: boolean;
  email: boolean;
}

/** A session an administrator ended: tokens carrying this `sid` are refused (008). */
export interface RevokedSessionsTable {
  sid: string;
  organisation_id: string;
  subject: string;
  revoked_at: Generated<Date>;
  expires_at: Date;
}

/** Tokens of this user issued before `not_before` are refused (sign out everywhere; 008). */
export interface TokenNotBeforeTable {
  subject: string;
  organisation_id: string;
  not_before: Date;
  updated_at: Generated<Date>;
}

/** Every table of the store: the platform's below, each area's added by its tables.ts. */
export interface StoreSchema {
  organisations: OrganisationsTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  notification_users: NotificationUsersTable;
  notification_preferences: NotificationPreferencesTable;
  revoked_sessions: RevokedSessionsTable;
  token_not_before: TokenNotBeforeTable;
}

export type AuditEntry = Selectable<AuditLogTable>;
export type JobRow = Selectable<JobsTable>;
export type JobScheduleRow = Selectable<JobSchedulesTable>;
