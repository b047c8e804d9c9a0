/** What the usage copy knows about itself: read positions, recent syncs and what they cost. */
import type { UsageSyncCost, UsageSyncRun, UsageViewState } from '@common/warehouse/usageSyncContract';
import { DAY_MS } from '@common/time/utcDay';
import type { Queryable, Row } from '../../../platform/warehouse/engine.js';
import { iso, num, str, strOrNull } from '../../../platform/warehouse/engine.js';
import { sql } from '../../../platform/warehouse/sql.js';
import { FRESHNESS_VIEWS, SYNC_QUERY_MARK, USAGE_VIEWS } from './usageViews.js';

export const COST_DAYS = 30;

function runOf(row: Row): UsageSyncRun {
  return {
    id: str(row, 'RUN_ID'),
    kind: str(row, 'KIND') === 'backfill' ? 'backfill' : 'incremental',
    status: str(row, 'STATUS') as UsageSyncRun['status'],
    startedAt: iso(row, 'STARTED_AT'),
    finishedAt: iso(row, 'FINISHED_AT'),
    rowsCopied: num(row, 'ROWS_COPIED'),
    sourceStatements: num(row, 'SOURCE_STATEMENTS'),
    error: strOrNull(row, 'ERROR'),
  };
}

export interface CopyState {
  ready: boolean;
  dataAsOf: string | null;
  syncedAt: string | null;
  lastRun: UsageSyncRun | null;
  recentRuns: UsageSyncRun[];
  views: UsageViewState[];
}

/** The copy's state; `ready` once a sync has succeeded. */
export async function copyState(copy: Queryable): Promise<CopyState> {
  const [runs, marks, succeeded] = await Promise.all([
    copy.query(sql`SELECT * FROM USAGE_SYNC.RUNS ORDER BY FINISHED_AT DESC LIMIT 10`),
    copy.query(sql`SELECT * FROM USAGE_SYNC.WATERMARKS ORDER BY VIEW_NAME`),
    copy.query(sql`SELECT MAX(FINISHED_AT) AS "at" FROM USAGE_SYNC.RUNS WHERE STATUS = 'succeeded'`),
  ]);
  const views = marks.map((row) => ({
    view: str(row, 'VIEW_NAME'),
    readTo: iso(row, 'READ_TO'),
    syncedAt: iso(row, 'SYNCED_AT'),
    rowsCopied: num(row, 'ROWS_COPIED'),
  }));
  const syncedAtValue = succeeded[0]?.at;
  const syncedAt = syncedAtValue instanceof Date ? syncedAtValue.toISOString() : null;
  // Complete up to the earliest read position of the views the cost figures come from, less their latency.
  let dataAsOf: number | null = null;
  for (const name of FRESHNESS_VIEWS) {
    const view = views.find((v) => v.view === name);
    const spec = USAGE_VIEWS.find((v) => v.name === name);
    if (!view || !spec) {
      dataAsOf = null;
      break;
    }
    const complete = Date.parse(view.readTo) - spec.latencyMs;
    dataAsOf = dataAsOf === null ? complete : Math.min(dataAsOf, complete);
  }
  const recentRuns = runs.map(runOf);
  return {
    ready: syncedAt !== null,
    dataAsOf: syncedAt !== null && dataAsOf !== null ? new Date(dataAsOf).toISOString() : null,
    syncedAt,
    lastRun: recentRuns[0] ?? null,
    recentRuns,
    views,
  };
}

/** What the syncs of the last COST_DAYS days cost on the account (their statements as QUERY_HISTORY and the attribution record them). */
export async function syncCost(copy: Queryable, pricePerCredit: number, now: Date = new Date()): Promise<UsageSyncCost> {
  const since = new Date(now.getTime() - COST_DAYS * DAY_MS).toISOString().slice(0, 19).replace('T', ' ');
  const [runs, queries] = await Promise.all([
    copy.query(
      sql`SELECT COUNT(*) AS "runs", COALESCE(SUM(SOURCE_STATEMENTS), 0) AS "statements" FROM USAGE_SYNC.RUNS WHERE STARTED_AT >= CAST(${since} AS TIMESTAMP)`,
    ),
    copy.query(
      sql`SELECT COUNT(*) AS "queries", COALESCE(SUM(C.CREDITS), 0) AS "credits"
          FROM ACCOUNT_USAGE.QUERY_HISTORY Q LEFT JOIN DATAWORKS.QUERY_COST C ON C.QUERY_ID = Q.QUERY_ID
          WHERE Q.START_TIME >= CAST(${since} AS TIMESTAMP) AND starts_with(Q.QUERY_TEXT, ${SYNC_QUERY_MARK})`,
    ),
  ]);
  const credits = queries[0] ? num(queries[0], 'credits') : 0;
  return {
    days: COST_DAYS,
    runs: runs[0] ? num(runs[0], 'runs') : 0,
    sourceStatements: runs[0] ? num(runs[0], 'statements') : 0,
    queries: queries[0] ? num(queries[0], 'queries') : 0,
    credits,
    cost: credits * pricePerCredit,
  };
}
