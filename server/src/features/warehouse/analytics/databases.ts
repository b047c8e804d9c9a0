/**
 * Spend by database and schema: each query's attributed cost (attribution.ts) under the
 * database and schema it ran in (QUERY_HISTORY's DATABASE_NAME / SCHEMA_NAME, the session's
 * current ones). Queries without a warehouse cost only their cloud services; all of them count,
 * so the databases add up to the range's query-attributed total. Each also carries its cost over
 * the comparison period (comparison.ts), for the change column.
 */
import { num, strOrNull } from '../../../platform/warehouse/engine.js';
import { sql } from '../../../platform/warehouse/sql.js';
import { queryCostRelation, ts } from '../../../platform/warehouse/attribution.js';
import { spend, type AnalyticsContext } from './context.js';
import { rangeWindow, type DateRange } from './filters.js';
import { comparisonPeriod } from './comparison.js';
import type { DatabaseSpend, SchemaSpend } from '@common/warehouse/insightsContract';

export async function spendByDatabase(context: AnalyticsContext, range: DateRange): Promise<DatabaseSpend[]> {
  // Both periods in one pass; a database or schema is listed when it had queries in the range.
  const previous = comparisonPeriod(range);
  const window = rangeWindow({ from: previous.from, to: range.to });
  const current = rangeWindow(range);
  const before = rangeWindow(previous);
  const inRange = sql`QC.START_TIME >= ${ts(current.start)}`;
  const inPrevious = sql`QC.START_TIME < ${ts(before.end)}`;
  const rows = await context.engine.query(sql`
    WITH QC AS (${queryCostRelation(window)})
    SELECT NULLIF(Q.DATABASE_NAME, '') AS "databaseName", NULLIF(Q.SCHEMA_NAME, '') AS "schemaName",
           SUM(CASE WHEN ${inRange} THEN 1 ELSE 0 END) AS "queries", SUM(CASE WHEN ${inRange} THEN QC.CREDITS ELSE 0 END) AS "credits",
           SUM(CASE WHEN ${inPrevious} THEN QC.CREDITS ELSE 0 END) AS "previous"
    FROM QC JOIN ACCOUNT_USAGE.QUERY_HISTORY Q ON Q.QUERY_ID = QC.QUERY_ID
    WHERE Q.START_TIME >= ${ts(window.start)} AND Q.START_TIME < ${ts(window.end)}
    GROUP BY 1, 2 HAVING SUM(CASE WHEN ${inRange} THEN 1 ELSE 0 END) > 0`);
  const price = context.prices.pricePerCredit;
  const databases = new Map<string | null, DatabaseSpend>();
  for (const row of rows) {
    const databaseName = strOrNull(row, 'databaseName');
    const schema: SchemaSpend = {
      name: strOrNull(row, 'schemaName'),
      queries: num(row, 'queries'),
      ...spend(context, num(row, 'credits')),
      previousCost: num(row, 'previous') * price,
    };
    const database = databases.get(databaseName) ?? { name: databaseName, queries: 0, credits: 0, cost: 0, previousCost: 0, schemas: [] };
    database.queries += schema.queries;
    database.credits += schema.credits;
    database.cost += schema.cost;
    database.previousCost += schema.previousCost;
    database.schemas.push(schema);
    databases.set(databaseName, database);
  }
  const byCost = <T extends SchemaSpend>(a: T, b: T) => b.cost - a.cost || (a.name ?? '').localeCompare(b.name ?? '');
  return [...databases.values()].map((database) => ({ ...database, schemas: database.schemas.sort(byCost) })).sort(byCost);
}
