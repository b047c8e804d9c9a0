// The one table of the warehouse pages: sortable columns (a button in each header, aria-sort on
// the sorted one), pages of rows, and a CSV export of every row in the current order. TanStack
// Table keeps the sort and page state and derives the rows; the markup is ours.
import { useId, useMemo, useRef, useState } from 'react';
import { ArrowDown, ArrowDownUp, ArrowUp, Download } from 'react-bootstrap-icons';
import {
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { compareCellValues, defaultCell, tableCsv, type CellValue, type DataColumn } from './dataColumn';
import { downloadTextFile } from './downloadFile';
import { byId, type RowKeyProps } from './rowKey';
import { PAGE_SIZES, TablePager } from './TablePager';
import { useHorizontalOverflow } from './useHorizontalOverflow';
import './dataTable.css';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

type Features = typeof features;

interface DataTableBaseProps<Row extends RowData> {
  /** The table's accessible name; also names its export button. */
  caption: string;
  /** Show the caption above the table (otherwise only assistive technology reads it). */
  showCaption?: boolean;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  /** File name of the CSV export, e.g. from csvFileName(). */
  exportFileName: string;
  initialSort?: { id: string; desc: boolean };
  pageSize?: number;
  emptyText?: string;
}

/** Absent values sort last in both directions; the table needs them as `undefined` for that. */
const sortValue = (value: CellValue): Exclude<CellValue, null> | undefined => (value === null ? undefined : value);

function toColumnDefs<Row extends RowData>(columns: readonly DataColumn<Row>[]): ColumnDef<Features, Row>[] {
  return columns.map((column) => ({
    id: column.id,
    header: column.header,
    accessorFn: (row: Row) => sortValue(column.value(row)),
    enableSorting: column.sortable !== false,
    sortDescFirst: column.numeric === true,
    sortUndefined: 'last' as const,
    // The accessor above only ever returns a cell value or undefined.
    sortFn: (a, b, id) =>
      compareCellValues((a.getValue(id) as CellValue | undefined) ?? null, (b.getValue(id) as CellValue | undefined) ?? null),
  }));
}

export type DataTableProps<Row extends RowData> = DataTableBaseProps<Row> & RowKeyProps<Row>;

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

export function DataTable<Row extends RowData>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey = byId,
  exportFileName,
  initialSort,
  pageSize = PAGE_SIZES[0],
  emptyText = 'Nothing to show.',
}: DataTableProps<Row>) {
  const shown = useMemo(() => columns.filter((column) => !column.exportOnly), [columns]);
  const columnDefs = useMemo(() => toColumnDefs(columns), [columns]);
  const [sorting, setSorting] = useState<SortingState>(initialSort ? [initialSort] : []);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: rowKey,
    state: { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    enableSortingRemoval: false,
    enableMultiSort: false,
  });

  const exportCsv = () => {
    const ordered = table.getPrePaginatedRowModel().rows.map((row) => row.original);
    downloadTextFile(exportFileName, tableCsv(columns, ordered));
  };

  const pageRows = table.getRowModel().rows;
  const sorted = sorting[0];
  const scrollRef = useRef<HTMLDivElement>(null);
  const overflowing = useHorizontalOverflow(scrollRef);
  const hintId = useId();

  return (
    <div className="dw-data-table">
      <div className="d-flex justify-content-end mb-2">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={exportCsv}
          disabled={rows.length === 0}
          aria-label={`Export CSV: ${caption}`}
        >
          <Download aria-hidden /> Export CSV
        </button>
      </div>
      {overflowing ? (
        <p id={hintId} className="small text-body-secondary mb-1">
          This table is wider than the window: scroll it sideways to see every column (the first column stays in place).
        </p>
      ) : null}
      {/* Scrolls both ways within the window, so its sideways scrollbar is always in view; when it
          does scroll sideways it takes keyboard focus, so arrow keys can scroll it. */}
      <div
        ref={scrollRef}
        className="dw-table-scroll"
        tabIndex={overflowing ? 0 : undefined}
        role={overflowing ? 'region' : undefined}
        aria-label={overflowing ? caption : undefined}
        aria-describedby={overflowing ? hintId : undefined}
      >
        <table className="table table-sm table-hover align-middle mb-0">
          <caption className={showCaption ? 'caption-top' : 'visually-hidden'}>{caption}</caption>
          <thead>
            <tr>
              {shown.map((column) => {
                const direction = sorted?.id === column.id ? (sorted.desc ? 'desc' : 'asc') : null;
                const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowDownUp;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={column.numeric ? 'text-end' : undefined}
                    aria-sort={direction ? ariaSort[direction] : undefined}
                  >
                    {column.sortable === false ? (
                      column.header
                    ) : (
                      <button type="button" className="dw-sort-button" onClick={() => table.getColumn(column.id)?.toggleSorting()}>
                        {column.header}
                        <Icon aria-hidden className={direction ? undefined : 'opacity-50'} />
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {pageRows.length === 0 ? (
              <tr>
                <td colSpan={shown.length} className="text-center text-body-secondary py-3">
                  {emptyText}
                </td>
              </tr>
            ) : (
              pageRows.map((row) => (
                <tr key={row.id}>
                  {shown.map((column) => {
                    const content = column.cell ? column.cell(row.original) : defaultCell(column.value(row.original));
                    const className = column.numeric ? 'text-end text-nowrap' : undefined;
                    return column.rowHeader ? (
                      <th key={column.id} scope="row" className={className ?? 'fw-semibold'}>
                        {content}
                      </th>
                    ) : (
                      <td key={column.id} className={className}>
                        {content}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <TablePager
        caption={caption}
        pageIndex={pagination.pageIndex}
        pageSize={pagination.pageSize}
        rowCount={rows.length}
        onPageIndex={(index) => table.setPageIndex(index)}
        onPageSize={(size) => table.setPagination({ pageIndex: 0, pageSize: size })}
      />
    </div>
  );
}
