/**
 * The Cost page: spend by day and warehouse, by service (compute, cloud services after the 10%
 * adjustment, storage), by user / role / query tag (through query cost attribution), idle cost
 * per warehouse, and month to date against last month with a month-end forecast.
 * Money = credits × the organisation's price per credit; storage = average TB × price per
 * TB-month, pro rata per day of its month.
 */
import { dailyStorageCost } from '../../../platform/warehouse/billing.js';
import { day, num, str, strOrNull } from '../../../platform/warehouse/engine.js';
import { int, raw, sql } from '../../../platform/warehouse/sql.js';
import { queryCostDailyRelation, warehouseHourRelation } from '../../../platform/warehouse/attribution.js';
import { CURRENCY, latestUsageDay, spend, type AnalyticsContext } from './context.js';
import { addDays, rangeWindow, type DateRange } from './filters.js';
import { comparisonPeriod } from './comparison.js';
import type {
  DailyWarehouseSpend,
  DailyServiceSpend,
  Service,
  ServiceSpend,
  CostDimension,
  DimensionSpend,
  IdleCost,
  MonthToDate,
  CostSummary,
} from '@common/warehouse/analyticsContract';

/** Compute credits metered per day and warehouse. */
export async function spendByDayAndWarehouse(context: AnalyticsContext, range: DateRange): Promise<DailyWarehouseSpend[]> {
  const window = rangeWindow(range);
  const rows = await context.engine.query(sql`
    SELECT CAST(START_TIME AS DATE) AS "day", WAREHOUSE_NAME AS "warehouseName", SUM(CREDITS_USED_COMPUTE) AS "credits"
    FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
    WHERE START_TIME >= CAST(${window.start} AS TIMESTAMP_LTZ) AND START_TIME < CAST(${window.end} AS TIMESTAMP_LTZ)
    GROUP BY 1, 2 ORDER BY 1, 2`);
  return rows.map((row) => ({ day: day(row, 'day'), warehouseName: str(row, 'warehouseName'), ...spend(context, num(row, 'credits')) }));
}

/** Per day: compute, cloud services (used and billed) and storage, in credits and money. */
export async function spendByDayAndService(context: AnalyticsContext, range: DateRange): Promise<DailyServiceSpend[]> {
  const rows = await context.engine.query(sql`
    WITH M AS (
      SELECT USAGE_DATE, SUM(CREDITS_USED_COMPUTE) AS COMPUTE, SUM(CREDITS_USED_CLOUD_SERVICES) AS CLOUD,
             SUM(CREDITS_USED_CLOUD_SERVICES + CREDITS_ADJUSTMENT_CLOUD_SERVICES) AS CLOUD_BILLED
      FROM ACCOUNT_USAGE.METERING_DAILY_HISTORY
      WHERE USAGE_DATE >= CAST(${range.from} AS DATE) AND USAGE_DATE <= CAST(${range.to} AS DATE)
      GROUP BY USAGE_DATE
    ),
    S AS (
      SELECT USAGE_DATE, SUM(COALESCE(AVERAGE_DATABASE_BYTES, 0) + COALESCE(AVERAGE_FAILSAFE_BYTES, 0)) AS BYTES
      FROM ACCOUNT_USAGE.DATABASE_STORAGE_USAGE_HISTORY
      WHERE USAGE_DATE >= CAST(${range.from} AS DATE) AND USAGE_DATE <= CAST(${range.to} AS DATE)
      GROUP BY USAGE_DATE
    )
    SELECT COALESCE(M.USAGE_DATE, S.USAGE_DATE) AS "day", COALESCE(M.COMPUTE, 0) AS "compute", COALESCE(M.CLOUD, 0) AS "cloud",
           COALESCE(M.CLOUD_BILLED, 0) AS "cloudBilled", COALESCE(S.BYTES, 0) AS "bytes",
           DAY(LAST_DAY(COALESCE(M.USAGE_DATE, S.USAGE_DATE))) AS "daysInMonth"
    FROM M FULL OUTER JOIN S ON S.USAGE_DATE = M.USAGE_DATE
    ORDER BY 1`);
  const price = context.prices.pricePerCredit;
  return rows.map((row) => {
    const computeCredits = num(row, 'compute');
    const billed = num(row, 'cloudBilled');
    const storageCost = dailyStorageCost(num(row, 'bytes'), num(row, 'daysInMonth'), context.prices.storagePricePerTbMonth);
    return {
      day: day(row, 'day'),
      computeCredits,
      cloudServicesCredits: num(row, 'cloud'),
      billedCloudServicesCredits: billed,
      storageBytes: num(row, 'bytes'),
      computeCost: computeCredits * price,
      cloudServicesCost: billed * price,
      storageCost,
      totalCost: (computeCredits + billed) * price + storageCost,
    };
  });
}

