// What a DataTable column is: one raw value per row (sorted and exported as is) and, when the
// screen should show it differently (money, durations, links), how to render it.
import type { ReactNode } from 'react';
import { toCsv, type CsvValue } from './csv';

export type CellValue = string | number | boolean | null;

export interface DataColumn<Row> {
  id: string;
  header: string;
  /** The raw figure or text: what sorting compares and the CSV holds. */
  value: (row: Row) => CellValue;
  /** What the cell shows; defaults to the value as text. */
  cell?: (row: Row) => ReactNode;
  /** The CSV text when it should differ from `value` (a list, say). */
  csv?: (row: Row) => CsvValue;
  /** Right-aligned figures; the first click sorts them largest first. */
  numeric?: boolean;
  /** Defaults to true. */
  sortable?: boolean;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Defaults to true; false for columns of controls (buttons), which mean nothing in a file. */
  exported?: boolean;
  /** Only in the CSV export: a detail (an id, say) too wide for the screen, shown elsewhere. */
  exportOnly?: boolean;
}

/** A column of controls (buttons): it has no value, so it is neither sorted nor exported. */
export function controlColumn<Row>(id: string, header: string, cell: (row: Row) => ReactNode): DataColumn<Row> {
  return { id, header, value: () => null, sortable: false, exported: false, cell };
}

/** Text before numbers' natural order: "WH_2" before "WH_10", any case. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending order of two values of one column; empty values are placed by the table. */
export function compareCellValues(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

export function tableCsv<Row>(allColumns: readonly DataColumn<Row>[], rows: readonly Row[]): string {
  const columns = allColumns.filter((column) => column.exported !== false);
  return toCsv(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => (column.csv ? column.csv(row) : column.value(row)))),
  );
}

export function defaultCell(value: CellValue): ReactNode {
  if (value === null) return '–';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
