// Spend per day, stacked by warehouse: the chart shows the shape, the table (one row per day,
// one column per warehouse) holds the same figures for reading and export.
import { useMemo } from 'react';
import type { CostSummary } from '../../../api/warehouseTypes';
import { BarChart } from '../../../components/charts/BarChart';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { formatMoney } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { dayColumn, moneyColumn } from '../columns';

interface DayRow {
  day: string;
  byWarehouse: Record<string, number>;
  total: number;
}

function pivot(summary: CostSummary): { warehouses: string[]; days: DayRow[] } {
  const warehouses = [...new Set(summary.byDayAndWarehouse.map((entry) => entry.warehouseName))].sort();
  const byDay = new Map<string, DayRow>();
  for (const entry of summary.byDayAndWarehouse) {
    const row = byDay.get(entry.day) ?? { day: entry.day, byWarehouse: {}, total: 0 };
    row.byWarehouse[entry.warehouseName] = (row.byWarehouse[entry.warehouseName] ?? 0) + entry.cost;
    row.total += entry.cost;
    byDay.set(entry.day, row);
  }
  return { warehouses, days: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)) };
}

export function DailySpendPanel({ summary }: { summary: CostSummary }) {
  const { currency } = summary;
  const { warehouses, days } = useMemo(() => pivot(summary), [summary]);
  const columns = useMemo<DataColumn<DayRow>[]>(
    () => [
      // The day and its total first: they stay in view however many warehouses follow.
      dayColumn('day', 'Day', (row) => row.day),
      moneyColumn<DayRow>('total', 'Total', (row) => row.total, currency),
      ...warehouses.map((name) => moneyColumn<DayRow>(`wh-${name}`, name, (row) => row.byWarehouse[name] ?? 0, currency)),
    ],
    [warehouses, currency],
  );
  const chartSeries = useMemo(
    () => warehouses.map((name) => ({ label: name, values: days.map((row) => row.byWarehouse[name] ?? 0) })),
    [warehouses, days],
  );
  const labels = useMemo(() => days.map((row) => row.day), [days]);
  const title = 'Compute spend by day and warehouse';

  return (
    <Panel title={title} description="Metered warehouse compute per UTC day; cloud services and storage are in the spend by service.">
      {days.length === 0 ? (
        <p className="text-body-secondary mb-0">No warehouse ran in this range.</p>
      ) : (
        <>
          <BarChart title={title} labels={labels} series={chartSeries} stacked formatValue={(value) => formatMoney(value, currency)} />
          <DataTable
            caption={title}
            columns={columns}
            rows={days}
            rowKey={(row) => row.day}
            exportFileName={csvFileName('spend by day', summary.range.from, summary.range.to)}
            initialSort={{ id: 'day', desc: true }}
          />
        </>
      )}
    </Panel>
  );
}
