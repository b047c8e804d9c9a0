// One warehouse's utilisation over time: billed compute split into running (a query was
// running) and idle (billed with nothing running), and the average number of queries running
// and queued while it was up. Hourly for ranges up to a week, daily beyond.
import { useMemo, useState } from 'react';
import type { UtilisationBucket } from '@common/warehouse/insightsContract';
import type { DateRange, WarehouseUsage } from '../../../api/warehouseTypes';
import { BarChart } from '../../../components/charts/BarChart';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { formatCredits, formatDecimal } from '../../../components/format';
import { InlineSelect } from '../../../components/InlineSelect';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { creditsColumn, decimalColumn } from '../columns';
import { useGetUtilisationQuery } from '../../../api/optimizeApi';

const bucketLabel = (start: string, hourly: boolean) => (hourly ? `${start.slice(0, 10)} ${start.slice(11, 16)}` : start.slice(0, 10));

export function UtilisationPanel({ warehouses, range }: { warehouses: readonly WarehouseUsage[]; range: DateRange }) {
  const busiest = useMemo(() => [...warehouses].sort((a, b) => b.meteredCredits - a.meteredCredits)[0]?.name ?? '', [warehouses]);
  const [picked, setPicked] = useState<string | null>(null);
  const name = picked ?? busiest;
  const read = useGetUtilisationQuery({ warehouseName: name, ...range }, { skip: !name });
  const { currentData } = read;
  const hourly = currentData?.bucket === 'hour';
  const columns = useMemo<DataColumn<UtilisationBucket>[]>(
    () => [
      {
        id: 'start',
        header: hourly ? 'Hour (UTC)' : 'Day (UTC)',
        value: (row) => row.start,
        rowHeader: true,
        cell: (row) => (
          <time dateTime={row.start} className="text-nowrap">
            {bucketLabel(row.start, hourly)}
          </time>
        ),
      },
      creditsColumn('metered', 'Billed credits', (row) => row.meteredCredits),
      creditsColumn('running', 'Running credits', (row) => row.runningCredits),
      creditsColumn('idle', 'Idle credits', (row) => row.idleCredits),
      decimalColumn('up', 'Hours up', (row) => row.upHours),
      decimalColumn('avgRunning', 'Average running', (row) => row.averageRunning),
      decimalColumn('avgQueued', 'Average queued', (row) => row.averageQueued),
    ],
    [hourly],
  );

  return (
    <Panel
      title="Utilisation over time"
      description="Billed compute split into running (a query was running) and idle (billed with nothing running, e.g. before auto-suspend), with the average queries running and queued while it was up. Hourly up to a week, daily beyond."
      actions={<InlineSelect label="Warehouse" value={name} onValue={setPicked} options={warehouses.map((warehouse) => warehouse.name)} />}
    >
      {!name ? (
        <p className="text-body-secondary mb-0">The account has no warehouses.</p>
      ) : (
        <QueryResult query={read} loadingLabel="Measuring the warehouse…" errorTitle="The utilisation could not be loaded">
          {(data) =>
            data.buckets.length === 0 ? (
              <p className="text-body-secondary mb-0">{data.warehouseName} did not run in this range.</p>
            ) : (
              <>
                <BarChart
                  title={`${data.warehouseName}: billed credits per ${data.bucket}, running and idle`}
                  labels={data.buckets.map((b) => bucketLabel(b.start, data.bucket === 'hour'))}
                  series={[
                    { label: 'Running', values: data.buckets.map((b) => b.runningCredits) },
                    { label: 'Idle', values: data.buckets.map((b) => b.idleCredits) },
                  ]}
                  stacked
                  height={220}
                  formatValue={formatCredits}
                />
                <BarChart
                  title={`${data.warehouseName}: average queries running and queued per ${data.bucket}`}
                  labels={data.buckets.map((b) => bucketLabel(b.start, data.bucket === 'hour'))}
                  series={[
                    { label: 'Running', values: data.buckets.map((b) => b.averageRunning) },
                    { label: 'Queued', values: data.buckets.map((b) => b.averageQueued) },
                  ]}
                  height={180}
                  formatValue={formatDecimal}
                />
                <DataTable
                  caption={`Utilisation of ${data.warehouseName}`}
                  columns={columns}
                  rows={data.buckets}
                  rowKey={(row) => row.start}
                  exportFileName={csvFileName(`utilisation ${data.warehouseName}`, range.from, range.to)}
                  initialSort={{ id: 'start', desc: true }}
                />
              </>
            )
          }
        </QueryResult>
      )}
    </Panel>
  );
}
