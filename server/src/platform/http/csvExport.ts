// The CSV the server sends (exports and the data API), written by csv-stringify with one rule
// for every file: comma-separated, `\n` line ends, a field quoted when it holds a quote, comma
// or line break, its quotes doubled (RFC 4180 apart from the line end, which every reader
// accepts). Text that a spreadsheet would run as a formula is guarded (common/csv/formulaGuard);
// numbers are written as numbers, times as ISO 8601, booleans as `true`/`false`, null as empty.
import { stringify } from 'csv-stringify/sync';
import { guardFormula } from '@common/csv/formulaGuard';

export type CsvCell = string | number | boolean | Date | null | undefined;
export type CsvRecord = readonly CsvCell[];

export interface CsvOptions {
  /** Quote every text field, not only those that need it (an empty text then reads `""`, not a missing value). */
  quoteText?: boolean;
}

/** The records as CSV lines, each ending in `\n`; no records give an empty string. */
export function csvLines(records: readonly CsvRecord[], options: CsvOptions = {}): string {
  if (records.length === 0) return '';
  return stringify(records as CsvCell[][], {
    record_delimiter: 'unix',
    // A lone carriage return inside a field is quoted too (naming a record delimiter turns that off).
    quote_record_delimiter: true,
    quoted_string: options.quoteText ?? false,
    cast: {
      string: guardFormula,
      boolean: (value) => (value ? 'true' : 'false'),
      date: (value) => value.toISOString(),
    },
  });
}
