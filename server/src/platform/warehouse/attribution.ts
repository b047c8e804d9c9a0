/**
 * Query cost attribution, as the open cost models do it:
 * 1. a query runs from START_TIME + queued (provisioning, repair, overload) + compilation time
 *    to END_TIME;
 * 2. its running milliseconds are split over the clock hours it ran in;
 * 3. each hour's metered compute credits of the warehouse are split across the queries that ran
 *    on it in that hour, in proportion to running time — idle time inside an hour is thereby
 *    charged to that hour's queries; an hour with no running query stays unattributed (idle);
 * 4. a query's cloud-services cost is its share of the day's billable cloud services (the
 *    part above 10% of compute, from METERING_DAILY_HISTORY).
 *
 * The statements are kept as tables (DATAWORKS.QUERY_COST, WAREHOUSE_HOUR_COST, the daily
 * rollup QUERY_COST_DAILY and each day's top queries QUERY_COST_DAILY_TOP) wherever the analyses
 * run: in the usage copy, recomputed by each sync over what changed (usage-sync/usageSync.ts),
 * and in a generated sample account. The analyses read the tables (queryCostRelation,
 * warehouseHourRelation, queryCostTopRelation), so their SQL is DuckDB's alone.
 */
import { DAY_MS } from '@common/time/utcDay';
import { raw, sql, type Sql } from './sql.js';

/** Half-open UTC window, as 'YYYY-MM-DD HH:MM:SS' texts. */
export interface TimeWindow {
  start: string;
  end: string;
}

/** Longest query the split handles (Snowflake's default statement timeout is 48 hours). */
const MAX_EXTRA_HOURS = 48;
const HOUR_OFFSETS = raw(`(VALUES ${Array.from({ length: MAX_EXTRA_HOURS }, (_, i) => `(${i + 1})`).join(', ')}) AS N(K)`);
/** Queries that started this long before a window can still run inside it. */
const LOOKBACK_DAYS = 2;

export function ts(value: string): Sql {
  return sql`CAST(${value} AS TIMESTAMP_LTZ)`;
}

/** Formats a Date as the window text both engines cast from. */
export function windowText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

function lookback(window: TimeWindow): TimeWindow {
  const start = Date.parse(`${window.start.replace(' ', 'T')}Z`);
  return { start: windowText(new Date(start - LOOKBACK_DAYS * DAY_MS)), end: window.end };
}

/** CTEs QH … HOURLY (no leading WITH): per query and hour, the running ms and the credits it is charged. */
function hourlyCtes(window: TimeWindow): Sql {
  const wide = lookback(window);
  return sql`QH AS (
    SELECT QUERY_ID, WAREHOUSE_NAME, END_TIME,
           DATEADD('millisecond', COALESCE(QUEUED_PROVISIONING_TIME, 0) + COALESCE(QUEUED_REPAIR_TIME, 0)
             + COALESCE(QUEUED_OVERLOAD_TIME, 0) + COALESCE(COMPILATION_TIME, 0), START_TIME) AS EXEC_START
    FROM ACCOUNT_USAGE.QUERY_HISTORY
    WHERE START_TIME >= ${ts(wide.start)} AND START_TIME < ${ts(wide.end)} AND WAREHOUSE_NAME IS NOT NULL
  ),
  SPANS AS (
    SELECT QUERY_ID, WAREHOUSE_NAME, EXEC_START, END_TIME, DATE_TRUNC('hour', EXEC_START) AS FIRST_HOUR,
           DATEDIFF('hour', DATE_TRUNC('hour', EXEC_START), END_TIME) AS EXTRA_HOURS
    FROM QH WHERE END_TIME > EXEC_START
  ),
  PIECES AS (
    SELECT QUERY_ID, WAREHOUSE_NAME, EXEC_START, END_TIME, FIRST_HOUR AS HOUR_START FROM SPANS
    UNION ALL
    SELECT S.QUERY_ID, S.WAREHOUSE_NAME, S.EXEC_START, S.END_TIME, DATEADD('hour', N.K, S.FIRST_HOUR)
    FROM SPANS S JOIN ${HOUR_OFFSETS} ON N.K <= S.EXTRA_HOURS
    WHERE S.EXTRA_HOURS > 0
  ),
  RUN AS (
    SELECT QUERY_ID, WAREHOUSE_NAME, HOUR_START,
           DATEDIFF('millisecond', GREATEST(EXEC_START, HOUR_START), LEAST(END_TIME, DATEADD('hour', 1, HOUR_START))) AS RUN_MS
    FROM PIECES
  ),
  HOURLY AS (
    SELECT R.QUERY_ID, R.WAREHOUSE_NAME, R.HOUR_START, R.RUN_MS,
           M.CREDITS_USED_COMPUTE * R.RUN_MS / SUM(R.RUN_MS) OVER (PARTITION BY R.WAREHOUSE_NAME, R.HOUR_START) AS CREDITS
    FROM RUN R
    JOIN ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY M
      ON M.WAREHOUSE_NAME = R.WAREHOUSE_NAME AND M.START_TIME = R.HOUR_START
    WHERE R.RUN_MS > 0 AND M.START_TIME >= ${ts(wide.start)} AND M.START_TIME < ${ts(wide.end)}
  )`;
}

