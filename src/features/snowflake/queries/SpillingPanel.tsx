// Queries that ran out of memory and local disk and spilled to remote storage, which makes
// them far slower: per warehouse (a hint to upsize) and the queries themselves.
import { useMemo } from 'react';
import type { SpillSummary } from '../../../api/warehouseTypes';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { bytesColumn, countColumn, textColumn } from '../columns';
import { useGetSpillingQueriesQuery, type QueryFilters } from '../../../api/optimizeApi';
import { querySummaryColumns, spillColumns } from './queryColumns';

const warehouseColumns: DataColumn<SpillSummary>[] = [
  textColumn('warehouse', 'Warehouse', (row) => row.warehouseName, true),
  textColumn('size', 'Size', (row) => row.warehouseSize),
  countColumn('queries', 'Queries', (row) => row.queries),
  countColumn('spilling', 'Queries spilling remotely', (row) => row.remoteSpillQueries),
  bytesColumn('local', 'Spilled locally', (row) => row.bytesSpilledLocal),
  bytesColumn('remote', 'Spilled remotely', (row) => row.bytesSpilledRemote),
];

export function SpillingPanel({ filters, currency, params }: { filters: QueryFilters; currency: string; params: URLSearchParams }) {
  const spillingQueries = useGetSpillingQueriesQuery(filters);
  const columns = useMemo(() => querySummaryColumns(currency, params, spillColumns), [currency, params]);
  const title = 'Remote spilling';
  return (
    <Panel
      title={title}
      description="Queries whose data did not fit in the warehouse's memory and local disk. A larger warehouse, or less data per query, avoids it."
    >
      <QueryResult
        query={spillingQueries}
        loadingLabel="Looking for spilling queries…"
        errorTitle="The spilling queries could not be loaded"
      >
        {(spilling) => (
          <>
            <DataTable
              caption="Spilling by warehouse"
              showCaption
              columns={warehouseColumns}
              rows={spilling.byWarehouse}
              rowKey={(row) => row.warehouseName}
              exportFileName={csvFileName('spilling by warehouse', filters.from, filters.to)}
              initialSort={{ id: 'remote', desc: true }}
              emptyText="No warehouse ran queries for these filters."
            />
            <div className="mt-4">
              <DataTable
                caption="Queries spilling to remote storage"
                showCaption
                columns={columns}
                rows={spilling.queries}
                rowKey={(row) => row.queryId}
                exportFileName={csvFileName('remote spilling queries', filters.from, filters.to)}
                initialSort={{ id: 'spilledRemote', desc: true }}
                emptyText="No query spilled to remote storage. Good."
              />
            </div>
          </>
        )}
      </QueryResult>
    </Panel>
  );
}
