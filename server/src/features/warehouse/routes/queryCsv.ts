// The Queries export as CSV lines: one header, then a line per query, written as the pages of the
// export arrive. Texts are quoted (and a leading =, +, - or @ neutralised) so a spreadsheet opens
// the file as data, never as formulas.
import type { QuerySummary } from '@common/warehouse/analyticsContract';

const HEADER = [
  'query_id',
  'start_time',
  'warehouse',
  'warehouse_size',
  'user',
  'role',
  'query_tag',
  'query_type',
  'status',
  'elapsed_ms',
  'bytes_scanned',
  'credits',
  'cost',
  'query_text_first_200',
];

function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

function line(query: QuerySummary): string {
  return `${[
    cell(query.queryId),
    cell(query.startTime),
    cell(query.warehouseName),
    cell(query.warehouseSize),
    cell(query.userName),
    cell(query.roleName),
    cell(query.queryTag),
    cell(query.queryType),
    cell(query.executionStatus),
    cell(query.totalElapsedMs),
    cell(query.bytesScanned),
    cell(query.credits),
    cell(Math.round(query.cost * 1e6) / 1e6),
    cell(query.textPreview),
  ].join(',')}\n`;
}

export async function* queryCsvLines(
  first: IteratorResult<QuerySummary[]>,
  rest: AsyncGenerator<QuerySummary[]>,
  currency: string,
): AsyncGenerator<string> {
  yield `${HEADER.map((name) => (name === 'cost' ? `cost_${currency.toLowerCase()}` : name)).join(',')}\n`;
  if (first.done) return;
  yield first.value.map(line).join('');
  for await (const page of rest) yield page.map(line).join('');
}