/**
 * One row per query that started in the window: its identity columns, times, and
 * CREDITS_COMPUTE (attributed), CREDITS_CLOUD_SERVICES (billable share) and CREDITS (sum).
 */
export function queryCostSelect(window: TimeWindow): Sql {
  return sql`WITH ${hourlyCtes(window)},
  PER_QUERY AS (SELECT QUERY_ID, SUM(CREDITS) AS CREDITS FROM HOURLY GROUP BY QUERY_ID),
  DAILY AS (
    SELECT USAGE_DATE,
           CASE WHEN SUM(CREDITS_USED_CLOUD_SERVICES) > 0
                THEN SUM(CREDITS_USED_CLOUD_SERVICES + CREDITS_ADJUSTMENT_CLOUD_SERVICES) / SUM(CREDITS_USED_CLOUD_SERVICES)
                ELSE 0 END AS BILLABLE_SHARE
    FROM ACCOUNT_USAGE.METERING_DAILY_HISTORY
    WHERE SERVICE_TYPE = 'WAREHOUSE_METERING'
    GROUP BY USAGE_DATE
  )
  SELECT Q.QUERY_ID, Q.START_TIME, Q.END_TIME, Q.WAREHOUSE_NAME, Q.WAREHOUSE_SIZE, Q.USER_NAME, Q.ROLE_NAME,
         Q.QUERY_TAG, Q.QUERY_TYPE, Q.QUERY_PARAMETERIZED_HASH, Q.EXECUTION_STATUS,
         Q.TOTAL_ELAPSED_TIME, Q.EXECUTION_TIME, Q.COMPILATION_TIME, Q.QUEUED_OVERLOAD_TIME,
         Q.BYTES_SCANNED, Q.BYTES_SPILLED_TO_LOCAL_STORAGE, Q.BYTES_SPILLED_TO_REMOTE_STORAGE,
         LEFT(Q.QUERY_TEXT, 200) AS TEXT_PREVIEW,
         COALESCE(P.CREDITS, 0) AS CREDITS_COMPUTE,
         COALESCE(Q.CREDITS_USED_CLOUD_SERVICES, 0) * COALESCE(D.BILLABLE_SHARE, 0) AS CREDITS_CLOUD_SERVICES,
         COALESCE(P.CREDITS, 0) + COALESCE(Q.CREDITS_USED_CLOUD_SERVICES, 0) * COALESCE(D.BILLABLE_SHARE, 0) AS CREDITS
  FROM ACCOUNT_USAGE.QUERY_HISTORY Q
  LEFT JOIN PER_QUERY P ON P.QUERY_ID = Q.QUERY_ID
  LEFT JOIN DAILY D ON D.USAGE_DATE = CAST(Q.START_TIME AS DATE)
  WHERE Q.START_TIME >= ${ts(window.start)} AND Q.START_TIME < ${ts(window.end)}`;
}

/**
 * One row per metered warehouse-hour in the window: CREDITS_METERED (compute),
 * CREDITS_ATTRIBUTED (to queries, as above), CREDITS_IDLE (= metered − attributed: all of an
 * hour's credits when no query ran in it, else 0; written so to avoid a −0.0000001 from rounding), and
 * CREDITS_BUSY (Snowflake's own idle-excluded figure, CREDITS_ATTRIBUTED_COMPUTE_QUERIES).
 */
export function warehouseHourCostSelect(window: TimeWindow): Sql {
  return sql`WITH ${hourlyCtes(window)},
  ATTRIBUTED AS (SELECT WAREHOUSE_NAME, HOUR_START, SUM(CREDITS) AS CREDITS, COUNT(DISTINCT QUERY_ID) AS QUERIES FROM HOURLY GROUP BY 1, 2)
  SELECT M.WAREHOUSE_NAME, M.START_TIME AS HOUR_START,
         M.CREDITS_USED_COMPUTE AS CREDITS_METERED,
         COALESCE(A.CREDITS, 0) AS CREDITS_ATTRIBUTED,
         CASE WHEN COALESCE(A.QUERIES, 0) > 0 THEN 0 ELSE M.CREDITS_USED_COMPUTE END AS CREDITS_IDLE,
         COALESCE(M.CREDITS_ATTRIBUTED_COMPUTE_QUERIES, 0) AS CREDITS_BUSY,
         COALESCE(A.QUERIES, 0) AS QUERIES
  FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY M
  LEFT JOIN ATTRIBUTED A ON A.WAREHOUSE_NAME = M.WAREHOUSE_NAME AND A.HOUR_START = M.START_TIME
  WHERE M.START_TIME >= ${ts(window.start)} AND M.START_TIME < ${ts(window.end)}`;
}

/**
 * The per-query cost rolled up by day and by everything the pages filter or group on: a year of
 * ten million queries is a few tens of thousands of rows here, so the totals per user, role,
 * tag, warehouse and pattern read this instead of every query. Exact (sums, counts, minima and
 * maxima compose over days); TOP_QUERY_ID is the most expensive query of the group. A group's
 * maxima (MAX_CREDITS, MAX_ELAPSED_TIME) are each one real query's, which is what lets the top
 * queries bound their search from here (analytics/queries.ts).
 */