export function totalByService(days: readonly DailyServiceSpend[]): ServiceSpend[] {
  const sum = (pick: (d: DailyServiceSpend) => number): number => days.reduce((total, d) => total + pick(d), 0);
  return [
    { service: 'compute', credits: sum((d) => d.computeCredits), cost: sum((d) => d.computeCost) },
    { service: 'cloud_services', credits: sum((d) => d.billedCloudServicesCredits), cost: sum((d) => d.cloudServicesCost) },
    { service: 'storage', credits: null, cost: sum((d) => d.storageCost) },
  ];
}

const DIMENSION_COLUMNS: Record<CostDimension, string> = { user: 'USER_NAME', role: 'ROLE_NAME', tag: 'QUERY_TAG' };

/**
 * Attributed spend per user, role or query tag in the range, most expensive first, each with its
 * cost over the comparison period (comparison.ts) beside it. Names without a query in the
 * range are left out, as before: the table lists what the range spent.
 */
export async function spendByDimension(
  context: AnalyticsContext,
  range: DateRange,
  dimension: CostDimension,
  limit = 50,
): Promise<DimensionSpend[]> {
  const column = raw(DIMENSION_COLUMNS[dimension]);
  const previous = comparisonPeriod(range);
  const inRange = sql`DAY >= CAST(${range.from} AS DATE)`;
  const inPrevious = sql`DAY <= CAST(${previous.to} AS DATE)`;
  const rows = await context.engine.query(sql`
    WITH D AS (${queryCostDailyRelation(rangeWindow({ from: previous.from, to: range.to }))})
    SELECT NULLIF(${column}, '') AS "name",
           SUM(CASE WHEN ${inRange} THEN QUERIES ELSE 0 END) AS "queries",
           SUM(CASE WHEN ${inRange} THEN CREDITS ELSE 0 END) AS "credits",
           SUM(CASE WHEN ${inRange} THEN CREDITS_COMPUTE ELSE 0 END) AS "compute",
           SUM(CASE WHEN ${inRange} THEN CREDITS_CLOUD_SERVICES ELSE 0 END) AS "cloud",
           SUM(CASE WHEN ${inPrevious} THEN CREDITS ELSE 0 END) AS "previous"
    FROM D GROUP BY 1 HAVING SUM(CASE WHEN ${inRange} THEN QUERIES ELSE 0 END) > 0
    ORDER BY 3 DESC, 1 LIMIT ${int(limit)}`);
  return rows.map((row) => ({
    name: strOrNull(row, 'name'),
    queries: num(row, 'queries'),
    computeCredits: num(row, 'compute'),
    cloudServicesCredits: num(row, 'cloud'),
    ...spend(context, num(row, 'credits')),
    previousCost: num(row, 'previous') * context.prices.pricePerCredit,
  }));
}

/**
 * Metered compute that no query ran in (hours without a running query), per warehouse that ran
 * in the range, with its metered compute over the comparison period (comparison.ts) beside it.
 */
