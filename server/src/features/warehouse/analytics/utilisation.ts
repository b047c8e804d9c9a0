/**
 * One warehouse's utilisation over time, per hour (ranges up to a week) or per day:
 * - billed compute from WAREHOUSE_METERING_HISTORY, split into running (credits Snowflake
 *   attributes to running queries, CREDITS_ATTRIBUTED_COMPUTE_QUERIES) and idle (the rest: billed
 *   time with nothing running, e.g. waiting for auto-suspend);
 * - from WAREHOUSE_LOAD_HISTORY (five-minute intervals while the warehouse is up): the hours it
 *   was up, and the average number of queries running and queued (overload plus provisioning).
 */
import { iso, num } from '../../../platform/warehouse/engine.js';
import { raw, sql } from '../../../platform/warehouse/sql.js';
import { ts } from '../../../platform/warehouse/attribution.js';
import type { AnalyticsContext } from './context.js';
import { rangeDays, rangeWindow, type DateRange } from './filters.js';
import type { UtilisationBucket, UtilisationBucketSize, UtilisationResponse } from '@common/warehouse/insightsContract';

/** Hourly buckets up to this many days (168 bars), daily beyond. */
export const HOURLY_MAX_DAYS = 7;

export function bucketSizeFor(range: DateRange): UtilisationBucketSize {
  return rangeDays(range) <= HOURLY_MAX_DAYS ? 'hour' : 'day';
}

/** `warehouseName` must have passed parseObjectName. */
export async function warehouseUtilisation(
  context: AnalyticsContext,
  warehouseName: string,
  range: DateRange,
): Promise<UtilisationResponse> {
  const bucket = bucketSizeFor(range);
  // A constant of this function, never input.
  const unit = raw(`'${bucket}'`);
  const window = rangeWindow(range);
  const rows = await context.engine.query(sql`
    WITH M AS (
      SELECT DATE_TRUNC(${unit}, START_TIME) AS B, SUM(CREDITS_USED_COMPUTE) AS METERED,
             SUM(COALESCE(CREDITS_ATTRIBUTED_COMPUTE_QUERIES, 0)) AS BUSY
      FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
      WHERE WAREHOUSE_NAME = ${warehouseName} AND START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}
      GROUP BY 1
    ),
    L AS (
      SELECT DATE_TRUNC(${unit}, START_TIME) AS B,
             SUM(DATEDIFF('second', START_TIME, END_TIME)) / 3600.0 AS UP_HOURS,
             SUM(AVG_RUNNING * DATEDIFF('second', START_TIME, END_TIME)) AS RUNNING_S,
             SUM((COALESCE(AVG_QUEUED_LOAD, 0) + COALESCE(AVG_QUEUED_PROVISIONING, 0)) * DATEDIFF('second', START_TIME, END_TIME)) AS QUEUED_S
      FROM ACCOUNT_USAGE.WAREHOUSE_LOAD_HISTORY
      WHERE WAREHOUSE_NAME = ${warehouseName} AND START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}
      GROUP BY 1
    )
    SELECT COALESCE(M.B, L.B) AS "start", COALESCE(M.METERED, 0) AS "metered", COALESCE(M.BUSY, 0) AS "busy",
           COALESCE(L.UP_HOURS, 0) AS "upHours", COALESCE(L.RUNNING_S, 0) AS "runningS", COALESCE(L.QUEUED_S, 0) AS "queuedS"
    FROM M FULL OUTER JOIN L ON L.B = M.B
    ORDER BY 1`);
  const buckets = rows.map((row): UtilisationBucket => {
    const meteredCredits = num(row, 'metered');
    const runningCredits = Math.min(num(row, 'busy'), meteredCredits);
    const upSeconds = num(row, 'upHours') * 3600;
    return {
      start: iso(row, 'start'),
      meteredCredits,
      runningCredits,
      idleCredits: meteredCredits - runningCredits,
      upHours: num(row, 'upHours'),
      averageRunning: upSeconds > 0 ? num(row, 'runningS') / upSeconds : 0,
      averageQueued: upSeconds > 0 ? num(row, 'queuedS') / upSeconds : 0,
    };
  });
  return { warehouseName, range, bucket, buckets };
}
