/** What every analytic needs: an engine to query and the organisation's prices. */
import type { Queryable } from '../../../platform/warehouse/engine.js';
import { sql } from '../../../platform/warehouse/sql.js';
import { day } from '../../../platform/warehouse/engine.js';
import { CURRENCY } from '@common/warehouse/warehouseInfo';
import type { Spend } from '@common/warehouse/analyticsContract';

export interface Prices {
  /** USD per credit. */
  pricePerCredit: number;
  /** USD per TB-month of storage. */
  storagePricePerTbMonth: number;
}

export interface AnalyticsContext {
  /** The usage copy: every analysis's SQL runs here. */
  engine: Queryable;
  /** The account itself, for what only it knows now (SHOW WAREHOUSES: current sizes and settings). */
  account: Queryable;
  prices: Prices;
}

export function spend(context: AnalyticsContext, credits: number): Spend {
  return { credits, cost: credits * context.prices.pricePerCredit };
}

/** The last day with metering data (UTC), or null for an empty account. On Snowflake this is today or yesterday. */
export async function latestUsageDay(context: AnalyticsContext): Promise<string | null> {
  const rows = await context.engine.query(sql`SELECT MAX(USAGE_DATE) AS "day" FROM ACCOUNT_USAGE.METERING_DAILY_HISTORY`);
  const row = rows[0];
  return row && row.day !== null ? day(row, 'day') : null;
}

/** The first and last day with metering data: the default range of the pages. */
export async function usageDays(context: AnalyticsContext): Promise<{ from: string; to: string } | null> {
  const rows = await context.engine.query(
    sql`SELECT MIN(USAGE_DATE) AS "from", MAX(USAGE_DATE) AS "to" FROM ACCOUNT_USAGE.METERING_DAILY_HISTORY`,
  );
  const row = rows[0];
  if (!row || row.from === null) return null;
  return { from: day(row, 'from'), to: day(row, 'to') };
}

export { CURRENCY };

export type { Spend };
