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

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export type RangePresetId = 'last7' | 'last30' | 'last90' | 'thisMonth' | 'lastMonth';

export interface RangePreset {
  id: RangePresetId;
  label: string;
  /** The preset's days within the account's data; null when it has none there. */
  range: DateRange | null;
  /** Why it cannot be chosen, when range is null. */
  reason?: string;
}

/** Today's UTC day, the presets' anchor. */
export function todayUtc(): string {
  return new Date(Date.now()).toISOString().slice(0, 10);
}

/**
 * Last 7/30/90 days (today included), this month and last month, each cut to the days the
 * account has data for; a preset wholly outside them has no range and says why.
 */
export function rangePresets(today: string, dataRange: DateRange): RangePreset[] {
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  const wanted: { id: RangePresetId; label: string; from: string; to: string }[] = [
    { id: 'last7', label: 'Last 7 days', from: addDays(today, -6), to: today },
    { id: 'last30', label: 'Last 30 days', from: addDays(today, -29), to: today },
    { id: 'last90', label: 'Last 90 days', from: addDays(today, -89), to: today },
    { id: 'thisMonth', label: 'This month', from: monthStart, to: today },
    { id: 'lastMonth', label: 'Last month', from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
  ];
  return wanted.map(({ id, label, from, to }) => {
    const clamped = { from: from < dataRange.from ? dataRange.from : from, to: to > dataRange.to ? dataRange.to : to };
    return clamped.from > clamped.to ? { id, label, range: null, reason: `no data from ${from} to ${to}` } : { id, label, range: clamped };
  });
}

/** The preset showing exactly `range`, if any. */
export function presetOf(presets: readonly RangePreset[], range: DateRange): RangePresetId | null {
  return presets.find((preset) => preset.range && preset.range.from === range.from && preset.range.to === range.to)?.id ?? null;
}
