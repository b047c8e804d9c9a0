// Spend split by one dimension (database, schema, user, role, query tag), shown the same way at
// every level: a bar chart of the most expensive, then the table of all of them, costliest first,
// with its export.
import { useMemo } from 'react';
import type { DateRange } from '../../../api/warehouseTypes';
import { BarChart } from '../../../components/charts/BarChart';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { formatMoney } from '../../../components/format';

const CHART_TOP = 10;

interface SpendChartTableProps<Row> {
  /** "Spend by database": the chart's and the table's name, and the export's. */
  title: string;
  rows: readonly Row[];
  columns: DataColumn<Row>[];
  /** Shown for a null name. */
  noName: string;
  currency: string;
  range: Pick<DateRange, 'from' | 'to'>;
  /** The chart's least height, however few bars. */
  minHeight: number;
}

export function SpendChartTable<Row extends { name: string | null; cost: number }>({
  title,
  rows,
  columns,
  noName,
  currency,
  range,
  minHeight,
}: SpendChartTableProps<Row>) {
  // Sorted here as well: a list sorted by the server stays as it is (the sort is stable).
  const top = useMemo(() => [...rows].sort((a, b) => b.cost - a.cost).slice(0, CHART_TOP), [rows]);
  const labels = useMemo(() => top.map((row) => row.name ?? noName), [top, noName]);
  const series = useMemo(() => [{ label: `Cost (${currency})`, values: top.map((row) => row.cost) }], [top, currency]);
  return (
    <>
      <BarChart
        title={`${title}: the ${top.length} most expensive`}
        labels={labels}
        series={series}
        horizontal
        height={Math.max(minHeight, top.length * 28)}
        formatValue={(value) => formatMoney(value, currency)}
      />
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.name ?? ''}
        exportFileName={csvFileName(title, range.from, range.to)}
        initialSort={{ id: 'cost', desc: true }}
      />
    </>
  );
}
