/**
 * Each top query pattern's cost per day over the range, and its cost over the comparison period
 * (comparison.ts: the same days of last month for a month's range, else the equally long period
 * just before), so the Queries page can show which repeated statements are growing.
 * Patterns are ranked by cost in the range (filters applied); the previous period reads the
 * same filters.
 */
import { day, num, str } from '../../../platform/warehouse/engine.js';
import { int, sql, where } from '../../../platform/warehouse/sql.js';
import { queryCostRelation, ts } from '../../../platform/warehouse/attribution.js';
import type { AnalyticsContext } from './context.js';
import { addDays, filterConditions, rangeWindow, type QueryFilter } from './filters.js';
import { comparisonPeriod } from './comparison.js';
import type { DateRange } from '@common/warehouse/analyticsContract';
import type { PatternTrend, PatternTrendsResponse } from '@common/warehouse/insightsContract';

export function daysOf(range: DateRange): string[] {
  const days: string[] = [];
  for (let current = range.from; current <= range.to; current = addDays(current, 1)) days.push(current);
  return days;
}

export async function patternTrends(context: AnalyticsContext, filter: QueryFilter, limit = 10): Promise<PatternTrendsResponse> {
  const range = filter.range;
  const previousRange = comparisonPeriod(range);
  const current = rangeWindow(range);
  const wide = rangeWindow({ from: previousRange.from, to: range.to });
  const conditions = [...filterConditions(filter, '', wide), sql`QUERY_PARAMETERIZED_HASH IS NOT NULL`];
  const rows = await context.engine.query(sql`
    WITH QC AS (${queryCostRelation(wide)}),
    F AS (SELECT * FROM QC ${where(conditions)}),
    TOP_PATTERNS AS (
      SELECT QUERY_PARAMETERIZED_HASH AS H, SUM(CREDITS) AS CREDITS, COUNT(*) AS QUERIES, MAX_BY(QUERY_ID, CREDITS) AS SAMPLE_ID
      FROM F WHERE START_TIME >= ${ts(current.start)}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${int(limit)}
    ),
    DAILY AS (
      SELECT F.QUERY_PARAMETERIZED_HASH AS H, CAST(F.START_TIME AS DATE) AS D, SUM(F.CREDITS) AS CREDITS
      FROM F JOIN TOP_PATTERNS T ON T.H = F.QUERY_PARAMETERIZED_HASH
      GROUP BY 1, 2
    )
    SELECT T.H AS "hash", T.QUERIES AS "queries", T.CREDITS AS "total", LEFT(Q.QUERY_TEXT, 200) AS "sampleText",
           D.D AS "day", COALESCE(D.CREDITS, 0) AS "credits"
    FROM TOP_PATTERNS T
    JOIN ACCOUNT_USAGE.QUERY_HISTORY Q ON Q.QUERY_ID = T.SAMPLE_ID
    LEFT JOIN DAILY D ON D.H = T.H
    WHERE Q.START_TIME >= ${ts(current.start)} AND Q.START_TIME < ${ts(current.end)}
    ORDER BY T.CREDITS DESC, T.H`);
  const days = daysOf(range);
  const index = new Map(days.map((d, i) => [d, i]));
  const price = context.prices.pricePerCredit;
  const patterns = new Map<string, PatternTrend>();
  for (const row of rows) {
    const hash = str(row, 'hash');
    let pattern = patterns.get(hash);
    if (!pattern) {
      pattern = {
        parameterizedHash: hash,
        sampleText: str(row, 'sampleText'),
        queries: num(row, 'queries'),
        totalCost: num(row, 'total') * price,
        previousCost: 0,
        changeShare: null,
        daily: days.map(() => 0),
      };
      patterns.set(hash, pattern);
    }
    if (row.day === null) continue;
    const rowDay = day(row, 'day');
    const at = index.get(rowDay);
    const cost = num(row, 'credits') * price;
    // Days between the two periods (after the same days of last month) count in neither.
    if (at !== undefined) pattern.daily[at] = (pattern.daily[at] ?? 0) + cost;
    else if (rowDay >= previousRange.from && rowDay <= previousRange.to) pattern.previousCost += cost;
  }
  for (const pattern of patterns.values())
    pattern.changeShare = pattern.previousCost > 0 ? (pattern.totalCost - pattern.previousCost) / pattern.previousCost : null;
  return { range, previousRange, days, patterns: [...patterns.values()] };
}
