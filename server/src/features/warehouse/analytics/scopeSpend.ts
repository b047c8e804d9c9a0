/**
 * Daily spend of what a budget watches:
 * - the whole account: everything the Cost page adds up per day (compute, billed cloud
 *   services, storage);
 * - a warehouse: its metered compute (idle time included: it is billed);
 * - a user, role or query tag: the cost attributed to its queries (attribution.ts).
 * And whether a budget's user, role or tag exists in the account.
 */
import { day, num, type Row } from '../../../platform/warehouse/engine.js';
import { raw, sql } from '../../../platform/warehouse/sql.js';
import { queryCostRelation, ts } from '../../../platform/warehouse/attribution.js';
import type { AnalyticsContext } from './context.js';
import { spendByDayAndService } from './cost.js';
import { addDays, rangeWindow, type DateRange } from './filters.js';
import type { BudgetScope } from '@common/warehouse/budgetsContract';

export interface DailyCost {
  day: string;
  cost: number;
}

const QUERY_COLUMNS: Record<'user' | 'role' | 'tag', string> = { user: 'USER_NAME', role: 'ROLE_NAME', tag: 'QUERY_TAG' };

/** Cost per day with spend (days without any are left out). `value` must be parsed already. */
export async function dailyScopeSpend(
  context: AnalyticsContext,
  scope: BudgetScope,
  value: string | null,
  range: DateRange,
): Promise<DailyCost[]> {
  if (scope === 'account') return (await spendByDayAndService(context, range)).map((d) => ({ day: d.day, cost: d.totalCost }));
  if (value === null) return [];
  const window = rangeWindow(range);
  let rows: Row[];
  if (scope === 'warehouse') {
    rows = await context.engine.query(sql`
      SELECT CAST(START_TIME AS DATE) AS "day", SUM(CREDITS_USED_COMPUTE) AS "credits"
      FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
      WHERE WAREHOUSE_NAME = ${value} AND START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}
      GROUP BY 1 ORDER BY 1`);
  } else {
    rows = await context.engine.query(sql`
      WITH QC AS (${queryCostRelation(window)})
      SELECT CAST(START_TIME AS DATE) AS "day", SUM(CREDITS) AS "credits"
      FROM QC WHERE ${raw(QUERY_COLUMNS[scope])} = ${value}
      GROUP BY 1 ORDER BY 1`);
  }
  return rows.map((row) => ({ day: day(row, 'day'), cost: num(row, 'credits') * context.prices.pricePerCredit }));
}

/** Query tags are looked for in this many days of history before the latest usage day. */
const TAG_LOOKBACK_DAYS = 400;

/**
 * Whether the user, role or tag is one the account has (current users and roles; tags seen in
 * the last 400 days). Warehouses are the account's current ones (Warehouse.scopeValueExists).
 */
export async function scopeValueExists(
  context: AnalyticsContext,
  scope: 'user' | 'role' | 'tag',
  value: string,
  latestDay: string | null,
): Promise<boolean> {
  switch (scope) {
    case 'user':
      return (
        (await context.engine.query(sql`SELECT 1 AS "found" FROM ACCOUNT_USAGE.USERS WHERE NAME = ${value} AND DELETED_ON IS NULL LIMIT 1`))
          .length > 0
      );
    case 'role':
      return (
        (await context.engine.query(sql`SELECT 1 AS "found" FROM ACCOUNT_USAGE.ROLES WHERE NAME = ${value} AND DELETED_ON IS NULL LIMIT 1`))
          .length > 0
      );
    case 'tag': {
      if (latestDay === null) return false;
      const window = rangeWindow({ from: addDays(latestDay, -TAG_LOOKBACK_DAYS), to: latestDay });
      const found = await context.engine.query(sql`SELECT 1 AS "found" FROM ACCOUNT_USAGE.QUERY_HISTORY
        WHERE QUERY_TAG = ${value} AND START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)} LIMIT 1`);
      return found.length > 0;
    }
  }
}
