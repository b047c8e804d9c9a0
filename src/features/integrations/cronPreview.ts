// A cron schedule in words before it is saved: the next times it would run (UTC), read by croner as
// the server's schedules read it, or why it cannot be used.
import { Cron } from 'croner';

export type CronPreview = { runs: Date[] } | { problem: string };

export function cronPreview(expression: string, count = 3, after = new Date()): CronPreview {
  const fields = expression.trim().split(/\s+/).filter(Boolean);
  if (fields.length !== 5)
    return { problem: `A cron schedule has five fields (minute hour day-of-month month day-of-week); this one has ${fields.length}.` };
  try {
    const runs = new Cron(expression.trim(), { timezone: 'UTC', paused: true }).nextRuns(count, after);
    return runs.length ? { runs } : { problem: 'This schedule never runs.' };
  } catch (error) {
    return {
      problem: `Not a valid cron schedule: ${error instanceof Error ? error.message.replace(/^CronPattern: /, '') : String(error)}.`,
    };
  }
}
