// The platform's migrations of the portal store: its own tables (organisations, the audit log,
// jobs, notifications, revoked sessions) and the first shared migrations, which also created some
// areas' tables (001: dashboards and layout settings; 005: support; 006: knowledge, Hive, feature
// requests, projects) and stay here as shipped. Each area keeps its later migrations in its own
// migrations/ folder; openStore runs all of them in name order. Never edit one that has shipped.
// There is no 012: the number was skipped when the catalog quality migration was written as 013,
// and since migrations need only distinct names in order, the gap stays. 020 came later: the
// platform's own migrations take the next free number like any area's.
import type { Migration } from 'kysely';
import { initial } from './001_initial.js';
import { auditOutcome } from './002_audit_outcome.js';
import { jobs } from './003_jobs.js';
import { notificationsSupport } from './005_notifications_support.js';
import { workspace } from './006_workspace.js';
import { security } from './008_security.js';
import { jobDetailsAndCron } from './020_job_details_and_cron.js';

export const platformMigrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_audit_outcome': auditOutcome,
  '003_jobs': jobs,
  '005_notifications_support': notificationsSupport,
  '006_workspace': workspace,
  '008_security': security,
  '020_job_details_and_cron': jobDetailsAndCron,
};
