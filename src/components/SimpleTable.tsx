// A short table shown as it is: no sorting, paging or export (DataTable is for those). Columns
// are described once as header and cell, so the caption, header scopes and the row header are
// written the same way on every page.
import { useId, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useHorizontalOverflow } from './useHorizontalOverflow';
import { byId, type RowKeyProps } from './rowKey';

export interface SimpleColumn<Row> {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Classes of the header and of every cell of the column, e.g. "text-end". */
  className?: string;
  /** Classes of the cells only, where they differ from the header's. */
  cellClassName?: string;
  /** The cell names its row: a `<th scope="row">`, as a screen reader announces it with each cell. */
  rowHeader?: boolean;
  /** The header is read by assistive technology only (a column of action buttons). */
  headerHidden?: boolean;
}

interface SimpleTableBaseProps<Row> {
  /** The table's accessible name. */
  caption: ReactNode;
  /** Classes of the caption: "visually-hidden" (the default) leaves it to assistive technology; "" shows it. */
  captionClassName?: string;
  /** Columns; `false` leaves one out (e.g. one only staff see). */
  columns: readonly (SimpleColumn<Row> | false | null | undefined)[];
  rows: readonly Row[];
  /** Shown instead of the table when there are no rows; without it the table shows an empty body. */
  empty?: ReactNode;
  /** Classes of the table; "table table-sm align-middle" by default. */
  className?: string;
  /** Wrap in a sideways-scrolling box, as wide tables need on a phone (default on). */
  responsive?: boolean;
  /** Shown as a card of its own, whose body scrolls sideways when the table is wide. */
  card?: boolean;
  /** Attributes of a row, e.g. aria-current on the chosen one, or a data- attribute that names it. */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };
}

type SimpleTableProps<Row> = SimpleTableBaseProps<Row> & RowKeyProps<Row>;

export function SimpleTable<Row>({
  caption,
  captionClassName = 'visually-hidden',
  columns,
  rows,
  rowKey = byId,
  empty,
  className = 'table table-sm align-middle',
  responsive = true,
  card = false,
  rowProps,
}: SimpleTableProps<Row>) {
  const captionId = useId();
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const shown = columns.filter((column): column is SimpleColumn<Row> => Boolean(column));
  const table = (
    <table className={className}>
      <caption id={captionId} className={captionClassName || undefined}>
        {caption}
      </caption>
      <thead>
        <tr>
          {shown.map((column, index) => (
            <th key={index} scope="col" className={column.className}>
              {column.headerHidden ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowKey(row, rowIndex)} {...rowProps?.(row)}>
            {shown.map((column, index) => {
              const className = column.cellClassName ?? column.className;
              return column.rowHeader ? (
                <th key={index} scope="row" className={className}>
                  {column.cell(row, rowIndex)}
                </th>
              ) : (
                <td key={index} className={className}>
                  {column.cell(row, rowIndex)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (card) {
    return (
      <div className="card dw-card">
        <SidewaysScroll className="card-body table-responsive" labelledBy={captionId}>
          {table}
        </SidewaysScroll>
      </div>
    );
  }
  return responsive ? (
    <SidewaysScroll className="table-responsive" labelledBy={captionId}>
      {table}
    </SidewaysScroll>
  ) : (
    table
  );
}

/**
 * The box a wide table scrolls sideways in (on a phone, most do): while it does, it takes keyboard
 * focus so arrow keys can scroll it, and is a region named by the table's caption.
 */
function SidewaysScroll({ className, labelledBy, children }: { className: string; labelledBy: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflowing = useHorizontalOverflow(ref);
  return (
    <div
      ref={ref}
      className={className}
      tabIndex={overflowing ? 0 : undefined}
      role={overflowing ? 'region' : undefined}
      aria-labelledby={overflowing ? labelledBy : undefined}
    >
      {children}
    </div>
  );
}
