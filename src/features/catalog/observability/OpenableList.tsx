// Lists of this area whose rows open below the list: the chosen row is in the address
// (`?test=`, `?incident=`) so it can be linked, its name links to it and jumps to the detail,
// and the row is marked current. The list is paged by the server through `?page=`.
import { useSearchParams } from 'react-router-dom';
import type { SimpleColumn } from '../../../components/SimpleTable';
import { SimpleTable } from '../../../components/SimpleTable';
import { NAME_CELL_CLASS, TruncatedNameLink } from '../../../components/TruncatedNameLink';
import { pageOf, withParam } from './qualityParams';

interface OpenableTableProps<Row> {
  caption: string;
  rows: readonly Row[];
  rowId: (row: Row) => string;
  /** The address parameter naming the open row; its detail below the list is `#<param>-detail`. */
  param: string;
  /** The first column: the row's name, linking to its detail. */
  nameHeader: string;
  name: (row: Row) => string;
  /** The columns after the name. */
  columns: readonly SimpleColumn<Row>[];
}

export function OpenableTable<Row>({ caption, rows, rowId, param, nameHeader, name, columns }: OpenableTableProps<Row>) {
  const [params] = useSearchParams();
  return (
    <SimpleTable
      caption={caption}
      rows={rows}
      rowKey={rowId}
      rowProps={(row) => ({ 'aria-current': params.get(param) === rowId(row) ? 'true' : undefined })}
      columns={[
        {
          header: nameHeader,
          rowHeader: true,
          cellClassName: NAME_CELL_CLASS,
          cell: (row) => <TruncatedNameLink to={`?${withParam(params, param, rowId(row)).toString()}#${param}-detail`} name={name(row)} />,
        },
        ...columns,
      ]}
    />
  );
}

/** Previous and next under a server-paged list; nothing when it fits on one page. */
export function AddressPages({ label, total, pageSize }: { label: string; total: number; pageSize: number }) {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="d-flex align-items-center gap-2">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={page <= 1}
        onClick={() => setParams(withParam(params, 'page', page - 1 > 1 ? String(page - 1) : null))}
      >
        Previous
      </button>
      <span className="small">{`Page ${page} of ${pages}`}</span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={page >= pages}
        onClick={() => setParams(withParam(params, 'page', String(page + 1)))}
      >
        Next
      </button>
    </nav>
  );
}
