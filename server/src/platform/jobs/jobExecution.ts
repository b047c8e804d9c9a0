// Running one claimed job on this instance: the handler gets the payload (checked again against
// its kind's schema), an abort signal and a throttled progress reporter; a heartbeat renews the
// lease and reads the cancel flag while it runs; and the job's end is recorded as it came —
// succeeded, failed (to be retried with back-off), cancelled, or handed back on shutdown.
import type { z } from 'zod';
import type { StoreDb } from '../store/openStore.js';
import type { JobRow } from '../store/schema.js';
import { markAttemptFailed, markCancelled, markSucceeded, releaseJob, renewLease, saveProgress } from './jobStore.js';
import type { JobLog, KindDefinition } from './jobRunnerTypes.js';
import { FinalJobError, InvalidJobPayloadError } from './jobTypes.js';
import { createProgressThrottle } from './progressThrottle.js';
import { retryDelayMs } from './retryDelay.js';

const ERROR_MESSAGE_LIMIT = 2000;

/** Aborts with this reason when the job is cancelled, so handlers can tell it from a shutdown. */
export class JobCancelledError extends Error {
  constructor() {
    super('The job was cancelled.');
    this.name = 'JobCancelledError';
  }
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message || 'The job failed without a message.').slice(0, ERROR_MESSAGE_LIMIT);
}

export function validatePayload(kind: string, schema: z.ZodType, payload: unknown): unknown {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw new InvalidJobPayloadError(kind, field, issue?.message ?? 'is invalid');
}

export interface RunningJob {
  controller: AbortController;
  heartbeat: NodeJS.Timeout;
  /** Reads the lease and cancel flag now instead of at the next heartbeat. */
  checkNow(): void;
  done: Promise<void>;
}

/** What running a job needs of the runner. */
export interface ExecutionContext {
  db: StoreDb;
  instanceId: string;
  leaseMs: number;
  heartbeatMs: number;
  progressIntervalMs: number;
  log: JobLog;
  publish(row: JobRow | undefined): Promise<void>;
  /** Whether the runner is stopping: a job aborted then goes back to the queue instead of failing. */
  stopping(): boolean;
  /** Called once the job's end is recorded (or could not be). */
  finished(row: JobRow): void;
}

/** Starts the job's handler and heartbeat; `done` settles once its end is recorded. */
export function launchJob(context: ExecutionContext, row: JobRow, definition: KindDefinition): RunningJob {
  const { db, instanceId, log, publish } = context;
  const controller = new AbortController();
  let cancelled = false;
  let leaseLost = false;

  const checkLease = async () => {
    const lease = await renewLease(db, row.id, instanceId, context.leaseMs);
    if (!lease) {
      leaseLost = true;
      controller.abort(new Error('The job was taken over by another portal instance.'));
    } else if (lease.cancelRequested && !cancelled) {
      cancelled = true;
      controller.abort(new JobCancelledError());
    }
  };
  const checkNow = () => {
    checkLease().catch((error: unknown) => log.warn({ err: error, job: row.id }, 'could not renew a job lease'));
  };
  const heartbeat = setInterval(checkNow, context.heartbeatMs);

  const throttle = createProgressThrottle(context.progressIntervalMs, async (update) => {
    await publish(await saveProgress(db, row.id, instanceId, update.fraction, update.message ?? null, update.detail));
  });

  const run = async () => {
    let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
    try {
      const payload = validatePayload(row.kind, definition.schema, row.payload);
      const result = await definition.handler({
        id: row.id,
        kind: row.kind,
        organisation: row.organisation_id,
        startedBy: row.started_by,
        payload,
        attempt: row.attempts,
        signal: controller.signal,
        progress: (update) => throttle.report(update),
      });
      outcome = { ok: true, result };
    } catch (error) {
      outcome = { ok: false, error };
    }
    clearInterval(heartbeat);
    await throttle.flush();

    if (leaseLost) {
      log.warn({ job: row.id, kind: row.kind }, 'a job lost its lease while running; its new owner finishes it');
      return;
    }
    if (cancelled) {
      await publish(await markCancelled(db, row.id, instanceId));
    } else if (context.stopping() && controller.signal.aborted) {
      await publish(await releaseJob(db, row.id, instanceId));
    } else if (outcome.ok) {
      await publish(await markSucceeded(db, row.id, instanceId, outcome.result));
    } else {
      const message = errorMessage(outcome.error);
      // The stack stays in the server log; the store (and so the browser) gets the message only.
      log.warn({ err: outcome.error, job: row.id, kind: row.kind, attempt: row.attempts }, 'a job attempt failed');
      const final = outcome.error instanceof InvalidJobPayloadError || outcome.error instanceof FinalJobError;
      const delay = retryDelayMs(definition.retry, row.attempts);
      if (final) {
        // A payload that does not validate will not validate next time either; a handler's final failure says the same.
        await db
          .updateTable('jobs')
          .set({ max_attempts: row.attempts })
          .where('id', '=', row.id)
          .where('locked_by', '=', instanceId)
          .execute();
      }
      await publish(await markAttemptFailed(db, row.id, instanceId, message, delay));
    }
  };

  const done = run()
    .catch((error: unknown) => log.error({ err: error, job: row.id }, 'could not record how a job ended'))
    .finally(() => context.finished(row));
  return { controller, heartbeat, checkNow, done };
}
