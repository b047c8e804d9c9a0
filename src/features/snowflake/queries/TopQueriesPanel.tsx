// The most expensive or the slowest queries for the filters, largest first.
import { useMemo } from 'react';
import { csvFileName } from '../../../components/csv';
import { DataTable } from '../../../components/DataTable';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { LIST_LIMIT, useGetTopQueriesQuery, type QueryFilters } from '../optimizeApi';
import { querySummaryColumns } from './queryColumns';

interface TopQueriesPanelProps {
  orderBy: 'cost' | 'duration';
  filters: QueryFilters;
  currency: string;
  params: URLSearchParams;
}

const TEXT = {
  cost: { title: 'Most expensive queries', description: 'Attributed cost: the hour\'s metered credits split by running time, idle time included.' },
  duration: { title: 'Slowest queries', description: 'Total elapsed time, from submission (queueing and compilation included) to the end.' },
};

export function TopQueriesPanel({ orderBy, filters, currency, params }: TopQueriesPanelProps) {
  const { currentData, error, isFetching, refetch } = useGetTopQueriesQuery({ filters, orderBy });
  const columns = useMemo(() => querySummaryColumns(currency, params), [currency, params]);
  const { title, description } = TEXT[orderBy];
  return (
    <Panel title={title} description={`${description} The ${LIST_LIMIT} first.`}>
      <QueryResult data={currentData} error={error} isFetching={isFetching} refetch={refetch} loadingLabel="Finding the queries…" errorTitle={`The ${title.toLowerCase()} could not be loaded`}>
        {(queries) => (
          <DataTable
            caption={title}
            columns={columns}
            rows={queries}
            rowKey={(row) => row.queryId}
            exportFileName={csvFileName(title, filters.from, filters.to)}
            initialSort={{ id: orderBy === 'cost' ? 'cost' : 'elapsed', desc: true }}
            emptyText="No query matches these filters."
          />
        )}
      </QueryResult>
    </Panel>
  );
}
