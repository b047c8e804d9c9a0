// The shapes a job's author and the job runner agree on: what a handler receives, how a kind
// is defined, what is enqueued, and the view of a job that the API and live events show.
import type { z } from 'zod';
import { FINISHED_JOB_STATES, type JobEvent, type JobState, type JobView } from '@common/jobs/jobsContract';
import type { AppRouteId } from '@common/paths';
import { DomainError } from '../errors/domainError.js';

export type { JobEvent, JobState, JobView };

export { FINISHED_JOB_STATES as FINISHED_STATES };

export interface JobProgress {
  /** 0..1 */
  fraction: number;
  message?: string;
  /** The kind's own small facts (kept with the job and sent with its live events); keep it well under 8 kB. */
  detail?: unknown;
}

export interface JobContext<Payload> {
  id: string;
  kind: string;
  organisation: string;
  /** Subject of the user who started it; null for scheduled or system work. */
  startedBy: string | null;
  payload: Payload;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Fires when the job is cancelled, its lease is lost, or the runner stops. Stop work promptly. */
  signal: AbortSignal;
  /** Records how far the job is; stored and published at most every 500 ms. */
  progress(update: JobProgress): void;
}

/** Resolves with an optional small JSON result (stored on the job); rejects to fail the attempt. */
export type JobHandler<Payload> = (context: JobContext<Payload>) => Promise<unknown>;

export interface JobKindOptions<Schema extends z.ZodType> {
  /** Checks every payload at enqueue and again before the handler runs. */
  payload: Schema;
  /** Runs in all, retries included (default 3). */
  maxAttempts?: number;
  /** The first retry waits this long, each next one twice as long (default 5 s). */
  retryBaseDelayMs?: number;
  /** The longest wait between attempts (default 10 minutes). */
  retryMaxDelayMs?: number;
  /**
   * The pages whose users may follow this kind's jobs on the live channel (the access table
   * decides who may open them); whoever started a job always hears of it. Absent: only the starter.
   */
  routes?: readonly AppRouteId[];
}

export interface EnqueueRequest {
  kind: string;
  organisation: string;
  payload: unknown;
  startedBy?: string | null;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** While a job with this key (same kind and organisation) is queued or running, that job is answered instead. */
  singletonKey?: string;
}

/** When a schedule runs: every N milliseconds (first one interval from now), or at a cron expression's times (UTC). */
export type ScheduleTiming = { every: number; cron?: undefined } | { cron: string; every?: undefined };

export type ScheduleRequest = ScheduleTiming & {
  /** Unique across the store; scheduling the same name again updates the schedule. */
  name: string;
  kind: string;
  organisation: string;
  payload: unknown;
  /** The singleton key each tick's job takes (default `schedule:<name>`): a tick while a job holding it runs adds nothing. */
  singletonKey?: string;
};

/**
 * Thrown by a handler for a failure another attempt cannot fix (a source's settings are wrong, a
 * program is gone): the job fails at once with this message, whatever attempts remain.
 */
export class FinalJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FinalJobError';
  }
}

/** A payload that does not match its kind's schema, naming the field at fault. */
export class InvalidJobPayloadError extends DomainError {
  constructor(
    readonly kind: string,
    readonly field: string | undefined,
    reason: string,
  ) {
    super(`The payload of a "${kind}" job is not valid: ${field ? `${field}: ` : ''}${reason}`, {
      status: 400,
      code: 'invalid_request',
      ...(field ? { field } : {}),
    });
    this.name = 'InvalidJobPayloadError';
  }
}

export class UnknownJobKindError extends Error {
  constructor(readonly kind: string) {
    super(`No job kind "${kind}" is defined.`);
    this.name = 'UnknownJobKindError';
  }
}

/**
 * The organisation of work done for the portal as a whole (no client organisation's), such as
 * housekeeping. No token can name it: organisation ids start with a letter or digit.
 */
export const SYSTEM_ORGANISATION = '_portal';
