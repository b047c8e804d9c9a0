/**
 * A budget's month so far and where it is heading, from the daily cost of what it watches.
 *
 * The month is the calendar month (UTC) of `asOf`, the last day with usage data. The forecast
 * is deliberately simple, so anyone can redo it by hand:
 *
 *   dailyAverage = spend of the 7 full days before asOf ÷ 7
 *   forecast     = spend from the 1st to the day before asOf
 *                  + dailyAverage × (days left in the month, asOf included)
 *
 * asOf itself is usually a partial day (usage arrives hours late), so it is counted at the
 * average rather than at its partial figure; the forecast is never below the month to date.
 * This is the Cost page's month-end forecast, applied to one warehouse, user, role or tag.
 */
import type { BudgetStatus } from '@common/warehouse/budgetsContract';
import { addDays } from '../analytics/filters.js';
import type { DailyCost } from '../analytics/scopeSpend.js';

export const AVERAGE_DAYS = 7;

export interface MonthFigures {
  month: string;
  asOf: string;
  monthToDate: number;
  dailyAverage: number;
  forecast: number;
}

export function monthStartOf(asOf: string): string {
  return `${asOf.slice(0, 8)}01`;
}

export function daysInMonthOf(asOf: string): number {
  const [year, month] = asOf.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first day whose spend the figures need: the earlier of the month's 1st and 7 days before asOf. */
export function spendNeededFrom(asOf: string): string {
  const monthStart = monthStartOf(asOf);
  const averageStart = addDays(asOf, -AVERAGE_DAYS);
  return averageStart < monthStart ? averageStart : monthStart;
}

export function monthFigures(days: readonly DailyCost[], asOf: string): MonthFigures {
  const monthStart = monthStartOf(asOf);
  const total = (from: string, to: string) => days.filter((d) => d.day >= from && d.day <= to).reduce((sum, d) => sum + d.cost, 0);
  const monthToDate = total(monthStart, asOf);
  const dailyAverage = total(addDays(asOf, -AVERAGE_DAYS), addDays(asOf, -1)) / AVERAGE_DAYS;
  const daysLeft = daysInMonthOf(asOf) - Number(asOf.slice(8, 10)) + 1;
  const projected = total(monthStart, addDays(asOf, -1)) + dailyAverage * daysLeft;
  return { month: asOf.slice(0, 7), asOf, monthToDate, dailyAverage, forecast: Math.max(projected, monthToDate) };
}

/** exceeded: the month to date is over the amount; at risk: the forecast is. */
export function budgetStatus(amount: number, figures: Pick<MonthFigures, 'monthToDate' | 'forecast'>): BudgetStatus {
  if (figures.monthToDate > amount) return 'exceeded';
  if (figures.forecast > amount) return 'at_risk';
  return 'on_track';
}
