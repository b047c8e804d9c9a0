// The job runner's face and the shapes its parts share: the runner's options and methods as other
// server code sees them, and a defined kind as the runner keeps it. jobRunner.ts builds the runner;
// jobPump.ts and jobExecution.ts are the parts that find work and run it.
import type { AppRouteId } from '@common/paths';
import type { z } from 'zod';
import type { LiveChannel } from '../live/liveChannel.js';
import type { StoreDb } from '../store/openStore.js';
import type { RetryPolicy } from './retryDelay.js';
import type { EnqueueRequest, JobHandler, JobKindOptions, JobView, ScheduleRequest } from './jobTypes.js';

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
  /** The schedules of `kind` for `organisation`, each with its next run (null: never again). */
  schedules(kind: string, organisation: string): Promise<Array<{ name: string; nextRunAt: Date | null }>>;
  /** An area's own jobs of `kind`, newest first, with their payloads: all, or those holding `key`, optionally in `states`. */
  list(query: JobListQuery): Promise<JobRecord[]>;
  /** The newest job of `kind` for each key the organisation's jobs hold. */
  latestPerKey(kind: string, organisation: string): Promise<JobRecord[]>;
  /** Forgets the finished jobs of `kind` holding `key` (what they were about was deleted). */
  forget(kind: string, organisation: string, key: string): Promise<number>;
  start(): Promise<void>;
  /**
   * Looks for due schedule ticks and jobs now, as the poll and a wake-up do, and resolves once
   * that look is over (nothing when the runner is not started or is stopping).
   */
  lookForWork(): Promise<void>;
  /** Stops taking work and waits for running handlers (aborting them after the grace period). */
  stop(): Promise<void>;
}

/** A job as the area that owns its kind reads it: the view with its payload and key. */
export interface JobRecord extends JobView {
  payload: unknown;
  key: string | null;
}

export interface JobListQuery {
  kind: string;
  organisation: string;
  /** One job by its id (answered only if it is of `kind` and in `organisation`). */
  id?: string;
  key?: string;
  states?: readonly JobView['state'][];
  offset?: number;
  limit: number;
}

/** A kind of work as `define` recorded it, defaults applied. */
export interface KindDefinition {
  schema: z.ZodType;
  handler: JobHandler<unknown>;
  maxAttempts: number;
  retry: RetryPolicy;
  routes: readonly AppRouteId[];
}
