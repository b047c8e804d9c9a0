// Figures for the demo dashboards, read from an organisation's embedded sample warehouse
// (the generated ACCOUNT_USAGE views). Each dashboard covers the last 30 days of the sample.
import type { DemoChart, DemoDashboardData } from '@common/demo-dashboards/dashboardData';
import { iso, num, str, type Queryable, type Row } from '../../platform/warehouse/engine.js';
import { raw, sql } from '../../platform/warehouse/sql.js';
import type { DemoDashboardSource } from './routes.js';

const DAYS = 30;
const number = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** Pivots (day, series, value) rows into one series per name over every day seen. */
function pivot(rows: readonly Row[], seriesColumn: string, valueColumn: string, scale = 1): Pick<DemoChart, 'labels' | 'series'> {
  const days = [...new Set(rows.map((row) => iso(row, 'DAY').slice(0, 10)))].sort();
  const names = [...new Set(rows.map((row) => str(row, seriesColumn)))].sort();
  const values = new Map(names.map((name) => [name, new Array<number>(days.length).fill(0)]));
  for (const row of rows) {
    const series = values.get(str(row, seriesColumn));
    const index = days.indexOf(iso(row, 'DAY').slice(0, 10));
    if (series && index >= 0) series[index] = Math.round((num(row, valueColumn) / scale) * 10) / 10;
  }
  return { labels: days, series: names.map((label) => ({ label, values: values.get(label) ?? [] })) };
}

const total = (chart: Pick<DemoChart, 'series'>) => chart.series.reduce((sum, series) => sum + series.values.reduce((a, b) => a + b, 0), 0);

async function warehouseCredits(db: Queryable, organisation: string): Promise<DemoDashboardData> {
  const rows = await db.query(sql`
    SELECT CAST(START_TIME AS DATE) AS DAY, WAREHOUSE_NAME, SUM(CREDITS_USED) AS CREDITS
    FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
    WHERE START_TIME >= (SELECT MAX(START_TIME) FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY) - ${raw(`INTERVAL '${DAYS} days'`)}
    GROUP BY 1, 2 ORDER BY 1, 2`);
  const chart = {
    kind: 'bar' as const,
    title: 'Credits used per day, by warehouse',
    unit: 'credits',
    stacked: true,
    ...pivot(rows, 'WAREHOUSE_NAME', 'CREDITS'),
  };
  const busiest = [...chart.series].sort((a, b) => total({ series: [b] }) - total({ series: [a] }))[0];
  return {
    title: 'Warehouse credits',
    organisation,
    source: `Sample data: the last ${DAYS} days of ${organisation}'s demo Snowflake account (WAREHOUSE_METERING_HISTORY).`,
    figures: [
      { label: `Credits, last ${DAYS} days`, value: number.format(total(chart)) },
      { label: 'Busiest warehouse', value: busiest?.label ?? '–' },
      { label: 'Warehouses', value: String(chart.series.length) },
    ],
    charts: [chart],
  };
}

async function queryActivity(db: Queryable, organisation: string): Promise<DemoDashboardData> {
  const rows = await db.query(sql`
    SELECT CAST(START_TIME AS DATE) AS DAY, WAREHOUSE_NAME, COUNT(*) AS QUERIES,
           SUM(CASE WHEN EXECUTION_STATUS = 'FAIL' THEN 1 ELSE 0 END) AS FAILED
    FROM ACCOUNT_USAGE.QUERY_HISTORY
    WHERE WAREHOUSE_NAME IS NOT NULL
      AND START_TIME >= (SELECT MAX(START_TIME) FROM ACCOUNT_USAGE.QUERY_HISTORY) - ${raw(`INTERVAL '${DAYS} days'`)}
    GROUP BY 1, 2 ORDER BY 1, 2`);
  const chart = {
    kind: 'line' as const,
    title: 'Queries per day, by warehouse',
    unit: 'queries',
    ...pivot(rows, 'WAREHOUSE_NAME', 'QUERIES'),
  };
  const queries = rows.reduce((sum, row) => sum + num(row, 'QUERIES'), 0);
  const failed = rows.reduce((sum, row) => sum + num(row, 'FAILED'), 0);
  return {
    title: 'Query activity',
    organisation,
    source: `Sample data: the last ${DAYS} days of ${organisation}'s demo Snowflake account (QUERY_HISTORY).`,
    figures: [
      { label: `Queries, last ${DAYS} days`, value: number.format(queries) },
      { label: 'Failed', value: `${number.format(queries ? (failed / queries) * 100 : 0)} %` },
    ],
    charts: [chart],
  };
}

async function storage(db: Queryable, organisation: string): Promise<DemoDashboardData> {
  const rows = await db.query(sql`
    SELECT USAGE_DATE AS DAY, DATABASE_NAME, AVERAGE_DATABASE_BYTES + AVERAGE_FAILSAFE_BYTES AS BYTES
    FROM ACCOUNT_USAGE.DATABASE_STORAGE_USAGE_HISTORY
    WHERE USAGE_DATE >= (SELECT MAX(USAGE_DATE) FROM ACCOUNT_USAGE.DATABASE_STORAGE_USAGE_HISTORY) - ${raw(`INTERVAL '${DAYS} days'`)}
    ORDER BY 1, 2`);
  const chart = {
    kind: 'line' as const,
    title: 'Storage per database (incl. fail-safe)',
    unit: 'GB',
    ...pivot(rows, 'DATABASE_NAME', 'BYTES', 1024 ** 3),
  };
  const latest = chart.series.reduce((sum, series) => sum + (series.values[series.values.length - 1] ?? 0), 0);
  return {
    title: 'Storage',
    organisation,
    source: `Sample data: the last ${DAYS} days of ${organisation}'s demo Snowflake account (DATABASE_STORAGE_USAGE_HISTORY).`,
    figures: [
      { label: 'Stored now', value: `${number.format(latest)} GB` },
      { label: 'Databases', value: String(chart.series.length) },
    ],
    charts: [chart],
  };
}

const dashboards: Record<string, (db: Queryable, organisation: string) => Promise<DemoDashboardData>> = {
  'warehouse-credits': warehouseCredits,
  'query-activity': queryActivity,
  storage,
};

/**
 * `sampleFor` gives the organisation's embedded sample warehouse, or null when the
 * organisation is connected to a real Snowflake account (whose figures are never served here).
 */
export function createSampleDashboardSource(sampleFor: (organisation: string) => Promise<Queryable | null>): DemoDashboardSource {
  return async (organisation, slug) => {
    const build = dashboards[slug];
    if (!build) return null;
    const db = await sampleFor(organisation);
    return db ? build(db, organisation) : null;
  };
}
