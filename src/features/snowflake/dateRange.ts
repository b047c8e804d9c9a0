// The date range of an Optimize page lives in the address (`?from=&to=`), so a link shows the
// same view. Days are UTC calendar days written YYYY-MM-DD, as the warehouse API takes them.
import type { DateRange } from '../../api/warehouseTypes';

/** The server refuses longer ranges. */
export const MAX_RANGE_DAYS = 400;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function rangeDays(range: DateRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

export interface RangeErrors {
  from?: string;
  to?: string;
}

export function rangeErrors(from: string, to: string): RangeErrors {
  const errors: RangeErrors = {};
  if (!isDay(from)) errors.from = 'Enter a start date.';
  if (!isDay(to)) errors.to = 'Enter an end date.';
  if (errors.from || errors.to) return errors;
  if (to < from) errors.to = 'The end date must not be before the start date.';
  else if (rangeDays({ from, to }) > MAX_RANGE_DAYS) errors.to = `Choose at most ${MAX_RANGE_DAYS} days.`;
  return errors;
}

/** The range the address asks for when it is a valid one, else the account's whole data range. */
export function rangeFromParams(params: URLSearchParams, fallback: DateRange): DateRange {
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const errors = rangeErrors(from, to);
  return errors.from || errors.to ? fallback : { from, to };
}
