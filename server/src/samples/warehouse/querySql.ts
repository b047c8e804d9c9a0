/**
 * SQL that draws QUERY_HISTORY inside DuckDB: a million rows take about a second, with no JS
 * loop. Each query picks (by inverse-CDF ASOF joins on uniform draws) an hour slot weighted by
 * its workload's daily profile, then a template and a user of that workload; times are
 * log-normal around the template's median. Generation-only, DuckDB-only SQL.
 */
import { DAY_MS } from '@common/time/utcDay';
import { sqlUniform } from './prng.js';
import type { SamplePlan } from './plan.js';

function uniform(plan: SamplePlan, row: string, attribute: number): string {
  return sqlUniform(row, attribute, plan.seed);
}

/** A standard normal draw (Box–Muller) from two uniform attributes. */
function normal(plan: SamplePlan, row: string, a: number, b: number): string {
  return `(sqrt(-2 * ln(1 - ${uniform(plan, row, a)})) * cos(2 * pi() * ${uniform(plan, row, b)}))`;
}

function timestamp(date: Date): string {
  return `TIMESTAMP '${date.toISOString().slice(0, 19).replace('T', ' ')}'`;
}

/** Hour slots with their weights and the global inverse-CDF boundaries. */
export function slotsSql(plan: SamplePlan): string {
  const total = plan.workloads.reduce((sum, w) => sum + w.queryCount, 0);
  return `CREATE TEMP TABLE G_SLOT AS
  WITH hours AS (
    SELECT range AS slot_start, CAST(epoch(range) // 86400 AS BIGINT) AS day_number
    FROM range(${timestamp(plan.windowStart)}, ${timestamp(plan.windowEnd)}, INTERVAL 1 HOUR)
  ),
  weighted AS (
    SELECT w.workload, w.query_count, h.slot_start,
           p.weight * (0.8 + 0.4 * ${uniform(plan, 'h.day_number', 100)})
             * (0.9 + 0.2 * (h.day_number - ${Math.floor(plan.windowStart.getTime() / DAY_MS)}) / ${plan.days}) AS weight
    FROM hours h
    JOIN G_PROFILE p ON p.hour = hour(h.slot_start) AND p.weekend = (isodow(h.slot_start) >= 6)
    JOIN G_WORKLOAD w ON w.workload = p.workload
    WHERE p.weight > 0 AND w.query_count > 0
  ),
  shares AS (
    SELECT workload, slot_start,
           weight / MAX(weight) OVER (PARTITION BY workload) AS load_norm,
           (query_count / ${total}.0) * weight / SUM(weight) OVER (PARTITION BY workload) AS p
    FROM weighted
  )
  SELECT workload, slot_start, load_norm,
         COALESCE(SUM(p) OVER (ORDER BY workload, slot_start ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS cum_lo
  FROM shares`;
}

