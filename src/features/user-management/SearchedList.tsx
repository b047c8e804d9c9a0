// The list part of the users and roles pages: the search form, the read's loading and failure,
// then an empty state that says whether the search or the account is empty, otherwise the
// searchable table with its CSV export.
import type { RowData } from '@tanstack/react-table';
import { csvFileName } from '../../components/csv';
import type { DataColumn } from '../../components/dataColumn';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { QueryResult, type ReadQuery } from '../../components/QueryResult';
import { SearchForm } from './SearchForm';

interface MatchesProps<Row extends RowData & { name: string }> {
  /** "user" or "role": what the list holds, for its captions and empty state. */
  noun: string;
  search: string;
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
}

interface SearchedListProps<Row extends RowData & { name: string }> extends Omit<MatchesProps<Row>, 'rows'> {
  /** The account's users or roles matching the search. */
  query: ReadQuery<Row[]>;
  /** What the search looks in, e.g. "Search by name or comment". */
  placeholder: string;
}

export function SearchedList<Row extends RowData & { name: string }>({
  noun,
  search,
  query,
  columns,
  placeholder,
}: SearchedListProps<Row>) {
  return (
    <>
      <SearchForm key={search} label={`Search ${noun}s`} placeholder={placeholder} />
      <QueryResult query={query} loadingLabel={`Loading the ${noun}s…`} errorTitle={`The ${noun}s could not be loaded`}>
        {(rows) => <Matches noun={noun} search={search} rows={rows} columns={columns} />}
      </QueryResult>
    </>
  );
}

function Matches<Row extends RowData & { name: string }>({ noun, search, rows, columns }: MatchesProps<Row>) {
  if (rows.length === 0) {
    return (
      <EmptyState title={search ? `No ${noun} matches "${search}"` : `No ${noun}s yet`}>
        <p className="text-body-secondary mb-0">{search ? 'Try another part of the name.' : 'Create the first one.'}</p>
      </EmptyState>
    );
  }
  return (
    <div className="card dw-card">
      <div className="card-body">
        <DataTable
          caption={search ? `Warehouse ${noun}s matching "${search}"` : `Warehouse ${noun}s`}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.name}
          exportFileName={csvFileName(`warehouse ${noun}s`, search)}
          initialSort={{ id: 'name', desc: false }}
          pageSize={25}
        />
      </div>
    </div>
  );
}