export async function idleCostByWarehouse(context: AnalyticsContext, range: DateRange): Promise<IdleCost[]> {
  const previous = comparisonPeriod(range);
  const current = rangeWindow(range);
  const inRange = sql`HOUR_START >= CAST(${current.start} AS TIMESTAMP_LTZ)`;
  const rows = await context.engine.query(sql`
    WITH WH AS (${warehouseHourRelation(rangeWindow({ from: previous.from, to: range.to }))})
    SELECT WAREHOUSE_NAME AS "warehouseName",
           SUM(CASE WHEN ${inRange} THEN CREDITS_METERED ELSE 0 END) AS "metered",
           SUM(CASE WHEN ${inRange} THEN CREDITS_ATTRIBUTED ELSE 0 END) AS "attributed",
           SUM(CASE WHEN ${inRange} THEN CREDITS_IDLE ELSE 0 END) AS "idle",
           SUM(CASE WHEN HOUR_START < CAST(${rangeWindow(previous).end} AS TIMESTAMP_LTZ) THEN CREDITS_METERED ELSE 0 END) AS "previous"
    FROM WH GROUP BY 1 HAVING SUM(CASE WHEN ${inRange} THEN 1 ELSE 0 END) > 0
    ORDER BY 4 DESC, 1`);
  const price = context.prices.pricePerCredit;
  return rows.map((row) => {
    const meteredCredits = num(row, 'metered');
    const idleCredits = num(row, 'idle');
    return {
      warehouseName: str(row, 'warehouseName'),
      meteredCredits,
      attributedCredits: num(row, 'attributed'),
      idleCredits,
      idleCost: idleCredits * price,
      idleShare: meteredCredits > 0 ? idleCredits / meteredCredits : 0,
      meteredCost: meteredCredits * price,
      previousMeteredCost: num(row, 'previous') * price,
    };
  });
}

export async function monthToDate(context: AnalyticsContext, asOfInput?: string): Promise<MonthToDate | null> {
  const asOf = asOfInput ?? (await latestUsageDay(context));
  if (asOf === null) return null;
  const monthStart = `${asOf.slice(0, 8)}01`;
  const lastMonthStart = addDays(monthStart, -1).slice(0, 8) + '01';
  const lastMonthEnd = addDays(monthStart, -1);
  const dayOfMonth = Number(asOf.slice(8, 10));
  const lastMonthSameDay = [addDays(lastMonthStart, dayOfMonth - 1), lastMonthEnd].sort()[0] ?? lastMonthEnd;
  const daysInMonth = Number(addDays(`${addDays(monthStart, 31).slice(0, 8)}01`, -1).slice(8, 10));
  const earliest = [lastMonthStart, addDays(asOf, -7)].sort()[0] ?? lastMonthStart;
  const days = await spendByDayAndService(context, { from: earliest, to: asOf });
  const total = (from: string, to: string): number =>
    days.filter((d) => d.day >= from && d.day <= to).reduce((sum, d) => sum + d.totalCost, 0);
  const trailing = total(addDays(asOf, -7), addDays(asOf, -1)) / 7;
  const beforeToday = total(monthStart, addDays(asOf, -1));
  const mtd = total(monthStart, asOf);
  const lastSame = total(lastMonthStart, lastMonthSameDay);
  return {
    asOf,
    monthStart,
    monthToDateCost: mtd,
    lastMonthSameDaysCost: lastSame,
    lastMonthTotalCost: total(lastMonthStart, lastMonthEnd),
    forecastCost: beforeToday + trailing * (daysInMonth - dayOfMonth + 1),
    changeShare: lastSame > 0 ? (mtd - lastSame) / lastSame : null,
  };
}

/** Everything the Cost page shows for a range, in one call; its queries run side by side. */
export async function costSummary(
  context: AnalyticsContext,
  range: DateRange,
  options: { limit?: number; asOf?: string } = {},
): Promise<CostSummary> {
  const limit = options.limit ?? 50;
  const [byDayAndService, byDayAndWarehouse, byUser, byRole, byTag, idleByWarehouse, monthToDateFigure] = await Promise.all([
    spendByDayAndService(context, range),
    spendByDayAndWarehouse(context, range),
    spendByDimension(context, range, 'user', limit),
    spendByDimension(context, range, 'role', limit),
    spendByDimension(context, range, 'tag', limit),
    idleCostByWarehouse(context, range),
    monthToDate(context, options.asOf),
  ]);
  const byService = totalByService(byDayAndService);
  return {
    range,
    previousRange: comparisonPeriod(range),
    currency: CURRENCY,
    pricePerCredit: context.prices.pricePerCredit,
    storagePricePerTbMonth: context.prices.storagePricePerTbMonth,
    totalCost: byService.reduce((sum, s) => sum + s.cost, 0),
    byService,
    byDayAndService,
    byDayAndWarehouse,
    byUser,
    byRole,
    byTag,
    idleByWarehouse,
    monthToDate: monthToDateFigure,
  };
}

export type {
  DailyWarehouseSpend,
  DailyServiceSpend,
  Service,
  ServiceSpend,
  CostDimension,
  DimensionSpend,
  IdleCost,
  MonthToDate,
  CostSummary,
};
