/**
 * The names the Optimize filters can offer over a range: warehouses, users, roles and query
 * tags that ran queries in it, with how many. Each list keeps the busiest `limit` names and is
 * sorted by name, so a long tail of one-off tags cannot flood the page.
 */
import { num, str } from '../../../platform/warehouse/engine.js';
import { int, raw, sql } from '../../../platform/warehouse/sql.js';
import { ts } from '../../../platform/warehouse/attribution.js';
import type { AnalyticsContext } from './context.js';
import { rangeWindow, type DateRange } from './filters.js';
import type { FilterOption, FilterOptionsResponse } from '@common/warehouse/insightsContract';

export const FILTER_OPTIONS_LIMIT = 200;

const LISTS = { warehouses: 'WAREHOUSE_NAME', users: 'USER_NAME', roles: 'ROLE_NAME', queryTags: 'QUERY_TAG' } as const;
type ListName = keyof typeof LISTS;

export async function filterOptions(
  context: AnalyticsContext,
  range: DateRange,
  limit = FILTER_OPTIONS_LIMIT,
): Promise<FilterOptionsResponse> {
  const window = rangeWindow(range);
  const lists = Object.entries(LISTS) as [ListName, string][];
  // One scan of the range: each list is a UNION ALL branch ranked by its count.
  const branches = lists.map(
    ([list, column]) => sql`SELECT ${list} AS "list", ${raw(column)} AS "name", COUNT(*) AS "queries"
      FROM QH WHERE ${raw(column)} IS NOT NULL AND ${raw(column)} <> '' GROUP BY 2`,
  );
  const unioned = branches.slice(1).reduce((all, branch) => sql`${all} UNION ALL ${branch}`, branches[0] ?? sql`SELECT 1`);
  const rows = await context.engine.query(sql`
    WITH QH AS (
      SELECT WAREHOUSE_NAME, USER_NAME, ROLE_NAME, QUERY_TAG FROM ACCOUNT_USAGE.QUERY_HISTORY
      WHERE START_TIME >= ${ts(window.start)} AND START_TIME < ${ts(window.end)}
    ),
    C AS (${unioned}),
    R AS (SELECT "list", "name", "queries", ROW_NUMBER() OVER (PARTITION BY "list" ORDER BY "queries" DESC, "name") AS N FROM C)
    SELECT "list", "name", "queries" FROM R WHERE N <= ${int(limit)} ORDER BY "list", "name"`);
  const answer: FilterOptionsResponse = { range, warehouses: [], users: [], roles: [], queryTags: [], limit };
  for (const row of rows) {
    const list = str(row, 'list') as ListName;
    const option: FilterOption = { name: str(row, 'name'), queries: num(row, 'queries') };
    if (list in LISTS) answer[list].push(option);
  }
  return answer;
}