export function queryCostDailySelect(window: TimeWindow): Sql {
  return sql`SELECT CAST(START_TIME AS DATE) AS DAY, WAREHOUSE_NAME, WAREHOUSE_SIZE, USER_NAME, ROLE_NAME, QUERY_TAG, QUERY_PARAMETERIZED_HASH,
           COUNT(*) AS QUERIES, SUM(CREDITS) AS CREDITS, SUM(CREDITS_COMPUTE) AS CREDITS_COMPUTE,
           SUM(CREDITS_CLOUD_SERVICES) AS CREDITS_CLOUD_SERVICES, SUM(TOTAL_ELAPSED_TIME) AS TOTAL_ELAPSED_TIME,
           SUM(CASE WHEN QUEUED_OVERLOAD_TIME > 0 THEN 1 ELSE 0 END) AS QUEUED_QUERIES,
           SUM(COALESCE(QUEUED_OVERLOAD_TIME, 0)) AS QUEUED_OVERLOAD_TIME,
           SUM(CASE WHEN BYTES_SPILLED_TO_REMOTE_STORAGE > 0 THEN 1 ELSE 0 END) AS REMOTE_SPILL_QUERIES,
           MIN(START_TIME) AS FIRST_START, MAX(START_TIME) AS LAST_START, MAX(CREDITS) AS MAX_CREDITS,
           MAX(TOTAL_ELAPSED_TIME) AS MAX_ELAPSED_TIME,
           MAX_BY(QUERY_ID, CREDITS) AS TOP_QUERY_ID, MAX_BY(TEXT_PREVIEW, CREDITS) AS TOP_TEXT_PREVIEW
    FROM DATAWORKS.QUERY_COST
    WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}
    GROUP BY ALL`;
}

/** How many of each day's costliest, and of its slowest, queries QUERY_COST_DAILY_TOP keeps. */
export const DAILY_TOP_QUERIES = 200;

/**
 * Each day's DAILY_TOP_QUERIES costliest and DAILY_TOP_QUERIES slowest queries, whole
 * QUERY_COST rows (ties at a day's edge all kept), each with its day's edges (DAY_CREDITS_EDGE,
 * DAY_ELAPSED_EDGE: the smallest value kept for each order): about 136,000 rows for a year of ten
 * million queries. Any N ≤ DAILY_TOP_QUERIES costliest (or slowest) queries of a range of whole
 * days are among their own days' top N, so an unfiltered page of top queries reads this table
 * alone; and every query of a day at or above that day's edge is here, so a filtered page whose
 * bound is at or above every day's edge reads it too (analytics/queries.ts). `max(x, n)` keeps a
 * bounded heap per day, so the statement needs no sort of the window's queries.
 */
export function queryCostDailyTopSelect(window: TimeWindow): Sql {
  const top = raw(String(DAILY_TOP_QUERIES));
  return sql`WITH Q AS (SELECT * FROM DATAWORKS.QUERY_COST WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}),
    E AS (SELECT CAST(START_TIME AS DATE) AS DAY, list_min(max(CREDITS, ${top})) AS CREDITS_EDGE,
                 list_min(max(TOTAL_ELAPSED_TIME, ${top})) AS ELAPSED_EDGE
          FROM Q GROUP BY 1)
    SELECT Q.*, E.CREDITS_EDGE AS DAY_CREDITS_EDGE, E.ELAPSED_EDGE AS DAY_ELAPSED_EDGE FROM Q JOIN E ON E.DAY = CAST(Q.START_TIME AS DATE)
    WHERE Q.CREDITS >= E.CREDITS_EDGE OR Q.TOTAL_ELAPSED_TIME >= E.ELAPSED_EDGE`;
}

/** The daily top rows of queries that started in the window (whole UTC days only: see queryCostDailyTopSelect). */
export function queryCostTopRelation(window: TimeWindow): Sql {
  return sql`SELECT * FROM DATAWORKS.QUERY_COST_DAILY_TOP WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}`;
}

/** Daily rollup rows of the days in the window (whole UTC days: the pages' ranges are days). */
export function queryCostDailyRelation(window: TimeWindow): Sql {
  return sql`SELECT * FROM DATAWORKS.QUERY_COST_DAILY WHERE DAY >= CAST(${ts(window.start)} AS DATE) AND DAY < CAST(${ts(window.end)} AS DATE)`;
}

/** Per-query cost rows for queries that started in the window (see queryCostSelect for the columns). */
export function queryCostRelation(window: TimeWindow): Sql {
  return sql`SELECT * FROM DATAWORKS.QUERY_COST WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}`;
}

/** Per warehouse-hour cost rows in the window (see warehouseHourCostSelect for the columns). */
export function warehouseHourRelation(window: TimeWindow): Sql {
  return sql`SELECT * FROM DATAWORKS.WAREHOUSE_HOUR_COST WHERE HOUR_START >= ${ts(window.start)} AND HOUR_START < ${ts(window.end)}`;
}
