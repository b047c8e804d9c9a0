/**
 * SQL that derives the metered views from the generated QUERY_HISTORY, applying Snowflake's
 * billing rules (billing.ts): a warehouse resumes when a query needs it and suspends after
 * AUTO_SUSPEND seconds without one; each run is billed per second with a 60-second minimum at
 * the size's credits per hour; cloud services above 10% of the day's compute are billed.
 * Generation-only, DuckDB-only SQL; the tests re-derive the billing in JS and compare.
 */
import { CLOUD_SERVICES_FREE_SHARE, MINIMUM_BILLED_SECONDS } from '../../platform/warehouse/billing.js';
import { sqlUniform } from './prng.js';
import type { SamplePlan } from './plan.js';
import { SAMPLE_DATABASES } from './people.js';

function timestamp(date: Date): string {
  return `TIMESTAMP '${date.toISOString().slice(0, 19).replace('T', ' ')}'`;
}

/** Gaps-and-islands over G_EXEC's execution intervals: a new island starts after a gap longer than `gap` seconds. */
function islands(gap: string): string {
  return `WITH ordered AS (
      SELECT e.wh, e.es, e.ee, ${gap} AS gap_s,
             MAX(e.ee) OVER (PARTITION BY e.wh ORDER BY e.es, e.ee ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_end
      FROM G_EXEC e JOIN G_WH w ON w.name = e.wh
    ),
    flagged AS (
      SELECT *, SUM(CASE WHEN prev_end IS NULL OR es > prev_end + to_seconds(gap_s) THEN 1 ELSE 0 END)
                  OVER (PARTITION BY wh ORDER BY es, ee ROWS UNBOUNDED PRECEDING) AS island
      FROM ordered
    )
    SELECT wh, island, MIN(es) AS first_start, MAX(ee) AS last_end, ANY_VALUE(gap_s) AS gap_s FROM flagged GROUP BY wh, island`;
}

/** Splits [start_at, end_at) intervals of `relation` into hour pieces: (wh, hour_start, ms), whole milliseconds so sums are exact. */
function hourPieces(relation: string): string {
  return `SELECT wh, hour_start, epoch_ms(LEAST(end_at, hour_start + INTERVAL 1 HOUR)) - epoch_ms(GREATEST(start_at, hour_start)) AS ms
    FROM (SELECT wh, start_at, end_at, unnest(generate_series(date_trunc('hour', start_at), end_at, INTERVAL 1 HOUR)) AS hour_start FROM ${relation})
    WHERE LEAST(end_at, hour_start + INTERVAL 1 HOUR) > GREATEST(start_at, hour_start)`;
}

/** Splits intervals into 5-minute buckets: (wh, bucket, ms). */
function bucketPieces(relation: string): string {
  return `SELECT wh, bucket, epoch_ms(LEAST(end_at, bucket + INTERVAL 5 MINUTE)) - epoch_ms(GREATEST(start_at, bucket)) AS ms
    FROM (SELECT wh, start_at, end_at, unnest(generate_series(time_bucket(INTERVAL 5 MINUTE, start_at), end_at, INTERVAL 5 MINUTE)) AS bucket FROM ${relation})
    WHERE LEAST(end_at, bucket + INTERVAL 5 MINUTE) > GREATEST(start_at, bucket)`;
}

