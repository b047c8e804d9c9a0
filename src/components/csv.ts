// CSV as spreadsheets read it (RFC 4180): comma-separated, CRLF line ends, a field quoted when
// it holds a quote, comma or line break, its quotes doubled. Text that a spreadsheet would run
// as a formula (starting with = + - @, tab or carriage return) gets a leading apostrophe, so an
// exported user name such as `=HYPERLINK(…)` stays text (OWASP "CSV injection"); the guard is the
// one the server's CSV exports use (common/csv/formulaGuard.ts). Numbers are
// written as numbers: a negative figure is data, not a formula.

import { guardFormula } from '@common/csv/formulaGuard';

export type CsvValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  // Six decimals at most: float noise (0.30000000000000004) is not a figure anyone wants.
  return String(Math.round(value * 1e6) / 1e6);
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = guardFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A file name from a title: "Spend by user" → "spend-by-user-2026-08-01-2026-10-29.csv". */
export function csvFileName(...parts: string[]): string {
  const base = parts
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'export'}.csv`;
}
