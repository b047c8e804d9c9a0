// Queries grouped by QUERY_PARAMETERIZED_HASH: the same statement with different literals is
// one pattern, which is what to optimise (one dashboard tile run 10,000 times, say).
import { useMemo, useState } from 'react';
import { csvFileName } from '../../../components/csv';
import { DataTable } from '../../../components/DataTable';
import { InlineSelect } from '../../../components/InlineSelect';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { LIST_LIMIT, useGetQueryPatternsQuery, type QueryFilters } from '../../../api/optimizeApi';
import { patternColumns } from './queryColumns';

type PatternOrder = 'cost' | 'count' | 'duration';

const ORDER_LABELS: Record<PatternOrder, string> = { cost: 'Total cost', count: 'Runs', duration: 'Total time' };
const SORT_COLUMN: Record<PatternOrder, string> = { cost: 'totalCost', count: 'runs', duration: 'totalTime' };

export function PatternsPanel({ filters, currency, params }: { filters: QueryFilters; currency: string; params: URLSearchParams }) {
  const [orderBy, setOrderBy] = useState<PatternOrder>('cost');
  const queryPatterns = useGetQueryPatternsQuery({ filters, orderBy });
  const columns = useMemo(() => patternColumns(currency, params), [currency, params]);
  const title = 'Query patterns';
  return (
    <Panel
      title={title}
      description={`Runs of the same statement with different values, grouped by their parameterised hash. The ${LIST_LIMIT} first by the chosen figure.`}
      actions={
        <InlineSelect
          label="Top patterns by"
          value={orderBy}
          onValue={setOrderBy}
          options={Object.keys(ORDER_LABELS) as PatternOrder[]}
          optionLabel={(order) => ORDER_LABELS[order]}
        />
      }
    >
      <QueryResult query={queryPatterns} loadingLabel="Grouping the queries…" errorTitle="The query patterns could not be loaded">
        {(patterns) => (
          <DataTable
            // A new choice is a new list: its own order, from the first page.
            key={orderBy}
            caption={title}
            columns={columns}
            rows={patterns}
            rowKey={(row) => row.parameterizedHash}
            exportFileName={csvFileName(title, filters.from, filters.to)}
            initialSort={{ id: SORT_COLUMN[orderBy], desc: true }}
            emptyText="No query matches these filters."
          />
        )}
      </QueryResult>
    </Panel>
  );
}
