/**
 * The period a range is compared with, for every "change" the Optimize pages show (top movers,
 * the change columns, pattern trends). People read a month against the month before: a range
 * from the 1st of a month to a day of the same month (this month so far, or a whole month) is
 * compared with the same days of the month before, cut to that month's length (1–31 March
 * against 1–28 February; 1–18 March against 1–18 February). Any other range is compared with
 * the equally long period just before it.
 */
import { addUtcDays } from '@common/time/utcDay';
import type { DateRange } from '@common/warehouse/analyticsContract';
import { rangeDays } from './filters.js';

const monthOf = (day: string) => day.slice(0, 7);
const lastDayOfMonth = (day: string) => addUtcDays(`${monthOf(addUtcDays(`${monthOf(day)}-01`, 32))}-01`, -1);

export function comparisonPeriod(range: DateRange): DateRange {
  if (range.from.endsWith('-01') && monthOf(range.from) === monthOf(range.to)) {
    const previousMonthEnd = addUtcDays(range.from, -1);
    const previousMonthStart = `${monthOf(previousMonthEnd)}-01`;
    const wholeMonth = range.to === lastDayOfMonth(range.to);
    const sameDay = `${monthOf(previousMonthEnd)}-${range.to.slice(8, 10)}`;
    // A whole month is compared with the whole month before; part of one with the same days, cut to the month's end.
    const to = wholeMonth || sameDay > previousMonthEnd ? previousMonthEnd : sameDay;
    return { from: previousMonthStart, to };
  }
  const days = rangeDays(range);
  return { from: addUtcDays(range.from, -days), to: addUtcDays(range.from, -1) };
}

/** This month so far: the month of `dataRange`'s last day, from its 1st (or the first day with usage) to that day. */
export function monthSoFar(dataRange: DateRange): DateRange {
  const monthStart = `${monthOf(dataRange.to)}-01`;
  return { from: monthStart < dataRange.from ? dataRange.from : monthStart, to: dataRange.to };
}
