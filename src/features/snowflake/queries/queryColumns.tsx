// Columns of the query tables. A query's text opens its detail (`?query=<id>`), so the detail
// has an address of its own; its id sits under the text, where it does not widen the table.
import { Link } from 'react-router-dom';
import type { QueryPattern, QuerySummary } from '../../../api/warehouseTypes';
import type { DataColumn } from '../../../components/dataColumn';
import { bytesColumn, countColumn, creditsColumn, durationColumn, moneyColumn, textColumn, timeColumn } from '../columns';
import { QUERY_PARAM, searchWith } from './queryFilters';

function QueryLink({ params, queryId, text }: { params: URLSearchParams; queryId: string; text: string }) {
  return (
    <Link to={{ search: searchWith(params, QUERY_PARAM, queryId) }} className="d-inline-block text-truncate dw-query-link" title={text}>
      <code>{text || queryId}</code>
    </Link>
  );
}

export function querySummaryColumns(
  currency: string,
  params: URLSearchParams,
  extra: DataColumn<QuerySummary>[] = [],
): DataColumn<QuerySummary>[] {
  return [
    {
      ...textColumn<QuerySummary>('text', 'Query', (row) => row.textPreview),
      sortable: false,
      cell: (row) => (
        <>
          <QueryLink params={params} queryId={row.queryId} text={row.textPreview} />
          <span className="d-block small text-body-secondary font-monospace text-nowrap">{row.queryId}</span>
        </>
      ),
      csv: (row) => row.textPreview,
    },
    { ...textColumn<QuerySummary>('queryId', 'Query ID', (row) => row.queryId), exportOnly: true },
    // The figures a reader compares come first, beside the query, so a narrow window shows them
    // without scrolling; who ran it and where follow.
    moneyColumn('cost', 'Cost', (row) => row.cost, currency),
    creditsColumn('credits', 'Credits', (row) => row.credits),
    durationColumn('elapsed', 'Duration', (row) => row.totalElapsedMs),
    ...extra,
    timeColumn('start', 'Started', (row) => row.startTime),
    textColumn('user', 'User', (row) => row.userName),
    textColumn('role', 'Role', (row) => row.roleName),
    {
      ...textColumn<QuerySummary>('warehouse', 'Warehouse', (row) => row.warehouseName),
      cell: (row) => (row.warehouseName ? `${row.warehouseName}${row.warehouseSize ? ` (${row.warehouseSize})` : ''}` : '–'),
    },
  ];
}

export const spillColumns: DataColumn<QuerySummary>[] = [
  bytesColumn('spilledLocal', 'Spilled locally', (row) => row.bytesSpilledLocal),
  bytesColumn('spilledRemote', 'Spilled remotely', (row) => row.bytesSpilledRemote),
];

export function patternColumns(currency: string, params: URLSearchParams): DataColumn<QueryPattern>[] {
  return [
    {
      ...textColumn<QueryPattern>('text', 'Pattern (most expensive run)', (row) => row.sampleText),
      sortable: false,
      cell: (row) => <QueryLink params={params} queryId={row.sampleQueryId} text={row.sampleText} />,
    },
    textColumn('hash', 'Parameterised hash', (row) => row.parameterizedHash),
    countColumn('runs', 'Runs', (row) => row.queries),
    countColumn('users', 'Users', (row) => row.users),
    moneyColumn('totalCost', 'Total cost', (row) => row.totalCost, currency),
    moneyColumn('averageCost', 'Average cost', (row) => row.averageCost, currency),
    durationColumn('totalTime', 'Total time', (row) => row.totalElapsedMs),
    durationColumn('averageTime', 'Average time', (row) => row.averageElapsedMs),
    countColumn('spills', 'Runs spilling remotely', (row) => row.remoteSpillQueries),
    timeColumn('lastSeen', 'Last run', (row) => row.lastSeen),
  ];
}
