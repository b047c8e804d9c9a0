// Limits and vocabularies of the integrations area, shared by the pages (which say the same at
// the field) and the server (which refuses anything else with a 400 naming the field).
import type { JobState } from '../jobs/jobsContract';
import type { AppRouteId } from '../paths';

export const CONNECTION_NAME_MAX = 120;
/**
 * What the API shows in place of a stored secret (a field the connector's spec marks
 * `airbyte_secret`); sent back unchanged, it means "keep the stored value".
 */
export const SECRET_MASK = '**********';
export const SOURCE_NAME_MAX = 120;
/** Interval schedules run every N hours within these bounds. */
export const INTERVAL_HOURS_MIN = 1;
export const INTERVAL_HOURS_MAX = 24 * 7;
export const CRON_EXPRESSION_MAX = 100;
export const CONNECTION_SEARCH_MAX = 100;
export const JOBS_PAGE_SIZE = 20;
/** Bulk actions take at most this many connections at once. */
export const BULK_MAX = 200;

export const connectionStatuses = ['active', 'paused'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** How a connection is doing, for the status counts and filters of Manage connectors. */
export const connectionHealths = ['healthy', 'failing', 'paused', 'syncing', 'pending'] as const;
export type ConnectionHealth = (typeof connectionHealths)[number];

/** Airbyte's job statuses. `incomplete`: an attempt failed and another will follow. */
export const jobStatuses = ['pending', 'running', 'succeeded', 'failed', 'cancelled', 'incomplete'] as const;
export type SyncJobStatus = (typeof jobStatuses)[number];
export const FINISHED_SYNC_STATUSES: readonly SyncJobStatus[] = ['succeeded', 'failed', 'cancelled'];

export const connectorCategories = ['database', 'file', 'api', 'sample', 'custom'] as const;
export type ConnectorCategory = (typeof connectorCategories)[number];

/** certified: maintained and tested with the portal; community: shipped as is; custom: the organisation's own. */
export const supportLevels = ['certified', 'community', 'custom'] as const;
export type SupportLevel = (typeof supportLevels)[number];

/**
 * The platform job kind of a connection's sync or reset. Its jobs travel on the live channel's `job`
 * topic like any other work, with the sync's rows per stream in the event's `detail`.
 */
export const SYNC_JOB_KIND = 'integrations.sync';

/** A sync job's status in Airbyte's words, from the platform job's state: a queued job that already ran is waiting for its retry. */
export function syncJobStatus(state: JobState, attempts: number): SyncJobStatus {
  if (state === 'queued') return attempts > 0 ? 'incomplete' : 'pending';
  return state;
}

/** The pages whose users follow syncs (and hear their job events). */
export const INTEGRATIONS_PAGES = ['integrations', 'manageConnectors', 'addConnector'] as const satisfies readonly AppRouteId[];
