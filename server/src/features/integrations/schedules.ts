// Whether a connection's schedule can be used: never (manual), every N hours, or at the times a
// five-field cron expression names (UTC). The platform's job schedules run them (syncQueue.ts), and
// read cron expressions the same way this check does.
import type { Schedule } from '@common/integrations/integrationsContract';
import { DomainError } from '../../platform/errors/domainError.js';
import { cronProblem } from '../../platform/jobs/index.js';

export class ScheduleError extends DomainError {
  constructor(message: string) {
    super(message, { status: 400, code: 'invalid_schedule', field: 'schedule' });
    this.name = 'ScheduleError';
  }
}

/** Throws ScheduleError (naming what is wrong) for a cron expression that cannot be used. */
export function checkSchedule(schedule: Schedule): void {
  if (schedule.kind !== 'cron') return;
  const problem = cronProblem(schedule.expression);
  if (problem) throw new ScheduleError(problem);
}
