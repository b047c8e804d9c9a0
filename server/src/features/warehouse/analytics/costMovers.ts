/**
 * "Why did my bill go up?": the bill of a range against its comparison period (comparison.ts),
 * and per warehouse, user, query pattern, dbt model and query tag the names whose cost moved
 * most, either way. Warehouses are ranked by the compute they were metered (what the bill
 * charges); users, patterns, models and tags by the cost attributed to their queries
 * (attribution.ts), so a mover's figure is the one its Queries page adds up. Each dimension is
 * one grouped statement over both periods; nothing per name is asked.
 */
import { num, str, strOrNull } from '../../../platform/warehouse/engine.js';
import { int, raw, sql, type Sql } from '../../../platform/warehouse/sql.js';
import { queryCostDailyRelation, ts } from '../../../platform/warehouse/attribution.js';
import type { CostMover, CostMovers, MoverDimension } from '@common/warehouse/analyticsContract';
import { CURRENCY, type AnalyticsContext } from './context.js';
import { comparisonPeriod } from './comparison.js';
import { spendByDayAndService } from './cost.js';
import { nodeIdExpression } from './dbtNodeCost.js';
import { rangeWindow, type DateRange } from './filters.js';

interface Periods {
  range: DateRange;
  previousRange: DateRange;
}

/** CURRENT and PREVIOUS credits of `expression` (a credits column), split by the day column `dayColumn`. */
function periodSums(periods: Periods, dayColumn: string, credits: string): Sql {
  const day = raw(dayColumn);
  const value = raw(credits);
  const { range, previousRange } = periods;
  return sql`SUM(CASE WHEN ${day} >= CAST(${range.from} AS DATE) AND ${day} <= CAST(${range.to} AS DATE) THEN ${value} ELSE 0 END) AS "current",
    SUM(CASE WHEN ${day} >= CAST(${previousRange.from} AS DATE) AND ${day} <= CAST(${previousRange.to} AS DATE) THEN ${value} ELSE 0 END) AS "previous"`;
}

/** Both periods as one window: the previous one ends before the range starts. */
function spanning(periods: Periods) {
  return rangeWindow({ from: periods.previousRange.from, to: periods.range.to });
}

/** The grouped rows, largest move first (either way); a name with no cost in either period is no mover. */
const ranked = (grouped: Sql, limit: number) =>
  sql`SELECT * FROM (${grouped}) WHERE ABS("current") + ABS("previous") > 0 ORDER BY ABS("current" - "previous") DESC, "name" LIMIT ${int(limit)}`;

function warehouseMovers(context: AnalyticsContext, periods: Periods, limit: number) {
  const window = spanning(periods);
  return context.engine.query(
    ranked(
      sql`
    WITH M AS (
      SELECT WAREHOUSE_NAME, CAST(START_TIME AS DATE) AS DAY, CREDITS_USED_COMPUTE AS CREDITS
      FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
      WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}
    )
    SELECT WAREHOUSE_NAME AS "name", WAREHOUSE_NAME AS "label", ${periodSums(periods, 'DAY', 'CREDITS')}
    FROM M GROUP BY 1`,
      limit,
    ),
  );
}

const ROLLUP_COLUMNS = { user: 'USER_NAME', tag: 'QUERY_TAG', pattern: 'QUERY_PARAMETERIZED_HASH' } as const;

/** Users, tags and patterns, from the daily rollup of attributed query cost. */
function rollupMovers(context: AnalyticsContext, periods: Periods, dimension: keyof typeof ROLLUP_COLUMNS, limit: number) {
  const column = raw(ROLLUP_COLUMNS[dimension]);
  // A pattern is shown by its most expensive run's text; the others by their name.
  const label = dimension === 'pattern' ? sql`MAX_BY(TOP_TEXT_PREVIEW, MAX_CREDITS)` : column;
  return context.engine.query(
    ranked(
      sql`
    WITH D AS (${queryCostDailyRelation(spanning(periods))})
    SELECT ${column} AS "name", ${label} AS "label", ${periodSums(periods, 'DAY', 'CREDITS')}
    FROM D WHERE NULLIF(${column}, '') IS NOT NULL GROUP BY 1`,
      limit,
    ),
  );
}

/** dbt models, by the statements dbt ran to build them (dbtNodeCost.ts reads the same marks). */
function modelMovers(context: AnalyticsContext, periods: Periods, limit: number) {
  const window = spanning(periods);
  return context.engine.query(
    ranked(
      sql`
    WITH Q AS (
      SELECT QUERY_ID, ${nodeIdExpression()} AS NODE_ID
      FROM ACCOUNT_USAGE.QUERY_HISTORY
      WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}
        AND (contains(QUERY_TEXT, 'node_id') OR COALESCE(QUERY_TAG, '') <> '')
    ),
    B AS (
      SELECT Q.NODE_ID, CAST(C.START_TIME AS DATE) AS DAY, C.CREDITS
      FROM Q JOIN DATAWORKS.QUERY_COST C ON C.QUERY_ID = Q.QUERY_ID
      WHERE Q.NODE_ID LIKE 'model.%' AND C.START_TIME >= ${ts(window.start)} AND C.START_TIME < ${ts(window.end)}
    )
    SELECT NODE_ID AS "name", regexp_extract(NODE_ID, '^model[.][^.]+[.](.+)$', 1) AS "label", ${periodSums(periods, 'DAY', 'CREDITS')}
    FROM B GROUP BY 1`,
      limit,
    ),
  );
}

/** A pattern's text without the comment a tool puts first (dbt's `/* {"app": "dbt", …} *\/`): the statement is what people recognise. */
function readable(label: string | null): string {
  if (!label) return '';
  return label.replace(/^\s*\/\*[\s\S]*?\*\/\s*/, '').trim() || label;
}

export function changeShare(cost: number, previousCost: number): number | null {
  return previousCost > 0 ? (cost - previousCost) / previousCost : null;
}

export async function costMovers(context: AnalyticsContext, range: DateRange, limit = 5): Promise<CostMovers> {
  const previousRange = comparisonPeriod(range);
  const periods = { range, previousRange };
  const [days, ...lists] = await Promise.all([
    spendByDayAndService(context, { from: previousRange.from, to: range.to }),
    warehouseMovers(context, periods, limit),
    rollupMovers(context, periods, 'user', limit),
    rollupMovers(context, periods, 'pattern', limit),
    modelMovers(context, periods, limit),
    rollupMovers(context, periods, 'tag', limit),
  ]);
  const price = context.prices.pricePerCredit;
  const [warehouse = [], user = [], pattern = [], model = [], tag = []] = lists.map((rows) =>
    rows.map((row): CostMover => {
      const cost = num(row, 'current') * price;
      const previousCost = num(row, 'previous') * price;
      const name = str(row, 'name');
      return {
        name,
        label: readable(strOrNull(row, 'label')) || name,
        cost,
        previousCost,
        change: cost - previousCost,
        changeShare: changeShare(cost, previousCost),
      };
    }),
  );
  const total = (from: string, to: string) => days.filter((d) => d.day >= from && d.day <= to).reduce((sum, d) => sum + d.totalCost, 0);
  const totalCost = total(range.from, range.to);
  const previousTotalCost = total(previousRange.from, previousRange.to);
  const movers: Record<MoverDimension, CostMover[]> = { warehouse, user, pattern, model, tag };
  return {
    range,
    previousRange,
    currency: CURRENCY,
    totalCost,
    previousTotalCost,
    change: totalCost - previousTotalCost,
    changeShare: changeShare(totalCost, previousTotalCost),
    movers,
  };
}
