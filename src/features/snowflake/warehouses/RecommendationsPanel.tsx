// What to change on which warehouse and what it would save a month. People who may change the
// account get an Apply button on each; everyone else sees the advice.
import { useMemo } from 'react';
import type { DateRange, Recommendation } from '../../../api/warehouseTypes';
import { csvFileName } from '../../../components/csv';
import { controlColumn, type DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { formatCredits, formatMoney } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { textColumn } from '../columns';
import { changeSummary } from './recommendationChanges';

interface RecommendationsPanelProps {
  recommendations: readonly Recommendation[];
  currency: string;
  range: DateRange;
  /** Set when the reader may apply a recommendation. */
  onApply?: (recommendation: Recommendation) => void;
}

function columnsFor(currency: string, onApply: RecommendationsPanelProps['onApply']): DataColumn<Recommendation>[] {
  const columns: DataColumn<Recommendation>[] = [
    textColumn('warehouse', 'Warehouse', (row) => row.warehouseName),
    {
      ...textColumn<Recommendation>('title', 'Recommendation', (row) => row.title, true),
      cell: (row) => (
        <>
          {row.title}
          <span className="d-block small fw-normal text-body-secondary">{row.reason}</span>
        </>
      ),
      csv: (row) => `${row.title}. ${row.reason}`,
    },
    { id: 'change', header: 'Change', value: (row) => changeSummary(row), sortable: false },
    {
      id: 'savings',
      header: `Estimated monthly savings (${currency})`,
      value: (row) => row.estimatedMonthlySavings,
      numeric: true,
      cell: (row) => (
        <>
          <span className={row.estimatedMonthlySavings < 0 ? 'text-danger' : 'text-success'}>
            {formatMoney(row.estimatedMonthlySavings, currency)}
          </span>
          <span className="d-block small text-body-secondary">{formatCredits(row.estimatedMonthlySavingsCredits)} credits</span>
        </>
      ),
    },
  ];
  if (onApply) {
    columns.push(
      controlColumn('apply', 'Action', (row) => (
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onApply(row)} aria-label={`Apply: ${row.title}`}>
          Apply
        </button>
      )),
    );
  }
  return columns;
}

export function RecommendationsPanel({ recommendations, currency, range, onApply }: RecommendationsPanelProps) {
  const columns = useMemo(() => columnsFor(currency, onApply), [currency, onApply]);
  // Changes to one warehouse overlap (a shorter auto-suspend saves less once it is smaller),
  // so only the best saving of each warehouse counts towards the total.
  const bestByWarehouse = new Map<string, number>();
  for (const row of recommendations) {
    bestByWarehouse.set(row.warehouseName, Math.max(bestByWarehouse.get(row.warehouseName) ?? 0, row.estimatedMonthlySavings));
  }
  const total = [...bestByWarehouse.values()].reduce((sum, saving) => sum + saving, 0);
  const title = 'Recommendations';
  return (
    <Panel
      title={title}
      description={
        recommendations.length > 0
          ? `At least ${formatMoney(total, currency)} a month to save with the best change for each warehouse, estimated from this range. A negative figure is a change that costs more and buys speed.`
          : undefined
      }
    >
      {recommendations.length === 0 ? (
        <p className="text-body-secondary mb-0">Nothing to recommend for this range: the warehouses are sized and suspended well.</p>
      ) : (
        <DataTable
          caption="Warehouse recommendations"
          columns={columns}
          rows={recommendations}
          exportFileName={csvFileName('warehouse recommendations', range.from, range.to)}
          initialSort={{ id: 'savings', desc: true }}
        />
      )}
    </Panel>
  );
}
