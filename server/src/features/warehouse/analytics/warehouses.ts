/**
 * The Warehouses page: each warehouse's current settings (SHOW WAREHOUSES on Snowflake, the
 * SHOW-like DATAWORKS.WAREHOUSES table on the sample) with its usage over a range: credits,
 * load (average running vs queued), the idle share by attribution, the busy share
 * (Snowflake's own idle-excluded attribution), spilling and queueing.
 */
import { parseWarehouseSize } from '../../../platform/warehouse/billing.js';
import { maybe, num, str, strOrNull, type Queryable, type Row, type RowValue } from '../../../platform/warehouse/engine.js';
import { sql } from '../../../platform/warehouse/sql.js';
import { queryCostDailyRelation, ts, warehouseHourRelation } from '../../../platform/warehouse/attribution.js';
import type { AnalyticsContext } from './context.js';
import { rangeWindow, type DateRange } from './filters.js';
import type { WarehouseSettingsView, WarehouseUsage } from '@common/warehouse/analyticsContract';

function text(value: RowValue): string | null {
  return value === null ? null : value instanceof Date ? value.toISOString() : String(value);
}

function count(value: RowValue, fallback: number): number {
  if (value === null || value === '') return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** Maps a SHOW WAREHOUSES row (or the sample's copy of one). */
export function warehouseSettingsFromRow(row: Row): WarehouseSettingsView {
  const sizeLabel = text(maybe(row, 'size')) ?? '';
  const autoSuspend = maybe(row, 'auto_suspend');
  const autoResume = text(maybe(row, 'auto_resume'));
  return {
    name: str(row, 'name'),
    state: text(maybe(row, 'state')),
    type: text(maybe(row, 'type')),
    size: parseWarehouseSize(sizeLabel),
    sizeLabel,
    minClusterCount: count(maybe(row, 'min_cluster_count'), 1),
    maxClusterCount: count(maybe(row, 'max_cluster_count'), 1),
    autoSuspendSeconds: autoSuspend === null || Number(autoSuspend) === 0 ? null : count(autoSuspend, 0),
    autoResume: autoResume === null ? true : autoResume.toLowerCase() === 'true',
    scalingPolicy: text(maybe(row, 'scaling_policy')),
    owner: text(maybe(row, 'owner')),
    comment: text(maybe(row, 'comment')),
  };
}

/** Current warehouse settings, by name. */
export async function listWarehouses(engine: Queryable): Promise<WarehouseSettingsView[]> {
  // Snowflake keeps current settings behind SHOW; the sample keeps them in a table of the same shape.
  const statement = engine.kind === 'duckdb' ? sql`SELECT * FROM DATAWORKS.WAREHOUSES ORDER BY "name"` : sql`SHOW WAREHOUSES`;
  const rows = await engine.query(statement);
  return rows.map(warehouseSettingsFromRow).sort((a, b) => a.name.localeCompare(b.name));
}

interface UsageFigures {
  metered: number;
  attributed: number;
  idle: number;
  busy: number;
  cloud: number;
  running: number;
  queued: number;
  queries: number;
  queuedQueries: number;
  queuedSeconds: number;
  spill: number;
  historicalSize: string | null;
}

async function usageFigures(context: AnalyticsContext, range: DateRange): Promise<Map<string, UsageFigures>> {
  const window = rangeWindow(range);
  const rows = await context.engine.query(sql`
    WITH WH AS (${warehouseHourRelation(window)}),
    D AS (${queryCostDailyRelation(window)}),
    H AS (
      SELECT WAREHOUSE_NAME, SUM(CREDITS_METERED) AS METERED, SUM(CREDITS_ATTRIBUTED) AS ATTRIBUTED,
             SUM(CREDITS_IDLE) AS IDLE, SUM(CREDITS_BUSY) AS BUSY
      FROM WH GROUP BY WAREHOUSE_NAME
    ),
    C AS (
      SELECT WAREHOUSE_NAME, SUM(CREDITS_USED_CLOUD_SERVICES) AS CLOUD FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
      WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)} GROUP BY WAREHOUSE_NAME
    ),
    L AS (
      SELECT WAREHOUSE_NAME, AVG(AVG_RUNNING) AS RUNNING, AVG(AVG_QUEUED_LOAD) AS QUEUED FROM ACCOUNT_USAGE.WAREHOUSE_LOAD_HISTORY
      WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)} GROUP BY WAREHOUSE_NAME
    ),
    S AS (
      SELECT WAREHOUSE_NAME, WAREHOUSE_SIZE, SUM(QUERIES) AS QUERIES, SUM(QUEUED_QUERIES) AS QUEUED_QUERIES,
             SUM(QUEUED_OVERLOAD_TIME) AS QUEUED_MS, SUM(REMOTE_SPILL_QUERIES) AS SPILL
      FROM D WHERE WAREHOUSE_NAME IS NOT NULL GROUP BY 1, 2
    ),
    Q AS (
      -- The size most of the range's queries ran at (the rollup keeps the size per group).
      SELECT WAREHOUSE_NAME, SUM(QUERIES) AS QUERIES, SUM(QUEUED_QUERIES) AS QUEUED_QUERIES, SUM(QUEUED_MS) / 1000.0 AS QUEUED_SECONDS,
             SUM(SPILL) AS SPILL, ARG_MAX(WAREHOUSE_SIZE, QUERIES) AS SIZE
      FROM S GROUP BY WAREHOUSE_NAME
    ),
    NAMES AS (SELECT WAREHOUSE_NAME FROM H UNION SELECT WAREHOUSE_NAME FROM Q)
    SELECT N.WAREHOUSE_NAME AS "name", COALESCE(H.METERED, 0) AS "metered", COALESCE(H.ATTRIBUTED, 0) AS "attributed",
           COALESCE(H.IDLE, 0) AS "idle", COALESCE(H.BUSY, 0) AS "busy", COALESCE(C.CLOUD, 0) AS "cloud",
           COALESCE(L.RUNNING, 0) AS "running", COALESCE(L.QUEUED, 0) AS "queued", COALESCE(Q.QUERIES, 0) AS "queries",
           COALESCE(Q.QUEUED_QUERIES, 0) AS "queuedQueries", COALESCE(Q.QUEUED_SECONDS, 0) AS "queuedSeconds",
           COALESCE(Q.SPILL, 0) AS "spill", Q.SIZE AS "historicalSize"
    FROM NAMES N
    LEFT JOIN H ON H.WAREHOUSE_NAME = N.WAREHOUSE_NAME
    LEFT JOIN C ON C.WAREHOUSE_NAME = N.WAREHOUSE_NAME
    LEFT JOIN L ON L.WAREHOUSE_NAME = N.WAREHOUSE_NAME
    LEFT JOIN Q ON Q.WAREHOUSE_NAME = N.WAREHOUSE_NAME`);
  const figures = new Map<string, UsageFigures>();
  for (const row of rows) {
    figures.set(str(row, 'name'), {
      metered: num(row, 'metered'),
      attributed: num(row, 'attributed'),
      idle: num(row, 'idle'),
      busy: num(row, 'busy'),
      cloud: num(row, 'cloud'),
      running: num(row, 'running'),
      queued: num(row, 'queued'),
      queries: num(row, 'queries'),
      queuedQueries: num(row, 'queuedQueries'),
      queuedSeconds: num(row, 'queuedSeconds'),
      spill: num(row, 'spill'),
      historicalSize: strOrNull(row, 'historicalSize'),
    });
  }
  return figures;
}

const EMPTY: UsageFigures = {
  metered: 0,
  attributed: 0,
  idle: 0,
  busy: 0,
  cloud: 0,
  running: 0,
  queued: 0,
  queries: 0,
  queuedQueries: 0,
  queuedSeconds: 0,
  spill: 0,
  historicalSize: null,
};

/** Every current warehouse with its usage in the range (warehouses dropped since are left out). */
export async function warehouseUsage(context: AnalyticsContext, range: DateRange): Promise<WarehouseUsage[]> {
  const settings = await listWarehouses(context.account);
  const figures = await usageFigures(context, range);
  return settings.map((warehouse) => {
    const f = figures.get(warehouse.name) ?? EMPTY;
    return {
      ...warehouse,
      meteredCredits: f.metered,
      cost: f.metered * context.prices.pricePerCredit,
      cloudServicesCredits: f.cloud,
      attributedCredits: f.attributed,
      idleCredits: f.idle,
      idleShare: f.metered > 0 ? f.idle / f.metered : 0,
      busyCredits: f.busy,
      busyShare: f.metered > 0 ? f.busy / f.metered : 0,
      averageRunning: f.running,
      averageQueued: f.queued,
      queries: f.queries,
      queuedQueries: f.queuedQueries,
      queuedSeconds: f.queuedSeconds,
      remoteSpillQueries: f.spill,
      historicalSize: f.historicalSize,
    };
  });
}

export type { WarehouseSettingsView, WarehouseUsage };
