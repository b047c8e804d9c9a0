// Row types of the portal store, as Kysely sees them. The tables themselves are created by
// the migrations in ./migrations; keep both in step.
import type { JobState } from '@common/jobs/jobsContract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CreatedAt, Json, UpdatedAt } from './tables/columnTypes.js';
import type { IntegrationsSchema } from './tables/integrationsTables.js';
import type { BudgetsSchema } from './tables/budgetTables.js';
import type { CatalogQualitySchema } from './tables/catalogQualityTables.js';
import type { CatalogDomainsSchema } from './tables/catalogDomainsTables.js';
import type { CatalogGovernanceSchema } from './tables/catalogGovernanceTables.js';
import type { CatalogAlertsSchema } from './tables/catalogAlertsTables.js';

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

/** dbt ingestions of an organisation, newest last; `is_current` marks the set pages show (migration 004). */
export interface DbtIngestionsTable {
  id: Generated<string>;
  organisation_id: string;
  origin: 'upload' | 'sample' | 'directory';
  project_name: string;
  dbt_version: string;
  manifest_schema_version: string;
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

type OptionalJson<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** Every resource of the current manifest: models, sources, seeds, snapshots, exposures, metrics, semantic models, tests, analyses. */
export interface DbtNodesTable {
  organisation_id: string;
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
}

export interface DbtEdgesTable {
  organisation_id: string;
  parent_id: string;
  child_id: string;
}

export interface DbtColumnsTable {
  organisation_id: string;
  node_id: string;
  name: string;
  position: number;
  data_type: string | null;
  description: ColumnType<string, string | undefined, string>;
  tags: OptionalJson<string[]>;
}

export interface DbtTestsTable {
  organisation_id: string;
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
  ingestion_id: string | null;
  unique_id: string;
  origin: 'dbt' | 'portal';
  status: string;
  max_loaded_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  checked_at: ColumnType<Date, Date | string, Date | string>;
  age_seconds: number | null;
  error: string | null;
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

/** Support tickets (migration 005). */
export interface SupportTicketsTable {
  id: Generated<string>;
  number: ColumnType<string | number, never, never>;
  organisation_id: string;
  subject: string;
  description: string;
  category: string;
  priority: string;
  status: ColumnType<string, string | undefined, string>;
  requester_subject: string;
  requester_username: string;
  assignee_subject: ColumnType<string | null, string | null | undefined, string | null>;
  assignee_username: ColumnType<string | null, string | null | undefined, string | null>;
  layout_settings: NullableJson<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  first_response_due_at: ColumnType<Date, Date | string, Date | string>;
  resolution_due_at: ColumnType<Date, Date | string, Date | string>;
  first_response_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  solved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  document: ColumnType<string, never, never>;
}

export interface SupportMessagesTable {
  id: Generated<string>;
  ticket_id: string;
  organisation_id: string;
  kind: 'reply' | 'note';
  body: string;
  author_subject: string;
  author_username: string;
  created_at: CreatedAt;
}

export interface SupportAttachmentsTable {
  id: Generated<string>;
  ticket_id: string;
  organisation_id: string;
  filename: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  uploaded_by_subject: string;
  uploaded_by_username: string;
  created_at: CreatedAt;
}

type Document = ColumnType<string, never, never>;

/** Knowledge base articles, FAQ, Hive, feature requests and projects (migration 006). */
export interface KbArticlesTable {
  id: Generated<string>;
  organisation_id: string;
  title: string;
  body: string;
  category: string;
  tags: Json<string[]>;
  tags_text: string;
  status: 'draft' | 'published';
  author_subject: string;
  author_username: string;
  seed_key: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  document: Document;
}

export interface KbVotesTable {
  article_id: string;
  organisation_id: string;
  subject: string;
  helpful: boolean;
  voted_at: UpdatedAt;
}

export interface FaqEntriesTable {
  id: Generated<string>;
  organisation_id: string;
  topic: string;
  question: string;
  answer: string;
  position: ColumnType<number, number | undefined, number>;
  hive_question_id: string | null;
  seed_key: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  document: Document;
}

export interface HiveQuestionsTable {
  id: Generated<string>;
  organisation_id: string;
  title: string;
  body: string;
  tags: Json<string[]>;
  tags_text: string;
  author_subject: string;
  author_username: string;
  accepted_answer_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  document: Document;
}

export interface HiveAnswersTable {
  id: Generated<string>;
  question_id: string;
  organisation_id: string;
  body: string;
  author_subject: string;
  author_username: string;
  created_at: CreatedAt;
  document: Document;
}

export interface HiveVotesTable {
  target_id: string;
  organisation_id: string;
  subject: string;
  voted_at: CreatedAt;
}

export interface FeatureRequestsTable {
  id: Generated<string>;
  organisation_id: string;
  title: string;
  description: string;
  status: ColumnType<string, string | undefined, string>;
  decline_reason: string | null;
  author_subject: string;
  author_username: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  document: Document;
}

export interface FeatureVotesTable {
  feature_id: string;
  organisation_id: string;
  subject: string;
  voted_at: CreatedAt;
}

export interface FeatureSubscribersTable {
  feature_id: string;
  organisation_id: string;
  subject: string;
  username: string;
}

export interface FeatureCommentsTable {
  id: Generated<string>;
  feature_id: string;
  organisation_id: string;
  body: string;
  author_subject: string;
  author_username: string;
  created_at: CreatedAt;
}

export interface ProjectsTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  description: string;
  owner: string;
  members: Json<string[]>;
  status: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProjectResourcesTable {
  project_id: string;
  organisation_id: string;
  kind: string;
  ref: string;
  added_at: CreatedAt;
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

// Areas with many tables keep their row types in ./tables (one file per area).
export interface StoreSchema
  extends IntegrationsSchema, CatalogQualitySchema, CatalogDomainsSchema, CatalogGovernanceSchema, CatalogAlertsSchema, BudgetsSchema {
  organisations: OrganisationsTable;
  dashboards: DashboardsTable;
  user_layout_settings: UserLayoutSettingsTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  dbt_ingestions: DbtIngestionsTable;
  dbt_ingestion_locks: DbtIngestionLocksTable;
  dbt_nodes: DbtNodesTable;
  dbt_edges: DbtEdgesTable;
  dbt_columns: DbtColumnsTable;
  dbt_tests: DbtTestsTable;
  dbt_search_docs: DbtSearchDocsTable;
  dbt_run_results: DbtRunResultsTable;
  dbt_freshness_results: DbtFreshnessResultsTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  notification_users: NotificationUsersTable;
  notification_preferences: NotificationPreferencesTable;
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  support_attachments: SupportAttachmentsTable;
  kb_articles: KbArticlesTable;
  kb_votes: KbVotesTable;
  faq_entries: FaqEntriesTable;
  hive_questions: HiveQuestionsTable;
  hive_answers: HiveAnswersTable;
  hive_votes: HiveVotesTable;
  feature_requests: FeatureRequestsTable;
  feature_votes: FeatureVotesTable;
  feature_subscribers: FeatureSubscribersTable;
  feature_comments: FeatureCommentsTable;
  projects: ProjectsTable;
  project_resources: ProjectResourcesTable;
  data_api_endpoints: DataApiEndpointsTable;
  data_api_versions: DataApiVersionsTable;
  data_api_keys: DataApiKeysTable;
  data_api_rate_windows: DataApiRateWindowsTable;
  data_api_calls: DataApiCallsTable;
  revoked_sessions: RevokedSessionsTable;
  token_not_before: TokenNotBeforeTable;
}

export type Dashboard = Selectable<DashboardsTable>;
export type NewDashboard = Insertable<DashboardsTable>;
export type DashboardUpdate = Updateable<DashboardsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type JobRow = Selectable<JobsTable>;
export type JobScheduleRow = Selectable<JobSchedulesTable>;

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
