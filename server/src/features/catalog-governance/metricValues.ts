// A simple metric's values over time, queried on the organisation's warehouse: its measure's
// aggregation over its semantic model's table, grouped by the time dimension truncated to the
// day, week or month, newest periods first. Table and column names are validated and quoted;
// expressions pass through metricExpressions.ts; the period count is a validated integer.
import type { MetricGrain, MetricValuesResponse } from '@common/catalog-governance/metricsContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { Row } from '../../platform/warehouse/engine.js';
import { parseObjectName, quoteIdentifier } from '../../platform/warehouse/identifiers.js';
import { int, raw, sql, type Sql } from '../../platform/warehouse/sql.js';
import { GovernanceNotFoundError, MetricValuesRefusedError } from './errors.js';
import { expressionSql } from './metricExpressions.js';
import { readCatalogue, timeDimensionOf } from './metricsStore.js';
import type { GovernanceWarehouse } from './suggestions.js';

function aggregate(agg: string, expr: Sql): Sql {
  switch (agg) {
    case 'sum':
      return sql`SUM(${expr})`;
    case 'count':
      return sql`COUNT(${expr})`;
    case 'count_distinct':
      return sql`COUNT(DISTINCT ${expr})`;
    case 'min':
      return sql`MIN(${expr})`;
    case 'max':
      return sql`MAX(${expr})`;
    case 'average':
      return sql`AVG(${expr})`;
    case 'sum_boolean':
      return sql`SUM(CASE WHEN ${expr} THEN 1 ELSE 0 END)`;
    default:
      throw new MetricValuesRefusedError(`The portal does not query ${agg} aggregations.`);
  }
}

const asNumber = (value: Row[string] | undefined): number | null =>
  value === null || value === undefined ? null : typeof value === 'number' ? value : Number(value);
const asPeriod = (value: Row[string] | undefined): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

export async function metricValues(
  db: StoreDb,
  warehouseOf: GovernanceWarehouse,
  organisation: string,
  metricId: string,
  grain: MetricGrain,
  periods: number,
): Promise<MetricValuesResponse> {
  const catalogue = await readCatalogue(db, organisation);
  const metric = catalogue.metrics.find((candidate) => candidate.id === metricId);
  if (!metric) throw new GovernanceNotFoundError('metric');
  if (metric.noValuesReason || !metric.measure)
    throw new MetricValuesRefusedError(metric.noValuesReason ?? 'This metric has no measure to query.');
  const { measure } = metric;
  const table = measure.model.table;
  const time = timeDimensionOf(measure);
  if (!table || !time) throw new MetricValuesRefusedError('This metric has no table or time dimension to query.');
  const columns = new Set(table.columns ?? []);
  // Undocumented models: their columns are not known, so only plain names are accepted.
  const plain = (part: { name: string; expr: string | null }) =>
    table.columns
      ? expressionSql(part.expr ?? part.name, columns)
      : /^[A-Za-z_][A-Za-z0-9_]*$/.test(part.expr ?? part.name)
        ? { sql: raw(quoteIdentifier(parseObjectName(part.expr ?? part.name, 'expr'))) }
        : { problem: 'the model documents no columns, so only a plain column name is queried' };
  const value = plain(measure.part);
  if ('problem' in value) throw new MetricValuesRefusedError(`Its measure ${measure.part.name} cannot be queried: ${value.problem}.`);
  const at = plain(time);
  if ('problem' in at) throw new MetricValuesRefusedError(`Its time dimension ${time.name} cannot be queried: ${at.problem}.`);
  const names = [table.database, table.schema, table.identifier ?? table.name].filter((name): name is string =>
    Boolean(name && name.trim()),
  );
  const relation = raw(names.map((name) => quoteIdentifier(parseObjectName(name, 'relation'))).join('.'));
  const warehouse = await warehouseOf(organisation);
  if (!warehouse) throw new MetricValuesRefusedError('Your organisation has no warehouse the portal can query.');
  const period = sql`DATE_TRUNC(${raw(`'${grain}'`)}, ${at.sql})`;
  const statement = sql`SELECT ${period} AS period, ${aggregate(measure.part.type.toLowerCase(), value.sql)} AS value FROM ${relation} WHERE ${at.sql} IS NOT NULL GROUP BY 1 ORDER BY 1 DESC LIMIT ${int(periods)}`;
  // The first and last moments with data: a week or month they start or end inside is partial.
  const bounds = sql`SELECT MIN(${at.sql}) AS first_at, MAX(${at.sql}) AS last_at FROM ${relation} WHERE ${at.sql} IS NOT NULL`;
  let rows: Row[];
  let covered: Row | undefined;
  try {
    [rows, [covered]] = await Promise.all([warehouse.query(statement), warehouse.query(bounds)]);
  } catch (error) {
    throw new MetricValuesRefusedError(
      `The warehouse could not compute ${metric.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
  const firstDay = covered ? asPeriod(covered.first_at ?? covered.FIRST_AT) : null;
  const lastDay = covered ? asPeriod(covered.last_at ?? covered.LAST_AT) : null;
  return {
    grain,
    relation: names.join('.'),
    points: rows
      .map((row) => {
        const start = asPeriod(row.period ?? row.PERIOD);
        return { period: start, value: asNumber(row.value ?? row.VALUE), partial: isPartial(grain, start, firstDay, lastDay) };
      })
      .reverse(),
  };
}

/** The last day of the period starting on `start` (`YYYY-MM-DD`), in UTC. */
function lastDayOf(grain: MetricGrain, start: string): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (grain === 'week') date.setUTCDate(date.getUTCDate() + 6);
  if (grain === 'month') date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
}

/** Whether the data starts after the period's first day or ends before its last. */
export function isPartial(grain: MetricGrain, start: string, firstDay: string | null, lastDay: string | null): boolean {
  if (grain === 'day' || !firstDay || !lastDay) return false;
  return firstDay > start || lastDay < lastDayOf(grain, start);
}
