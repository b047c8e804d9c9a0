// When a schedule runs next: every N milliseconds, or at the times a five-field cron expression
// names (UTC). Cron expressions are read by croner; an expression is checked when the schedule is
// made, so a tick never meets one it cannot read.
import { Cron } from 'croner';

export interface ScheduleTimes {
  everyMs: number | null;
  cron: string | null;
}

/** Why `expression` cannot be used as a schedule, or null when it can. */
export function cronProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5)
    return `A cron schedule has five fields (minute hour day-of-month month day-of-week); "${expression}" has ${fields.length}.`;
  try {
    if (!new Cron(expression, { timezone: 'UTC', paused: true }).nextRun()) return `The cron schedule "${expression}" never runs.`;
  } catch (error) {
    return `The cron schedule "${expression}" is not valid: ${error instanceof Error ? error.message.replace(/^CronPattern: /, '') : String(error)}.`;
  }
  return null;
}

/** The first run after `after`; null for a cron expression that never runs again. */
export function nextScheduledRun(times: ScheduleTimes, after: Date): Date | null {
  if (times.cron !== null) return new Cron(times.cron, { timezone: 'UTC', paused: true }).nextRun(after);
  return new Date(after.getTime() + Number(times.everyMs));
}
