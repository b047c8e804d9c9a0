// Spend by service over the range (compute, cloud services after Snowflake's 10% adjustment,
// storage), and the same per day.
import { useMemo } from 'react';
import type { CostSummary, DailyServiceSpend, Service, ServiceSpend } from '../../../api/warehouseTypes';
import { BarChart } from '../../../components/charts/BarChart';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { formatMoney } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { bytesColumn, creditsColumn, dayColumn, moneyColumn, percentColumn, textColumn } from '../columns';

export const SERVICE_NAMES: Record<Service, string> = {
  compute: 'Compute',
  cloud_services: 'Cloud services (billed part)',
  storage: 'Storage',
};

interface ServiceRow extends ServiceSpend {
  share: number;
}

export function ServiceSpendPanel({ summary }: { summary: CostSummary }) {
  const { currency } = summary;
  const rows = useMemo<ServiceRow[]>(
    () => summary.byService.map((entry) => ({ ...entry, share: summary.totalCost > 0 ? entry.cost / summary.totalCost : 0 })),
    [summary],
  );
  const columns = useMemo<DataColumn<ServiceRow>[]>(
    () => [
      textColumn('service', 'Service', (row) => SERVICE_NAMES[row.service], true),
      creditsColumn('credits', 'Credits', (row) => row.credits),
      moneyColumn('cost', 'Cost', (row) => row.cost, currency),
      percentColumn('share', 'Share of spend', (row) => row.share),
    ],
    [currency],
  );
  const dailyColumns = useMemo<DataColumn<DailyServiceSpend>[]>(
    () => [
      dayColumn('day', 'Day', (row) => row.day),
      moneyColumn('total', 'Total', (row) => row.totalCost, currency),
      creditsColumn('compute', 'Compute credits', (row) => row.computeCredits),
      creditsColumn('cloudUsed', 'Cloud services credits used', (row) => row.cloudServicesCredits),
      creditsColumn('cloudBilled', 'Cloud services credits billed', (row) => row.billedCloudServicesCredits),
      bytesColumn('storage', 'Storage', (row) => row.storageBytes),
      moneyColumn('computeCost', 'Compute', (row) => row.computeCost, currency),
      moneyColumn('cloudCost', 'Cloud services', (row) => row.cloudServicesCost, currency),
      moneyColumn('storageCost', 'Storage', (row) => row.storageCost, currency),
    ],
    [currency],
  );
  const labels = useMemo(() => rows.map((row) => SERVICE_NAMES[row.service]), [rows]);
  const series = useMemo(() => [{ label: `Cost (${currency})`, values: rows.map((row) => row.cost) }], [rows, currency]);
  const title = 'Spend by service';
  const range = `${summary.range.from} to ${summary.range.to}`;

  return (
    <Panel
      title={title}
      description="Cloud services are billed only for the part above 10% of each day's compute credits; storage is priced per TB-month, not in credits."
    >
      <BarChart
        title={title}
        labels={labels}
        series={series}
        horizontal
        height={160}
        formatValue={(value) => formatMoney(value, currency)}
      />
      <DataTable
        caption={`${title}, ${range}`}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.service}
        exportFileName={csvFileName('spend by service', summary.range.from, summary.range.to)}
      />
      <h3 className="h6 mt-4">Per day</h3>
      <DataTable
        caption={`Spend by service per day, ${range}`}
        columns={dailyColumns}
        rows={summary.byDayAndService}
        rowKey={(row) => row.day}
        exportFileName={csvFileName('spend by service per day', summary.range.from, summary.range.to)}
        initialSort={{ id: 'day', desc: true }}
      />
    </Panel>
  );
}