export function usageStatements(plan: SamplePlan): string[] {
  const end = timestamp(plan.windowEnd);
  return [
    `CREATE TEMP TABLE G_EXEC AS
     SELECT WAREHOUSE_NAME AS wh,
            DATEADD('millisecond', QUEUED_PROVISIONING_TIME + QUEUED_REPAIR_TIME + QUEUED_OVERLOAD_TIME + COMPILATION_TIME, START_TIME) AS es,
            END_TIME AS ee,
            START_TIME + to_milliseconds(QUEUED_PROVISIONING_TIME) AS queue_start,
            START_TIME + to_milliseconds(QUEUED_PROVISIONING_TIME + QUEUED_OVERLOAD_TIME) AS queue_end,
            START_TIME AS provisioning_start
     FROM ACCOUNT_USAGE.QUERY_HISTORY
     WHERE WAREHOUSE_NAME IS NOT NULL AND EXECUTION_TIME > 0`,
    // Runs: resume at the first query, suspend AUTO_SUSPEND seconds after the last (whole seconds),
    // billed until at least 60 s after the resume; everything cut at "now".
    `CREATE TEMP TABLE G_RUN AS
     SELECT wh, island, resumed_at, LEAST(${end}, suspend_at) AS suspended_at,
            LEAST(${end}, GREATEST(resumed_at + to_seconds(${MINIMUM_BILLED_SECONDS}), suspend_at)) AS billed_until
     FROM (
       SELECT wh, island, date_trunc('second', first_start) AS resumed_at,
              date_trunc('second', last_end + to_seconds(gap_s))
                + CASE WHEN last_end + to_seconds(gap_s) > date_trunc('second', last_end + to_seconds(gap_s)) THEN INTERVAL 1 SECOND ELSE INTERVAL 0 SECOND END AS suspend_at
       FROM (${islands('w.auto_suspend')}))`,
    `CREATE TEMP TABLE G_BUSY AS ${islands('0')}`,
    `CREATE TEMP TABLE G_RUN_HOUR AS
     SELECT p.wh, p.hour_start, SUM(p.ms) AS ms FROM (${hourPieces('(SELECT wh, resumed_at AS start_at, billed_until AS end_at FROM G_RUN)')}) p GROUP BY 1, 2`,
    `CREATE TEMP TABLE G_BUSY_HOUR AS
     SELECT p.wh, p.hour_start, SUM(p.ms) AS ms FROM (${hourPieces('(SELECT wh, first_start AS start_at, last_end AS end_at FROM G_BUSY)')}) p GROUP BY 1, 2`,
    `INSERT INTO ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
     WITH cs AS (
       SELECT WAREHOUSE_NAME AS wh, date_trunc('hour', START_TIME) AS hour_start, SUM(CREDITS_USED_CLOUD_SERVICES) AS credits
       FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME IS NOT NULL GROUP BY 1, 2
     ),
     compute AS (
       SELECT r.wh, r.hour_start, CAST(r.ms * w.rate / 3600000 AS DECIMAL(38, 9)) AS credits,
              CAST(COALESCE(b.ms, 0) * w.rate / 3600000 AS DECIMAL(38, 9)) AS busy
       FROM G_RUN_HOUR r JOIN G_WH w ON w.name = r.wh LEFT JOIN G_BUSY_HOUR b ON b.wh = r.wh AND b.hour_start = r.hour_start
     ),
     merged AS (
       SELECT COALESCE(c.wh, s.wh) AS wh, COALESCE(c.hour_start, s.hour_start) AS hour_start,
              COALESCE(c.credits, 0) AS compute, COALESCE(s.credits, 0) AS cloud, COALESCE(c.busy, 0) AS busy
       FROM compute c FULL OUTER JOIN cs s ON s.wh = c.wh AND s.hour_start = c.hour_start
     )
     SELECT m.hour_start, m.hour_start + INTERVAL 1 HOUR, w.id, m.wh, m.compute + m.cloud, m.compute, m.cloud, m.busy
     FROM merged m JOIN G_WH w ON w.name = m.wh ORDER BY m.hour_start, m.wh`,
    `INSERT INTO ACCOUNT_USAGE.WAREHOUSE_LOAD_HISTORY
     WITH buckets AS (
       SELECT DISTINCT wh, bucket FROM (
         SELECT wh, unnest(generate_series(time_bucket(INTERVAL 5 MINUTE, resumed_at), suspended_at - INTERVAL 1 MICROSECOND, INTERVAL 5 MINUTE)) AS bucket
         FROM G_RUN)
     ),
     running AS (SELECT wh, bucket, SUM(ms) AS s FROM (${bucketPieces('(SELECT wh, es AS start_at, ee AS end_at FROM G_EXEC)')}) GROUP BY 1, 2),
     queued AS (SELECT wh, bucket, SUM(ms) AS s FROM (${bucketPieces('(SELECT wh, queue_start AS start_at, queue_end AS end_at FROM G_EXEC WHERE queue_end > queue_start)')}) GROUP BY 1, 2),
     provisioning AS (SELECT wh, bucket, SUM(ms) AS s FROM (${bucketPieces('(SELECT wh, provisioning_start AS start_at, queue_start AS end_at FROM G_EXEC WHERE queue_start > provisioning_start)')}) GROUP BY 1, 2)
     SELECT b.bucket, b.bucket + INTERVAL 5 MINUTE, w.id, b.wh,
            round(COALESCE(r.s, 0) / 300000, 3), round(COALESCE(q.s, 0) / 300000, 3), round(COALESCE(p.s, 0) / 300000, 3), 0
     FROM buckets b JOIN G_WH w ON w.name = b.wh
     LEFT JOIN running r ON r.wh = b.wh AND r.bucket = b.bucket
     LEFT JOIN queued q ON q.wh = b.wh AND q.bucket = b.bucket
     LEFT JOIN provisioning p ON p.wh = b.wh AND p.bucket = b.bucket
     ORDER BY b.bucket, b.wh`,
    `INSERT INTO ACCOUNT_USAGE.WAREHOUSE_EVENTS_HISTORY
     SELECT * FROM (
       SELECT r.resumed_at, w.id, r.wh, NULL, 'RESUME_WAREHOUSE', 'WAREHOUSE_AUTORESUME', 'COMPLETED', NULL, NULL, NULL, w.size, 1 FROM G_RUN r JOIN G_WH w ON w.name = r.wh
       UNION ALL
       SELECT r.suspended_at, w.id, r.wh, NULL, 'SUSPEND_WAREHOUSE', 'WAREHOUSE_AUTOSUSPEND', 'COMPLETED', NULL, NULL, NULL, w.size, 1 FROM G_RUN r JOIN G_WH w ON w.name = r.wh
       WHERE r.suspended_at < ${end}
     ) ORDER BY 1`,
    `INSERT INTO ACCOUNT_USAGE.METERING_DAILY_HISTORY
     WITH days AS (SELECT CAST(range AS DATE) AS d FROM range(${timestamp(plan.windowStart)}, ${end}, INTERVAL 1 DAY)),
     compute AS (SELECT CAST(START_TIME AS DATE) AS d, SUM(CREDITS_USED_COMPUTE) AS c FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY GROUP BY 1),
     cloud AS (SELECT CAST(START_TIME AS DATE) AS d, SUM(CREDITS_USED_CLOUD_SERVICES) AS c FROM ACCOUNT_USAGE.QUERY_HISTORY GROUP BY 1)
     SELECT 'WAREHOUSE_METERING', days.d, COALESCE(compute.c, 0), COALESCE(cloud.c, 0), COALESCE(compute.c, 0) + COALESCE(cloud.c, 0),
            -LEAST(COALESCE(cloud.c, 0), ${CLOUD_SERVICES_FREE_SHARE} * COALESCE(compute.c, 0)),
            COALESCE(compute.c, 0) + COALESCE(cloud.c, 0) - LEAST(COALESCE(cloud.c, 0), ${CLOUD_SERVICES_FREE_SHARE} * COALESCE(compute.c, 0))
     FROM days LEFT JOIN compute USING (d) LEFT JOIN cloud USING (d) ORDER BY days.d`,
    storageSql(plan),
  ];
}

function storageSql(plan: SamplePlan): string {
  const rows = SAMPLE_DATABASES.map(
    (db, index) =>
      `SELECT ${index + 1} AS id, '${db.name}' AS name, ${db.startBytes} AS start_bytes, ${db.dailyGrowth} AS growth, ${db.failsafeShare} AS failsafe`,
  ).join(' UNION ALL ');
  return `INSERT INTO ACCOUNT_USAGE.DATABASE_STORAGE_USAGE_HISTORY
    WITH days AS (SELECT CAST(range AS DATE) AS d, row_number() OVER (ORDER BY range) - 1 AS n
                  FROM range(${timestamp(plan.windowStart)}, ${timestamp(plan.windowEnd)}, INTERVAL 1 DAY))
    SELECT days.d, db.id, db.name, NULL,
           round(db.start_bytes * pow(1 + db.growth, days.n) * (0.995 + 0.01 * ${sqlUniform('days.n', 200 + 0, plan.seed)})),
           round(db.failsafe * db.start_bytes * pow(1 + db.growth, days.n))
    FROM days CROSS JOIN (${rows}) db ORDER BY days.d, db.id`;
}
