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

/**
 * The range a page shows when the address names none: this month so far, i.e. the month of the
 * account's last day with usage, from its 1st (or the first day with usage). A bill is read a
 * month at a time, and a change against last month is what people ask about first.
 */
export function defaultRange(dataRange: DateRange): DateRange {
  const monthStart = `${dataRange.to.slice(0, 8)}01`;
  return { from: monthStart < dataRange.from ? dataRange.from : monthStart, to: dataRange.to };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "partial month: 1–21 November 2026" when the range is part of one calendar month (from its 1st,
 * or up to its last day, but not both); null for a whole month or a range across months.
 */
export function partialMonthNote(range: DateRange): string | null {
  if (range.from.slice(0, 7) !== range.to.slice(0, 7)) return null;
  // 32 days after the 1st is always in the next month.
  const nextMonthStart = `${addDays(`${range.to.slice(0, 7)}-01`, 32).slice(0, 8)}01`;
  const monthEnd = addDays(nextMonthStart, -1);
  const fromFirst = range.from.endsWith('-01');
  if (fromFirst && range.to === monthEnd) return null;
  if (!fromFirst && range.to !== monthEnd) return null;
  const month = `${MONTHS[Number(range.to.slice(5, 7)) - 1] ?? ''} ${range.to.slice(0, 4)}`;
  return `partial month: ${Number(range.from.slice(8))}–${Number(range.to.slice(8))} ${month}`;
}

/** The range the address asks for when it is a valid one, else `fallback` (the page's default range). */
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
 * This month and last month, the last 7/30/90 days (today included), each cut to the days the
 * account has data for; a preset wholly outside them has no range and says why.
 */
export function rangePresets(today: string, dataRange: DateRange): RangePreset[] {
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  // The months first: the default range is this month (defaultRange).
  const wanted: { id: RangePresetId; label: string; from: string; to: string }[] = [
    { id: 'thisMonth', label: 'This month', from: monthStart, to: today },
    { id: 'lastMonth', label: 'Last month', from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
    { id: 'last7', label: 'Last 7 days', from: addDays(today, -6), to: today },
    { id: 'last30', label: 'Last 30 days', from: addDays(today, -29), to: today },
    { id: 'last90', label: 'Last 90 days', from: addDays(today, -89), to: today },
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