/** Fills ACCOUNT_USAGE.QUERY_HISTORY (sorted by START_TIME, so DuckDB's zone maps prune date ranges). */
export function queryHistorySql(plan: SamplePlan): string {
  const u = (k: number): string => uniform(plan, 'q.i', k);
  const n = (a: number, b: number): string => normal(plan, 'q.i', a, b);
  return `INSERT INTO ACCOUNT_USAGE.QUERY_HISTORY
  WITH drawn AS (
    SELECT q.i, s.workload, s.slot_start, s.load_norm
    FROM (SELECT range AS i, ${uniform(plan, 'range', 1)} AS u FROM range(${plan.queryCount})) q
    ASOF JOIN G_SLOT s ON q.u >= s.cum_lo
  ),
  picked AS (
    SELECT q.*, t.query_type, t.database_name, t.schema_name, t.text, t.param_range, t.tag, t.exec_median_ms,
           t.exec_sigma, t.exec_max_ms, t.compile_median_ms, t.remote_spill, t.cache_share, t.fail_rate, t.param_hash,
           us.user_name, us.role_name, w.warehouse_name, w.warehouse_size, w.queue_at_peak,
           w.cs_per_compile_ms, w.cs_per_query
    FROM drawn q
    ASOF JOIN G_TEMPLATE t ON t.workload = q.workload AND ${u(3)} >= t.cum_lo
    ASOF JOIN G_WUSER us ON us.workload = q.workload AND ${u(4)} >= us.cum_lo
    JOIN G_WORKLOAD w ON w.workload = q.workload
  ),
  timed AS (
    SELECT q.*,
      q.slot_start + to_microseconds(CAST(${u(2)} * 3600000000 AS BIGINT)) AS start_time,
      ${u(14)} < q.fail_rate AS failed,
      ${u(15)} < q.remote_spill AS spills_remote,
      CAST(floor(${u(16)} * q.param_range) AS BIGINT) AS param,
      CAST(round(LEAST(q.exec_max_ms, GREATEST(5, q.exec_median_ms * exp(q.exec_sigma * ${n(5, 6)})))) AS BIGINT) AS exec_full_ms,
      CAST(round(GREATEST(10, q.compile_median_ms * exp(0.5 * ${n(7, 8)}))) AS BIGINT) AS compile_ms,
      CASE WHEN q.warehouse_name IS NOT NULL AND ${u(9)} < 0.03 THEN CAST(300 + ${u(10)} * 1500 AS BIGINT) ELSE 0 END AS provisioning_ms,
      CASE WHEN ${u(11)} < q.queue_at_peak * q.load_norm THEN CAST(round(15000 * exp(0.8 * ${n(12, 13)})) AS BIGINT) ELSE 0 END AS overload_ms,
      ${u(17)} AS u_cache, ${u(18)} AS u_scan, ${u(19)} AS u_spill, ${u(20)} AS u_cs
    FROM picked q
  ),
  shaped AS (
    SELECT t.*,
      CASE WHEN failed THEN CAST(exec_full_ms * 0.3 AS BIGINT) ELSE exec_full_ms END AS exec_ms
    FROM timed t
  ),
  finished AS (
    SELECT s.*,
      provisioning_ms + overload_ms + compile_ms + exec_ms AS total_ms,
      md5('${plan.seed}-' || CAST(i AS VARCHAR)) AS id_hash,
      replace(text, '{n}', CAST(param AS VARCHAR)) AS query_text
    FROM shaped s
  )
  SELECT
    substr(id_hash, 1, 8) || '-' || substr(id_hash, 9, 4) || '-' || substr(id_hash, 13, 4) || '-' || substr(id_hash, 17, 4) || '-' || substr(id_hash, 21, 12),
    query_text, database_name, schema_name, query_type, user_name, role_name,
    warehouse_name, warehouse_size,
    CASE WHEN warehouse_name IS NULL THEN NULL ELSE 'STANDARD' END,
    CASE WHEN warehouse_name IS NULL THEN NULL ELSE 1 END,
    tag,
    CASE WHEN failed THEN 'FAIL' ELSE 'SUCCESS' END,
    CASE WHEN failed THEN CASE WHEN exec_full_ms > 60000 THEN '000630' ELSE '100038' END ELSE NULL END,
    start_time,
    start_time + to_milliseconds(total_ms),
    total_ms, compile_ms, exec_ms, provisioning_ms, 0, overload_ms, 0,
    CAST(exec_ms * 250000 * (0.5 + u_scan) * (1 - cache_share * u_cache) AS BIGINT),
    -- Snowflake reports this share as 0.0–1.0, not as a percentage.
    round(cache_share * u_cache, 3),
    CAST(param_range * 10 * (0.1 + 0.9 * u_scan) AS BIGINT),
    CAST(param_range * 10 AS BIGINT),
    CASE WHEN remote_spill > 0 OR exec_ms > 300000 THEN CAST(exec_ms * 2000000 * (0.5 + u_spill) AS BIGINT) ELSE 0 END,
    CASE WHEN spills_remote THEN CAST(exec_ms * 400000 * (0.5 + u_spill) AS BIGINT) ELSE 0 END,
    CAST(CASE WHEN warehouse_name IS NULL THEN cs_per_query * (0.5 + u_cs) ELSE compile_ms * cs_per_compile_ms END AS DECIMAL(38, 9)),
    CASE WHEN warehouse_name IS NULL THEN NULL ELSE 100 END,
    md5(query_text),
    param_hash
  FROM finished
  WHERE start_time + to_milliseconds(total_ms) < ${timestamp(plan.windowEnd)}
  ORDER BY start_time`;
}
