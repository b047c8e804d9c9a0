/**
 * Which ACCOUNT_USAGE views the usage copy holds, and how each is kept up to date.
 *
 * Historical views are copied incrementally: each sync re-reads, from the view's watermark less
 * a safety window, everything the account has reported since, and replaces that slice of the
 * copy. The safety window covers the view's documented latency (rows appear that late) and rows
 * that change after they first appear (metering of a running hour, a day's cloud-services
 * adjustment, a long query that is only reported when it ends). QUERY_HISTORY is read by
 * END_TIME for that last reason: a query is reported when it ends, so a query that ran 20 hours
 * arrives with a START_TIME 20 hours old but an END_TIME inside the window.
 *
 * Object views (users, roles, grants) are small and describe the present: each sync replaces
 * them whole.
 *
 * Latencies are Snowflake's documented ones for ACCOUNT_USAGE.
 */

import { DAY_MS } from '@common/time/utcDay';

const HOUR_MS = 3_600_000;

export interface HistoricalView {
  mode: 'historical';
  name: string;
  /** The column a slice is cut on (TIMESTAMP or DATE). */
  cutColumn: string;
  /** How long after the fact Snowflake shows a row. */
  latencyMs: number;
  /** How far before the watermark each sync reads again. */
  rereadMs: number;
  /** Rows are read in slices this long (a backfill of a year is many slices, each committed with its watermark). */
  sliceMs: number;
  /** Share of a backfill's work, for progress. */
  weight: number;
}

export interface ObjectView {
  mode: 'object';
  name: string;
  latencyMs: number;
  weight: number;
}

export type UsageView = HistoricalView | ObjectView;

export const USAGE_VIEWS: readonly UsageView[] = [
  {
    mode: 'historical',
    name: 'QUERY_HISTORY',
    cutColumn: 'END_TIME',
    latencyMs: 45 * 60_000,
    rereadMs: 3 * HOUR_MS,
    sliceMs: DAY_MS,
    weight: 80,
  },
  // Cloud-services credits of an hour can take up to 6 hours to settle.
  {
    mode: 'historical',
    name: 'WAREHOUSE_METERING_HISTORY',
    cutColumn: 'START_TIME',
    latencyMs: 3 * HOUR_MS,
    rereadMs: DAY_MS,
    sliceMs: 31 * DAY_MS,
    weight: 3,
  },
  {
    mode: 'historical',
    name: 'WAREHOUSE_LOAD_HISTORY',
    cutColumn: 'START_TIME',
    latencyMs: 3 * HOUR_MS,
    rereadMs: 6 * HOUR_MS,
    sliceMs: 7 * DAY_MS,
    weight: 6,
  },
  {
    mode: 'historical',
    name: 'WAREHOUSE_EVENTS_HISTORY',
    cutColumn: 'TIMESTAMP',
    latencyMs: 3 * HOUR_MS,
    rereadMs: 6 * HOUR_MS,
    sliceMs: 31 * DAY_MS,
    weight: 2,
  },
  // A day's figures (the cloud-services adjustment above all) are final only after the day ends.
  {
    mode: 'historical',
    name: 'METERING_DAILY_HISTORY',
    cutColumn: 'USAGE_DATE',
    latencyMs: 3 * HOUR_MS,
    rereadMs: 3 * DAY_MS,
    sliceMs: 366 * DAY_MS,
    weight: 1,
  },
  {
    mode: 'historical',
    name: 'DATABASE_STORAGE_USAGE_HISTORY',
    cutColumn: 'USAGE_DATE',
    latencyMs: 3 * HOUR_MS,
    rereadMs: 3 * DAY_MS,
    sliceMs: 366 * DAY_MS,
    weight: 1,
  },
  { mode: 'object', name: 'USERS', latencyMs: 2 * HOUR_MS, weight: 1 },
  { mode: 'object', name: 'ROLES', latencyMs: 2 * HOUR_MS, weight: 1 },
  { mode: 'object', name: 'GRANTS_TO_USERS', latencyMs: 2 * HOUR_MS, weight: 1 },
  { mode: 'object', name: 'GRANTS_TO_ROLES', latencyMs: 2 * HOUR_MS, weight: 1 },
];

/** The views whose watermark says how current the copy's figures are (the cost pages read these). */
export const FRESHNESS_VIEWS = ['QUERY_HISTORY', 'WAREHOUSE_METERING_HISTORY'] as const;

export function historicalViews(): HistoricalView[] {
  return USAGE_VIEWS.filter((view): view is HistoricalView => view.mode === 'historical');
}

export function objectViews(): ObjectView[] {
  return USAGE_VIEWS.filter((view): view is ObjectView => view.mode === 'object');
}

/** Statements the sync runs on the account start with this comment, so its own cost can be found in QUERY_HISTORY. */
export const SYNC_QUERY_MARK = '/* dataworks:usage-sync */';
