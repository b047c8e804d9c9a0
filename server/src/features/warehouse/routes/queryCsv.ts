// The Queries export as CSV lines: one header, then a line per query, written as the pages of the
// export arrive. Texts are always quoted (and formula-guarded, platform/http/csvExport) so a
// spreadsheet opens the file as data, never as formulas.
import type { QuerySummary } from '@common/warehouse/analyticsContract';
import { csvLines, type CsvRecord } from '../../../platform/http/csvExport.js';

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

function record(query: QuerySummary): CsvRecord {
  return [
    query.queryId,
    query.startTime,
    query.warehouseName,
    query.warehouseSize,
    query.userName,
    query.roleName,
    query.queryTag,
    query.queryType,
    query.executionStatus,
    query.totalElapsedMs,
    query.bytesScanned,
    query.credits,
    Math.round(query.cost * 1e6) / 1e6,
    query.textPreview,
  ];
}

const lines = (page: QuerySummary[]) => csvLines(page.map(record), { quoteText: true });

export async function* queryCsvLines(
  first: IteratorResult<QuerySummary[]>,
  rest: AsyncGenerator<QuerySummary[]>,
  currency: string,
): AsyncGenerator<string> {
  yield csvLines([HEADER.map((name) => (name === 'cost' ? `cost_${currency.toLowerCase()}` : name))]);
  if (first.done) return;
  yield lines(first.value);
  for await (const page of rest) yield lines(page);
}
