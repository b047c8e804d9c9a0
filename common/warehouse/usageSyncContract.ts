// The usage copy behind the Optimize pages (GET /api/warehouse/usage-sync): how current it is,
// what the last syncs did, and what syncing costs on the account.
import type { JobView } from '../jobs/jobsContract';

export type UsageSyncRunStatus = 'succeeded' | 'failed' | 'cancelled';

export interface UsageSyncRun {
  id: string;
  kind: 'backfill' | 'incremental';
  status: UsageSyncRunStatus;
  startedAt: string;
  finishedAt: string;
  rowsCopied: number;
  /** Statements the sync sent to the account. */
  sourceStatements: number;
  /** Why it failed, in words; null otherwise. */
  error: string | null;
}

export interface UsageViewState {
  view: string;
  /** Everything the account had reported before this time is in the copy. */
  readTo: string;
  syncedAt: string;
  rowsCopied: number;
}

export interface UsageSyncCost {
  days: number;
  runs: number;
  sourceStatements: number;
  /** The sync's statements found in the copied QUERY_HISTORY (they appear there after the view's latency). */
  queries: number;
  credits: number;
  cost: number;
}

export interface UsageSyncStatus {
  /** False until the first sync (the backfill) has finished: the pages have nothing to show yet. */
  ready: boolean;
  /**
   * The figures are complete up to this time: the copy's read position less the views'
   * documented latency (ACCOUNT_USAGE shows usage up to three hours late). Null before the first sync.
   */
  dataAsOf: string | null;
  /** When the last successful sync finished. */
  syncedAt: string | null;
  backfillDays: number;
  /** Milliseconds between scheduled syncs. */
  intervalMs: number;
  lastRun: UsageSyncRun | null;
  recentRuns: UsageSyncRun[];
  views: UsageViewState[];
  cost: UsageSyncCost;
  /** The sync that is queued or running now, if any. */
  job: JobView | null;
}

/** The live channel's job kind of a usage sync. */
export const USAGE_SYNC_JOB_KIND = 'warehouse.usage-sync';
