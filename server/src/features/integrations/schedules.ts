// When a connection syncs next: never (manual), every N hours after the last scheduled run, or at
// the times a five-field cron expression names (UTC). Cron expressions are read by croner.
import { Cron } from 'croner';
import type { Schedule } from '@common/integrations/integrationsContract';
import { DomainError } from '../../platform/errors/domainError.js';

export class ScheduleError extends DomainError {
  constructor(message: string) {
    super(message, { status: 400, code: 'invalid_schedule', field: 'schedule' });
    this.name = 'ScheduleError';
  }
}

/** Throws ScheduleError (naming what is wrong) for a cron expression that cannot be used. */
export function checkSchedule(schedule: Schedule): void {
  if (schedule.kind !== 'cron') return;
  const fields = schedule.expression.trim().split(/\s+/);
  if (fields.length !== 5)
    throw new ScheduleError(
      `A cron schedule has five fields (minute hour day-of-month month day-of-week); "${schedule.expression}" has ${fields.length}.`,
    );
  try {
    const cron = new Cron(schedule.expression, { timezone: 'UTC', paused: true });
    if (!cron.nextRun()) throw new ScheduleError(`The cron schedule "${schedule.expression}" never runs.`);
  } catch (error) {
    if (error instanceof ScheduleError) throw error;
    throw new ScheduleError(
      `The cron schedule "${schedule.expression}" is not valid: ${error instanceof Error ? error.message.replace(/^CronPattern: /, '') : String(error)}.`,
    );
  }
}

/** The next time the schedule runs after `after`, or null for manual connections. */
export function nextRun(schedule: Schedule, after: Date): Date | null {
  switch (schedule.kind) {
    case 'manual':
      return null;
    case 'interval':
      return new Date(after.getTime() + schedule.hours * 3_600_000);
    case 'cron':
      return new Cron(schedule.expression, { timezone: 'UTC', paused: true }).nextRun(after);
  }
}
