/**
 * Idle gaps between running queries, per warehouse: for each query that starts running after
 * every earlier query of its warehouse has finished, the seconds since the last one finished.
 * The auto-suspend advice replays these gaps (recommendations.ts). Like query cost, it is kept
 * as a table, DATAWORKS.QUERY_GAPS, in the usage copy and in a generated sample.
 */
import { sql, type Sql } from './sql.js';
import { ts, type TimeWindow } from './attribution.js';

/** Rows (WAREHOUSE_NAME, START_TIME of the query that ends the gap, GAP_S), only gaps > 0. */
export function queryGapsSelect(window: TimeWindow): Sql {
  return sql`WITH E AS (
      SELECT WAREHOUSE_NAME, START_TIME, END_TIME AS EE,
             DATEADD('millisecond', COALESCE(QUEUED_PROVISIONING_TIME, 0) + COALESCE(QUEUED_REPAIR_TIME, 0)
               + COALESCE(QUEUED_OVERLOAD_TIME, 0) + COALESCE(COMPILATION_TIME, 0), START_TIME) AS ES
      FROM ACCOUNT_USAGE.QUERY_HISTORY
      WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)} AND WAREHOUSE_NAME IS NOT NULL
    ),
    R AS (
      SELECT WAREHOUSE_NAME, START_TIME, ES, EE,
             MAX(EE) OVER (PARTITION BY WAREHOUSE_NAME ORDER BY ES, EE ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS RUN_END
      FROM E WHERE EE > ES
    ),
    G AS (
      SELECT WAREHOUSE_NAME, START_TIME,
             DATEDIFF('millisecond', LAG(RUN_END) OVER (PARTITION BY WAREHOUSE_NAME ORDER BY ES, EE), ES) / 1000.0 AS GAP_S
      FROM R
    )
    SELECT WAREHOUSE_NAME, START_TIME, GAP_S FROM G WHERE GAP_S > 0`;
}

/** Gap rows of queries that started in the window. */
export function queryGapsRelation(window: TimeWindow): Sql {
  return sql`SELECT * FROM DATAWORKS.QUERY_GAPS WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}`;
}
