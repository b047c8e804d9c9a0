// The most expensive or the slowest queries for the filters, largest first. A year of a large
// account holds millions of queries: the server pages through them (LIST_LIMIT at a time, with
// how many match in all), and "Download all" streams every match as CSV from the server.
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiClient } from '../../../api/client';
import { apiErrorMessage } from '../../../api/apiError';
import { csvFileName } from '../../../components/csv';
import { DataTable } from '../../../components/DataTable';
import { downloadTextFile } from '../../../components/downloadFile';
import { formatCount } from '../../../components/format';
import { InlineError } from '../../../components/InlineError';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { filterParams, LIST_LIMIT, topQueriesCsvUrl, useGetTopQueriesQuery, type QueryFilters } from '../../../api/optimizeApi';
import { querySummaryColumns } from './queryColumns';

interface TopQueriesPanelProps {
  orderBy: 'cost' | 'duration';
  filters: QueryFilters;
  currency: string;
  params: URLSearchParams;
}

const TEXT = {
  cost: {
    title: 'Most expensive queries',
    description: "Attributed cost: the hour's metered credits split by running time, idle time included.",
  },
  duration: {
    title: 'Slowest queries',
    description: 'Total elapsed time, from submission (queueing and compilation included) to the end.',
  },
};

export function TopQueriesPanel({ orderBy, filters, currency, params }: TopQueriesPanelProps) {
  // Other filters are another list: its pages start again from the first.
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filterKey, offset: 0 });
  const offset = paging.filterKey === filterKey ? paging.offset : 0;
  const setOffset = (next: number) => setPaging({ filterKey, offset: next });
  const topQueries = useGetTopQueriesQuery({ filters, orderBy, offset });
  const columns = useMemo(() => querySummaryColumns(currency, params), [currency, params]);
  const { title, description } = TEXT[orderBy];
  return (
    <Panel title={title} description={`${description} Largest first, ${LIST_LIMIT} at a time.`}>
      <QueryResult query={topQueries} loadingLabel="Finding the queries…" errorTitle={`The ${title.toLowerCase()} could not be loaded`}>
        {(page) => (
          <>
            <DataTable
              caption={title}
              columns={columns}
              rows={page.queries}
              rowKey={(row) => row.queryId}
              exportFileName={csvFileName(title, filters.from, filters.to)}
              initialSort={{ id: orderBy === 'cost' ? 'cost' : 'elapsed', desc: true }}
              emptyText="No query matches these filters."
            />
            <ServerPages caption={title} offset={page.offset} shown={page.queries.length} total={page.total} onOffset={setOffset} />
            <DownloadAll filters={filters} orderBy={orderBy} total={page.total} title={title} />
          </>
        )}
      </QueryResult>
    </Panel>
  );
}

function ServerPages({
  caption,
  offset,
  shown,
  total,
  onOffset,
}: {
  caption: string;
  offset: number;
  shown: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  if (total <= LIST_LIMIT) return null;
  return (
    <nav className="d-flex flex-wrap align-items-center gap-2 mt-2" aria-label={`More ${caption.toLowerCase()}`}>
      <p className="mb-0 small" aria-live="polite">
        {`Queries ${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${formatCount(total)}`}
      </p>
      <Button size="sm" variant="outline-secondary" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - LIST_LIMIT))}>
        {`Previous ${LIST_LIMIT}`}
      </Button>
      <Button size="sm" variant="outline-secondary" disabled={offset + shown >= total} onClick={() => onOffset(offset + LIST_LIMIT)}>
        {`Next ${LIST_LIMIT}`}
      </Button>
    </nav>
  );
}

function DownloadAll({
  filters,
  orderBy,
  total,
  title,
}: {
  filters: QueryFilters;
  orderBy: 'cost' | 'duration';
  total: number;
  title: string;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (total === 0) return null;
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      const response = await apiClient.get<string>(topQueriesCsvUrl(), {
        params: filterParams(filters, { orderBy }),
        responseType: 'text',
      });
      downloadTextFile(csvFileName(`${title} all`, filters.from, filters.to), response.data);
      setState({ busy: false, error: null });
    } catch (failure) {
      setState({ busy: false, error: apiErrorMessage(failure) });
    }
  };
  return (
    <div className="mt-2">
      <Button size="sm" variant="outline-primary" disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Preparing the file…' : `Download all ${formatCount(total)} as CSV`}
      </Button>
      {state.error ? <InlineError className="mt-2 mb-0 py-2">{`The file could not be made: ${state.error}`}</InlineError> : null}
    </div>
  );
}
