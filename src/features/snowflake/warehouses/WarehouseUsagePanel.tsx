// Each warehouse's settings and what it did in the range: credits, load (queries running
// against queries queued), how much of the billed time was idle.
import { useMemo } from 'react';
import type { DateRange, WarehouseUsage } from '../../../api/warehouseTypes';
import { BarChart } from '../../../components/charts/BarChart';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { formatDecimal, formatSeconds } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { countColumn, creditsColumn, decimalColumn, moneyColumn, percentColumn, textColumn } from '../columns';

function usageColumns(currency: string): DataColumn<WarehouseUsage>[] {
  return [
    textColumn('name', 'Warehouse', (row) => row.name, true),
    textColumn('size', 'Size', (row) => row.sizeLabel),
    {
      id: 'autoSuspend',
      header: 'Auto-suspend (s)',
      value: (row) => row.autoSuspendSeconds,
      numeric: true,
      cell: (row) => formatSeconds(row.autoSuspendSeconds),
    },
    {
      id: 'clusters',
      header: 'Clusters',
      value: (row) => row.maxClusterCount,
      numeric: true,
      cell: (row) =>
        row.minClusterCount === row.maxClusterCount ? String(row.maxClusterCount) : `${row.minClusterCount}–${row.maxClusterCount}`,
      csv: (row) => `${row.minClusterCount}-${row.maxClusterCount}`,
    },
    creditsColumn('credits', 'Credits', (row) => row.meteredCredits),
    moneyColumn('cost', 'Cost', (row) => row.cost, currency),
    decimalColumn('running', 'Average running', (row) => row.averageRunning),
    decimalColumn('queued', 'Average queued', (row) => row.averageQueued),
    percentColumn('busy', 'Busy share', (row) => row.busyShare),
    percentColumn('idle', 'Idle share', (row) => row.idleShare),
    countColumn('queries', 'Queries', (row) => row.queries),
    countColumn('queuedQueries', 'Queries queued', (row) => row.queuedQueries),
    countColumn('spilling', 'Queries spilling remotely', (row) => row.remoteSpillQueries),
  ];
}

export function WarehouseUsagePanel({
  warehouses,
  currency,
  range,
}: {
  warehouses: readonly WarehouseUsage[];
  currency: string;
  range: DateRange;
}) {
  const columns = useMemo(() => usageColumns(currency), [currency]);
  const labels = useMemo(() => warehouses.map((warehouse) => warehouse.name), [warehouses]);
  const series = useMemo(
    () => [
      { label: 'Average running', values: warehouses.map((warehouse) => warehouse.averageRunning) },
      { label: 'Average queued', values: warehouses.map((warehouse) => warehouse.averageQueued) },
    ],
    [warehouses],
  );
  const title = 'Warehouses';
  return (
    <Panel
      title={title}
      description="Load is the average number of queries running (or waiting) while the warehouse ran; idle share is the billed compute no query used."
    >
      {warehouses.length === 0 ? (
        <p className="text-body-secondary mb-0">The account has no warehouses.</p>
      ) : (
        <>
          <BarChart
            title="Load by warehouse: queries running and queued"
            labels={labels}
            series={series}
            formatValue={formatDecimal}
            height={240}
          />
          <DataTable
            caption="Warehouses: settings and usage"
            columns={columns}
            rows={warehouses}
            rowKey={(row) => row.name}
            exportFileName={csvFileName('warehouses', range.from, range.to)}
            initialSort={{ id: 'credits', desc: true }}
          />
        </>
      )}
    </Panel>
  );
}
