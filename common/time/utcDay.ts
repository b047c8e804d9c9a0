// Calendar days in UTC, written `YYYY-MM-DD`: the days of the warehouse's usage data, of date
// ranges and of file names. Pure (no library, no local time zone), so both runtimes use it.

/** Milliseconds in a UTC day (UTC has no daylight-saving days). */
export const DAY_MS = 86_400_000;

/** Midnight UTC that starts `day` (`YYYY-MM-DD`; an invalid day gives an invalid Date), or that starts the day of an instant. */
export function startOfUtcDay(day: string | Date | number): Date {
  if (typeof day === 'string') return new Date(`${day}T00:00:00Z`);
  const time = new Date(day).getTime();
  return new Date(time - (((time % DAY_MS) + DAY_MS) % DAY_MS));
}

/** The UTC day an instant falls on, `YYYY-MM-DD`. */
export function utcDayOf(date: Date | number): string {
  return new Date(date).toISOString().slice(0, 10);
}

/** The day `days` after `day` (before it when negative). */
export function addUtcDays(day: string, days: number): string {
  return utcDayOf(startOfUtcDay(day).getTime() + days * DAY_MS);
}

/** Whole days from `from` to `to`: 0 for the same day, negative when `to` comes first. */
export function utcDaysBetween(from: string, to: string): number {
  return Math.round((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / DAY_MS);
}
