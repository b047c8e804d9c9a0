/**
 * Spend by database and schema: each query's attributed cost (attribution.ts) under the
 * database and schema it ran in (QUERY_HISTORY's DATABASE_NAME / SCHEMA_NAME, the session's
 * current ones). Queries without a warehouse cost only their cloud services; all of them count,
 * so the databases add up to the range's query-attributed total.
 */
import { num, strOrNull } from '../../../platform/warehouse/engine.js';
import { sql } from '../../../platform/warehouse/sql.js';
import { queryCostRelation, ts } from '../../../platform/warehouse/attribution.js';
import { spend, type AnalyticsContext } from './context.js';
import { rangeWindow, type DateRange } from './filters.js';
import type { DatabaseSpend, SchemaSpend } from '@common/warehouse/insightsContract';

export async function spendByDatabase(context: AnalyticsContext, range: DateRange): Promise<DatabaseSpend[]> {
  const window = rangeWindow(range);
  const rows = await context.engine.query(sql`
    WITH QC AS (${queryCostRelation(window)})
    SELECT NULLIF(Q.DATABASE_NAME, '') AS "databaseName", NULLIF(Q.SCHEMA_NAME, '') AS "schemaName",
           COUNT(*) AS "queries", SUM(QC.CREDITS) AS "credits"
    FROM QC JOIN ACCOUNT_USAGE.QUERY_HISTORY Q ON Q.QUERY_ID = QC.QUERY_ID
    WHERE Q.START_TIME >= ${ts(window.start)} AND Q.START_TIME < ${ts(window.end)}
    GROUP BY 1, 2`);
  const databases = new Map<string | null, DatabaseSpend>();
  for (const row of rows) {
    const databaseName = strOrNull(row, 'databaseName');
    const schema: SchemaSpend = {
      name: strOrNull(row, 'schemaName'),
      queries: num(row, 'queries'),
      ...spend(context, num(row, 'credits')),
    };
    const database = databases.get(databaseName) ?? { name: databaseName, queries: 0, credits: 0, cost: 0, schemas: [] };
    database.queries += schema.queries;
    database.credits += schema.credits;
    database.cost += schema.cost;
    database.schemas.push(schema);
    databases.set(databaseName, database);
  }
  const byCost = <T extends SchemaSpend>(a: T, b: T) => b.cost - a.cost || (a.name ?? '').localeCompare(b.name ?? '');
  return [...databases.values()].map((database) => ({ ...database, schemas: database.schemas.sort(byCost) })).sort(byCost);
}
