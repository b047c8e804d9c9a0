// Spend attributed to users, roles or query tags: each hour's metered credits split over the
// queries that ran in it, by running time (idle time included), plus their cloud services.
import { useMemo } from 'react';
import type { DimensionSpend } from '../../../api/warehouseTypes';
import type { DataColumn } from '../../../components/dataColumn';
import { Panel } from '../../../components/Panel';
import { countColumn, creditsColumn, moneyColumn, textColumn } from '../columns';
import { SpendChartTable } from './SpendChartTable';

interface DimensionSpendPanelProps {
  /** "user", "role" or "query tag". */
  dimension: string;
  rows: readonly DimensionSpend[];
  currency: string;
  range: { from: string; to: string };
  /** Shown for a null name (queries without a tag). */
  noName?: string;
}

export function DimensionSpendPanel({ dimension, rows, currency, range, noName = '(none)' }: DimensionSpendPanelProps) {
  const label = dimension.charAt(0).toUpperCase() + dimension.slice(1);
  const columns = useMemo<DataColumn<DimensionSpend>[]>(
    () => [
      { ...textColumn<DimensionSpend>('name', label, (row) => row.name, true), cell: (row) => row.name ?? noName },
      countColumn('queries', 'Queries', (row) => row.queries),
      creditsColumn('compute', 'Compute credits', (row) => row.computeCredits),
      creditsColumn('cloud', 'Cloud services credits', (row) => row.cloudServicesCredits),
      creditsColumn('credits', 'Credits', (row) => row.credits),
      moneyColumn('cost', 'Cost', (row) => row.cost, currency),
    ],
    [label, noName, currency],
  );
  const title = `Spend by ${dimension}`;

  return (
    <Panel
      title={title}
      description={`Query cost attributed to each ${dimension}: metered credits split by running time, idle time included.`}
    >
      {rows.length === 0 ? (
        <p className="text-body-secondary mb-0">No queries ran in this range.</p>
      ) : (
        <SpendChartTable title={title} rows={rows} columns={columns} noName={noName} currency={currency} range={range} minHeight={160} />
      )}
    </Panel>
  );
}
