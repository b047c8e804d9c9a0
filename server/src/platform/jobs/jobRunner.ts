// The background job runner every portal instance starts. Product areas define kinds of work
// (a connector sync, a freshness check, an e-mail), enqueue jobs and schedules, and the
// runner executes each job once across all instances sharing the store, retrying failures
// with back-off, renewing its lease while a job runs, honouring cancels, and publishing each
// job's progress on the live channel so pages can show it. See jobStore.ts for the SQL.
import { JOB_TOPIC } from '@common/jobs/jobsContract';
import type { AppRouteId } from '@common/paths';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { LiveChannel } from '../live/liveChannel.js';
import type { StoreDb } from '../store/openStore.js';
import type { JobRow } from '../store/schema.js';
import {
  claimNextJob,
  deleteSchedule,
  dueScheduleNames,
  findJob,
  findActiveJob,
  insertJob,
  markAttemptFailed,
  markCancelled,
  markSucceeded,
  releaseJob,
  renewLease,
  requestCancel,
  saveProgress,
  takeScheduleTick,
  toJobEvent,
  toJobView,
  upsertSchedule,
} from './jobStore.js';
import { createProgressThrottle } from './progressThrottle.js';
import { retryDelayMs, type RetryPolicy } from './retryDelay.js';
import {
  InvalidJobPayloadError,
  UnknownJobKindError,
  type EnqueueRequest,
  type JobHandler,
  type JobKindOptions,
  type JobView,
  type ScheduleRequest,
} from './jobTypes.js';

/** The NOTIFY channel runners use to wake each other (a job was queued, a cancel was asked). */
export const JOBS_NOTIFY_CHANNEL = 'dataworks_jobs';

/** The subset of a pino/Fastify logger the runner writes to. */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  db: StoreDb;
  /** Progress and state changes are published here; its notifier carries the wake-ups. */
  live: LiveChannel;
  /** Names this process in `locked_by`; unique per running instance (default: host, pid, random). */
  instanceId?: string;
  log?: JobLog;
  /** How often to look for due work when no notification came (default 1 s). */
  pollMs?: number;
  /** How long a claim holds without a heartbeat (default 30 s); a dead instance's job is retaken after it. */
  leaseMs?: number;
  /** How often a running job's lease is renewed and its cancel flag read (default: a third of the lease). */
  heartbeatMs?: number;
  /** Jobs this instance runs at once (default 4). */
  concurrency?: number;
  /** Progress is stored and published at most this often per job (default 500 ms). */
  progressIntervalMs?: number;
  /** stop() aborts running handlers at once and waits this long for them to end (default 10 s). */
  stopGraceMs?: number;
}

export interface EnqueuedJob {
  job: JobView;
  /** False when a job holding the same singleton key was answered instead. */
  created: boolean;
}

export interface JobRunner {
  readonly instanceId: string;
  define<Schema extends z.ZodType>(kind: string, handler: JobHandler<z.output<Schema>>, options: JobKindOptions<Schema>): void;
  enqueue(request: EnqueueRequest): Promise<EnqueuedJob>;
  /** The job if it belongs to `organisation`; null otherwise (missing and foreign look the same). */
  get(id: string, organisation: string): Promise<JobView | null>;
  /** The newest queued or running job of a kind for an organisation (what a page shows as "in progress"). */
  active(kind: string, organisation: string): Promise<JobView | null>;
  /** Ends a queued job at once, asks a running one to stop; null when there is no such job in `organisation`. */
  cancel(id: string, organisation: string): Promise<JobView | null>;
  schedule(request: ScheduleRequest): Promise<void>;
  unschedule(name: string): Promise<boolean>;
  start(): Promise<void>;
  /** Stops taking work and waits for running handlers (aborting them after the grace period). */
  stop(): Promise<void>;
}

interface KindDefinition {
  schema: z.ZodType;
  handler: JobHandler<unknown>;
  maxAttempts: number;
  retry: RetryPolicy;
  routes: readonly AppRouteId[];
}

interface RunningJob {
  controller: AbortController;
  heartbeat: NodeJS.Timeout;
  /** Reads the lease and cancel flag now instead of at the next heartbeat. */
  checkNow(): void;
  done: Promise<void>;
}

type WakeUp = { type: 'enqueued' } | { type: 'cancel'; id: string };

const silentLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ERROR_MESSAGE_LIMIT = 2000;

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message || 'The job failed without a message.').slice(0, ERROR_MESSAGE_LIMIT);
}

function validatePayload(kind: string, schema: z.ZodType, payload: unknown): unknown {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw new InvalidJobPayloadError(kind, field, issue?.message ?? 'is invalid');
}

/** Aborts with this reason when the job is cancelled, so handlers can tell it from a shutdown. */
export class JobCancelledError extends Error {
  constructor() {
    super('The job was cancelled.');
    this.name = 'JobCancelledError';
  }
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, live } = options;
  const log = options.log ?? silentLog;
  const instanceId = options.instanceId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(50, Math.floor(leaseMs / 3));
  const concurrency = options.concurrency ?? 4;
  const progressIntervalMs = options.progressIntervalMs ?? 500;
  const stopGraceMs = options.stopGraceMs ?? 10_000;

  const kinds = new Map<string, KindDefinition>();
  const running = new Map<string, RunningJob>();
  let started = false;
  let stopping = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;

  const publish = async (row: JobRow | undefined) => {
    if (!row) return;
    try {
      // Those who may open the kind's pages, and whoever started the job; nobody else.
      await live.publish({
        organisation: row.organisation_id,
        topic: JOB_TOPIC,
        data: toJobEvent(row),
        routes: kinds.get(row.kind)?.routes ?? [],
        alsoUserId: row.started_by,
      });
    } catch (error) {
      log.warn({ err: error, job: row.id }, 'could not publish a job update');
    }
  };

  const wake = async (message: WakeUp) => {
    try {
      await live.notifier.notify(JOBS_NOTIFY_CHANNEL, JSON.stringify(message));
    } catch (error) {
      // The poll finds the work anyway, a little later.
      log.warn({ err: error }, 'could not notify the job runners');
    }
  };

  const onWakeUp = (payload: string) => {
    let message: WakeUp;
    try {
      message = JSON.parse(payload) as WakeUp;
    } catch {
      return;
    }
    if (message.type === 'cancel') running.get(message.id)?.checkNow();
    else void pump();
  };

  const definedKinds = () => [...kinds.keys()];

  /** Takes due schedule ticks and due jobs until every slot is busy or nothing is due. */
  const pump = (): Promise<void> => {
    if (!started || stopping) return Promise.resolve();
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        for (const name of await dueScheduleNames(db, definedKinds())) {
          const row = await takeScheduleTick(db, name, async (trx, schedule) => {
            const definition = kinds.get(schedule.kind);
            const { row: job } = await insertJob(trx, {
              kind: schedule.kind,
              organisation: schedule.organisation,
              payload: schedule.payload,
              startedBy: null,
              runAt: null,
              // A tick whose previous run is still queued or running adds nothing.
              singletonKey: `schedule:${name}`,
              maxAttempts: definition?.maxAttempts ?? 1,
            });
            return job;
          });
          if (row) await publish(row);
        }
        while (started && !stopping && running.size < concurrency) {
          const claim = await claimNextJob(db, definedKinds(), instanceId, leaseMs);
          if (!claim) break;
          await publish(claim.row);
          if (claim.kind === 'claimed') launch(claim.row);
        }
      } while (pumpAgain && started && !stopping);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'the job runner could not look for work'))
      .finally(() => {
        pumping = null;
      });
    return pumping;
  };

  const launch = (row: JobRow) => {
    const definition = kinds.get(row.kind);
    if (!definition) return;
    const controller = new AbortController();
    let cancelled = false;
    let leaseLost = false;

    const checkLease = async () => {
      const lease = await renewLease(db, row.id, instanceId, leaseMs);
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
    const heartbeat = setInterval(checkNow, heartbeatMs);

    const throttle = createProgressThrottle(progressIntervalMs, async (update) => {
      await publish(await saveProgress(db, row.id, instanceId, update.fraction, update.message ?? null));
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
      } else if (stopping && controller.signal.aborted) {
        await publish(await releaseJob(db, row.id, instanceId));
      } else if (outcome.ok) {
        await publish(await markSucceeded(db, row.id, instanceId, outcome.result));
      } else {
        const message = errorMessage(outcome.error);
        // The stack stays in the server log; the store (and so the browser) gets the message only.
        log.warn({ err: outcome.error, job: row.id, kind: row.kind, attempt: row.attempts }, 'a job attempt failed');
        const invalid = outcome.error instanceof InvalidJobPayloadError;
        const delay = retryDelayMs(definition.retry, row.attempts);
        if (invalid) {
          // A payload that does not validate will not validate next time either.
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
      .finally(() => {
        running.delete(row.id);
        void pump();
      });
    running.set(row.id, { controller, heartbeat, checkNow, done });
  };

  return {
    instanceId,

    define(kind, handler, kindOptions) {
      if (kinds.has(kind)) throw new Error(`The job kind "${kind}" is defined twice.`);
      kinds.set(kind, {
        schema: kindOptions.payload,
        handler: handler as JobHandler<unknown>,
        maxAttempts: Math.max(1, Math.floor(kindOptions.maxAttempts ?? 3)),
        retry: { baseDelayMs: kindOptions.retryBaseDelayMs ?? 5000, maxDelayMs: kindOptions.retryMaxDelayMs ?? 10 * 60_000 },
        routes: kindOptions.routes ?? [],
      });
    },

    async enqueue(request) {
      const definition = kinds.get(request.kind);
      if (!definition) throw new UnknownJobKindError(request.kind);
      const payload = validatePayload(request.kind, definition.schema, request.payload);
      const { row, created } = await insertJob(db, {
        kind: request.kind,
        organisation: request.organisation,
        payload,
        startedBy: request.startedBy ?? null,
        runAt: request.runAt ?? null,
        singletonKey: request.singletonKey ?? null,
        maxAttempts: definition.maxAttempts,
      });
      if (created) {
        await publish(row);
        await wake({ type: 'enqueued' });
      }
      return { job: toJobView(row), created };
    },

    async get(id, organisation) {
      const row = await findJob(db, id, organisation);
      return row ? toJobView(row) : null;
    },

    async active(kind, organisation) {
      const row = await findActiveJob(db, kind, organisation);
      return row ? toJobView(row) : null;
    },

    async cancel(id, organisation) {
      const row = await requestCancel(db, id, organisation);
      if (!row) return null;
      if (row.state === 'cancelled') await publish(row);
      if (row.state === 'running') {
        // The instance running it (maybe this one) checks its cancel flag at once.
        running.get(row.id)?.checkNow();
        await wake({ type: 'cancel', id: row.id });
      }
      return toJobView(row);
    },

    async schedule(request) {
      const definition = kinds.get(request.kind);
      if (!definition) throw new UnknownJobKindError(request.kind);
      if (!Number.isFinite(request.every) || request.every < 1)
        throw new Error(`The schedule "${request.name}" needs a positive interval in milliseconds.`);
      const payload = validatePayload(request.kind, definition.schema, request.payload);
      await upsertSchedule(db, {
        name: request.name,
        kind: request.kind,
        organisation: request.organisation,
        everyMs: Math.floor(request.every),
        payload,
      });
    },

    unschedule: (name) => deleteSchedule(db, name),

    async start() {
      if (started) return;
      started = true;
      stopping = false;
      unlisten = await live.notifier.listen(JOBS_NOTIFY_CHANNEL, onWakeUp);
      pollTimer = setInterval(() => void pump(), pollMs);
      pollTimer.unref();
      log.info({ instance: instanceId, kinds: definedKinds() }, 'job runner started');
      await pump();
    },

    async stop() {
      if (!started) return;
      stopping = true;
      clearInterval(pollTimer);
      await unlisten?.().catch(() => undefined);
      unlisten = undefined;
      await pumping;
      // Running jobs are stopped at once (their signal) and handed back to the queue: another
      // instance, or this one's next start, runs them again. A stop waits for them to end so
      // nothing of theirs is written after the store closes; a handler that ignores its signal is
      // waited for up to the grace time, then left (its heartbeat stops, so its lease runs out).
      const finished = Promise.all([...running.values()].map((job) => job.done));
      for (const job of running.values()) job.controller.abort(new Error('The portal is shutting down.'));
      const graceOver = await Promise.race([
        finished.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), stopGraceMs).unref()),
      ]);
      if (graceOver) {
        for (const job of running.values()) clearInterval(job.heartbeat);
        log.warn({ jobs: [...running.keys()] }, 'jobs still running after the shutdown grace time; their leases will run out');
      }
      started = false;
    },
  };
}
