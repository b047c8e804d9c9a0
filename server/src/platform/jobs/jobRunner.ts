// The background job runner every portal instance starts. Product areas define kinds of work
// (a connector sync, a freshness check, an e-mail), enqueue jobs and schedules, and the
// runner executes each job once across all instances sharing the store, retrying failures
// with back-off, renewing its lease while a job runs, honouring cancels, and publishing each
// job's progress on the live channel so pages can show it. The SQL is in jobStore.ts (jobs) and scheduleStore.ts.
//
// This file holds the runner's state and its methods; looking for work is jobPump.ts, running a
// claimed job jobExecution.ts, and the shapes they share jobRunnerTypes.ts.
import { JOB_TOPIC } from '@common/jobs/jobsContract';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { JobRow } from '../store/schema.js';
import { launchJob, validatePayload, type ExecutionContext, type RunningJob } from './jobExecution.js';
import { createJobPump } from './jobPump.js';
import type { JobLog, JobRecord, JobRunner, JobRunnerOptions, KindDefinition } from './jobRunnerTypes.js';
import {
  deleteFinishedJobs,
  findActiveJob,
  findJob,
  insertJob,
  latestJobPerKey,
  listJobs,
  requestCancel,
  toJobEvent,
  toJobView,
} from './jobStore.js';
import { deleteSchedule, schedulesOf, upsertSchedule } from './scheduleStore.js';
import { UnknownJobKindError, type JobHandler } from './jobTypes.js';
import { cronProblem } from './scheduleTimes.js';

export { JobCancelledError } from './jobExecution.js';
export type { EnqueuedJob, JobListQuery, JobLog, JobRecord, JobRunner, JobRunnerOptions } from './jobRunnerTypes.js';

const toRecord = (row: JobRow): JobRecord => ({ ...toJobView(row), payload: row.payload, key: row.singleton_key });

/** The NOTIFY channel runners use to wake each other (a job was queued, a cancel was asked). */
export const JOBS_NOTIFY_CHANNEL = 'dataworks_jobs';

type WakeUp = { type: 'enqueued' } | { type: 'cancel'; id: string };

const silentLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

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

  const launch = (row: JobRow) => {
    const definition = kinds.get(row.kind);
    if (!definition) return;
    running.set(row.id, launchJob(execution, row, definition));
  };

  const execution: ExecutionContext = {
    db,
    instanceId,
    leaseMs,
    heartbeatMs,
    progressIntervalMs,
    log,
    publish,
    stopping: () => stopping,
    finished: (row: JobRow) => {
      running.delete(row.id);
      void pump();
    },
  };

  const { pump, current: pumping } = createJobPump({
    db,
    kinds,
    instanceId,
    leaseMs,
    concurrency,
    log,
    publish,
    taking: () => started && !stopping,
    runningCount: () => running.size,
    launch,
  });

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
      if (request.cron !== undefined) {
        const problem = cronProblem(request.cron);
        if (problem) throw new Error(`The schedule "${request.name}": ${problem}`);
      } else if (!Number.isFinite(request.every) || request.every < 1) {
        throw new Error(`The schedule "${request.name}" needs a positive interval in milliseconds.`);
      }
      const payload = validatePayload(request.kind, definition.schema, request.payload);
      await upsertSchedule(db, {
        name: request.name,
        kind: request.kind,
        organisation: request.organisation,
        everyMs: request.cron !== undefined ? null : Math.floor(request.every),
        cron: request.cron ?? null,
        singletonKey: request.singletonKey ?? null,
        payload,
      });
    },

    unschedule: (name) => deleteSchedule(db, name),

    schedules: (kind, organisation) => schedulesOf(db, kind, organisation),

    async list(query) {
      const rows = await listJobs(db, { ...query, offset: query.offset ?? 0 });
      return rows.map(toRecord);
    },

    async latestPerKey(kind, organisation) {
      return (await latestJobPerKey(db, kind, organisation)).map(toRecord);
    },

    forget: (kind, organisation, key) => deleteFinishedJobs(db, kind, organisation, key),

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

    lookForWork: () => pump(),

    async stop() {
      if (!started) return;
      stopping = true;
      clearInterval(pollTimer);
      await unlisten?.().catch(() => undefined);
      unlisten = undefined;
      await pumping();
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
