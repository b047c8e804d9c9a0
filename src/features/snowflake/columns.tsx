// Column builders for the Optimize tables: each keeps the raw figure for sorting and CSV and
// shows it formatted, with the unit in the header so an exported file says what it holds.
import type { DataColumn } from '../../components/dataColumn';
import { DateTimeText } from '../../components/DateTimeText';
import { formatBytes, formatCount, formatCredits, formatDecimal, formatMoney, formatPercent } from '../../components/format';

type Get<Row, T> = (row: Row) => T;

export function textColumn<Row>(id: string, header: string, get: Get<Row, string | null>, rowHeader = false): DataColumn<Row> {
  return { id, header, value: get, rowHeader };
}

/** A UTC day (YYYY-MM-DD) naming its row, never broken at its hyphens. */
export function dayColumn<Row>(id: string, header: string, get: Get<Row, string>): DataColumn<Row> {
  return {
    id,
    header,
    value: get,
    rowHeader: true,
    cell: (row) => (
      <time dateTime={get(row)} className="text-nowrap">
        {get(row)}
      </time>
    ),
  };
}

export function moneyColumn<Row>(id: string, header: string, get: Get<Row, number>, currency: string): DataColumn<Row> {
  return { id, header: `${header} (${currency})`, value: get, numeric: true, cell: (row) => formatMoney(get(row), currency) };
}

export function creditsColumn<Row>(id: string, header: string, get: Get<Row, number | null>): DataColumn<Row> {
  return {
    id,
    header,
    value: get,
    numeric: true,
    cell: (row) => {
      const value = get(row);
      return value === null ? '–' : formatCredits(value);
    },
  };
}

export function countColumn<Row>(id: string, header: string, get: Get<Row, number>): DataColumn<Row> {
  return { id, header, value: get, numeric: true, cell: (row) => formatCount(get(row)) };
}

export function decimalColumn<Row>(id: string, header: string, get: Get<Row, number>): DataColumn<Row> {
  return { id, header, value: get, numeric: true, cell: (row) => formatDecimal(get(row)) };
}

/** A share from 0 to 1: shown as a percentage, exported as the fraction. */
export function percentColumn<Row>(id: string, header: string, get: Get<Row, number>): DataColumn<Row> {
  return { id, header, value: get, numeric: true, cell: (row) => formatPercent(get(row)) };
}

const secondsFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/**
 * Milliseconds from the warehouse, shown and exported in seconds, as the header says: "8.5 s" under
 * "Duration (s)", 8.5 in the file. (Words such as "3 min 12 s" would not match the header's unit.)
 */
export function durationColumn<Row>(id: string, header: string, get: Get<Row, number>): DataColumn<Row> {
  const seconds = (row: Row) => get(row) / 1000;
  return { id, header: `${header} (s)`, value: seconds, numeric: true, cell: (row) => `${secondsFormat.format(seconds(row))} s` };
}

export function bytesColumn<Row>(id: string, header: string, get: Get<Row, number>): DataColumn<Row> {
  return { id, header: `${header} (bytes)`, value: get, numeric: true, cell: (row) => formatBytes(get(row)) };
}

/** ISO times sort as text; shown in UTC. */
export function timeColumn<Row>(id: string, header: string, get: Get<Row, string | null>): DataColumn<Row> {
  return { id, header, value: get, cell: (row) => <DateTimeText iso={get(row)} /> };
}
