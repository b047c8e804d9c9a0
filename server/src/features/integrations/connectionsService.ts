// Connections and their sync jobs: creating a connection from a source's discovered streams,
// schedules, sync now / cancel / reset, and the job handler that runs an attempt on the embedded
// engine through the platform job runner (one sync per connection at a time, retries with
// back-off for failures a retry can fix). Progress goes to the browsers over the live channel;
// a failed sync notifies the organisation through the notifications service.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';
import type {
  BulkAction,
  ConnectionCreate,
  ConnectionUpdate,
  ConnectionView,
  OverviewResponse,
  Schedule,
  StreamProgress,
  StreamSelection,
  SyncJobDetail,
  SyncJobSummary,
} from '@common/integrations/integrationsContract';
import { connectionHealths, JOBS_PAGE_SIZE, SYNC_PROGRESS_EVENT, type ConnectionHealth } from '@common/integrations/integrationsRules';
import { z } from 'zod';
import { HttpError } from '../../platform/http/errors.js';
import type { JobRunner } from '../../platform/jobs/index.js';
import { SYSTEM_ORGANISATION } from '../../platform/jobs/index.js';
import type { LiveChannel } from '../../platform/live/index.js';
import type { NotifyRequest } from '../../platform/notifications/index.js';
import { DuplicateValueError, isUniqueViolation } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { CheckpointWriter, type SyncDestination } from './destination/checkpointWriter.js';
import { streamTable } from './destination/streamColumns.js';
import { maskSecrets } from './engine/connectorProcess.js';
import { runSyncAttempt } from './engine/syncAttempt.js';
import { IntegrationConflictError } from './errors.js';
import {
  attemptsOf,
  connectionById,
  connectionsOf,
  deleteConnection,
  deleteJob,
  dueConnections,
  finishAttempt,
  insertConnection,
  insertJob,
  iso,
  isoOrNull,
  jobById,
  jobByRunnerId,
  jobsOfConnection,
  latestJobs,
  logsOf,
  recentFailures,
  rowsPerDay,
  startAttempt,
  updateConnection,
  updateJob,
  type ConnectionRow,
  type JobRow,
} from './integrationsStore.js';
import { checkSchedule, nextRun } from './schedules.js';
import { checkStreams, configuredCatalog, health, selectedStream, summary } from './connectionRules.js';
import type { Actor, EngineSettings, SourcesService } from './sourcesService.js';
import type { SignalInput } from '@common/signals/signalTypes';

export const SYNC_JOB = 'integrations.sync';
export const SCHEDULE_JOB = 'integrations.schedule';
/** How often due connections are looked for. */
const SCHEDULE_SWEEP_MS = 60_000;
/** An attempt's log is kept up to this size (its end is what explains a failure). */
const LOG_LIMIT = 512 * 1024;

export interface ConnectionsDeps {
  db: StoreDb;
  jobs: JobRunner;
  live: LiveChannel;
  notify(request: NotifyRequest): Promise<unknown>;
  reportSignal?: (signal: SignalInput) => Promise<void>;
  warehouse(organisation: string): Promise<SyncDestination>;
  sources: SourcesService;
  engine: EngineSettings & { maxAttempts: number; retryBaseDelayMs: number };
  log: { info(details: object, message: string): void; warn(details: object, message: string): void; error(details: object, message: string): void };
}

const notFound = (what: string, id: string) => new HttpError(404, 'not_found', `No ${what} "${id}" in your organisation.`);

export function createConnectionsService(deps: ConnectionsDeps) {
  const { db } = deps;

  async function connectionRow(organisation: string, id: string): Promise<ConnectionRow> {
    const row = await connectionById(db, organisation, id);
    if (!row) throw notFound('connection', id);
    return row;
  }

  function toView(row: ConnectionRow, last: SyncJobSummary | undefined, icons: ReadonlyMap<string, string>): ConnectionView {
    return {
      id: row.id,
      name: row.name,
      source: { id: row.source_id, name: row.source_name, definitionId: row.definition_id, icon: icons.get(row.definition_id) ?? 'plug' },
      destinationSchema: row.destination_schema,
      status: row.status,
      health: health(row, last),
      schedule: row.schedule as Schedule,
      streams: row.streams as StreamSelection[],
      lastJob: last ?? null,
      nextSyncAt: row.status === 'active' ? isoOrNull(row.next_sync_at) : null,
      createdAt: iso(row.created_at),
    };
  }

  async function views(organisation: string, search?: string): Promise<ConnectionView[]> {
    const [rows, last, definitions] = await Promise.all([connectionsOf(db, organisation, search), latestJobs(db, organisation), deps.sources.definitions(organisation)]);
    const lastByConnection = new Map(last.map((row) => [row.connection_id, summary(row)]));
    const icons = new Map(definitions.map((definition) => [definition.id, definition.icon]));
    return rows.map((row) => toView(row, lastByConnection.get(row.id), icons));
  }

  async function publish(organisation: string, job: JobRow, attempt: number, progress: { rowsRead: number; rowsCommitted: number; streams: StreamProgress[] }) {
    await deps.live.publish({ organisation, topic: SYNC_PROGRESS_EVENT, data: { jobId: job.id, connectionId: job.connection_id, status: job.status, attempt, ...progress } }).catch(() => undefined);
  }

  /** Queues a sync (or reset) unless one is already queued or running: then that one is answered. */
  async function enqueue(organisation: string, connectionId: string, kind: 'sync' | 'reset', startedBy: string | null, stream?: string): Promise<SyncJobSummary> {
    const jobId = await insertJob(db, { organisation, connectionId, kind, startedBy });
    // For a reset, the stream to reset; for a sync, the stream to read again from the start first.
    const queued = await deps.jobs.enqueue({ kind: SYNC_JOB, organisation, payload: { jobId, ...(stream ? { stream } : {}) }, startedBy, singletonKey: `connection:${connectionId}` });
    if (!queued.created) {
      await deleteJob(db, jobId);
      const existing = await jobByRunnerId(db, organisation, queued.job.id);
      if (existing) return summary(existing);
      throw new IntegrationConflictError('A sync of this connection is already starting; try again in a moment.');
    }
    await updateJob(db, jobId, { runnerJobId: queued.job.id });
    const row = await jobById(db, organisation, jobId);
    if (!row) throw notFound('job', jobId);
    await publish(organisation, row, 0, { rowsRead: 0, rowsCommitted: 0, streams: [] });
    return summary(row);
  }

  /** The job handler: one attempt per call; the runner retries what this throws. */
  async function runJob(context: { organisation: string; payload: { jobId: string; stream?: string }; attempt: number; signal: AbortSignal; progress(update: { fraction: number; message?: string }): void }): Promise<unknown> {
    const { organisation } = context;
    let job = await jobById(db, organisation, context.payload.jobId);
    if (!job) return { skipped: 'the job was deleted with its connection' };
    const connection = await connectionRow(organisation, job.connection_id);
    const now = new Date();
    await updateJob(db, job.id, { status: 'running', ...(job.started_at ? {} : { startedAt: now }) });
    await startAttempt(db, job.id, context.attempt);
    job = (await jobById(db, organisation, job.id)) ?? job;
    const logLines: string[] = [];
    let logSize = 0;
    const log = (line: string) => {
      const text = `${new Date().toISOString()} ${line}`;
      logSize += text.length + 1;
      logLines.push(text);
      while (logSize > LOG_LIMIT && logLines.length > 1) logSize -= (logLines.shift() ?? '').length + 1;
    };

    if (job.kind === 'reset') {
      const stream = context.payload.stream;
      await CheckpointWriter.resetState(await deps.warehouse(organisation), connection.id, stream);
      if (stream) {
        log(`The state of stream ${stream} was reset: the next sync reads it from the start.`);
      } else {
        await updateConnection(db, organisation, connection.id, { generation: connection.generation + 1 });
        log('The connection\'s state was reset: the next sync reads every stream from the start.');
      }
      await finishAttempt(db, job.id, context.attempt, { status: 'succeeded', rows: 0, bytes: 0, failure: null, log: logLines.join('\n') });
      await updateJob(db, job.id, { status: 'succeeded', endedAt: new Date() });
      return { reset: true };
    }

    let prepared;
    try {
      const { config, secrets, command } = await deps.sources.configOf(organisation, connection.source_id);
      const warehouse = await deps.warehouse(organisation);
      prepared = { config, secrets, command, warehouse, catalog: configuredCatalog(connection.streams as StreamSelection[], (connection.catalog as { streams: AirbyteStream[] }).streams) };
    } catch (error) {
      // The sync cannot start at all (secrets unreadable, program gone, streams no longer there, warehouse unreachable): say so on the job.
      const failure = error instanceof Error ? error.message : String(error);
      log(`The sync could not start: ${failure}`);
      await finishAttempt(db, job.id, context.attempt, { status: 'failed', rows: 0, bytes: 0, failure, log: logLines.join('\n') });
      await updateJob(db, job.id, { status: 'failed', failure, endedAt: new Date() });
      return { status: 'failed' };
    }
    const { config, secrets, command, catalog, warehouse } = prepared;
    // "Re-sync a stream": its state is forgotten once, before the first attempt (a retry resumes from this job's checkpoints).
    if (context.payload.stream && context.attempt === 1) {
      await CheckpointWriter.resetState(warehouse, connection.id, context.payload.stream);
      log(`Stream ${context.payload.stream} is read again from the start.`);
    }
    log(`Attempt ${context.attempt}: reading ${catalog.streams.length} stream(s) from ${connection.source_name} into schema ${connection.destination_schema}.`);
    let lastPublished = 0;
    const outcome = await runSyncAttempt({
      source: command,
      config,
      secrets,
      catalog,
      warehouse,
      connectionId: connection.id,
      defaultSchema: connection.destination_schema,
      generationId: connection.generation,
      timeoutMs: deps.engine.readTimeoutMs,
      memoryLimitMb: deps.engine.memoryLimitMb,
      signal: context.signal,
      onLog: (line) => log(`${line.level} ${maskSecrets(line.message, secrets)}`),
      onProgress: (progress) => {
        const estimate = progress.streams.reduce((sum, stream) => sum + (stream.rowEstimate ?? 0), 0);
        context.progress({ fraction: estimate > 0 ? Math.min(0.99, progress.rowsRead / estimate) : 0, message: `${progress.rowsCommitted} rows committed` });
        // At most a few messages a second reach the browsers.
        if (Date.now() - lastPublished > 250) {
          lastPublished = Date.now();
          void publish(organisation, job, context.attempt, progress);
        }
      },
    });
    const previous = await jobById(db, organisation, job.id);
    const rowsSynced = Number(previous?.rows_synced ?? 0) + outcome.rowsCommitted;
    const bytesSynced = Number(previous?.bytes_synced ?? 0) + outcome.bytesCommitted;
    const failure = outcome.failure?.message ?? null;
    if (failure) log(`Attempt ${context.attempt} ${outcome.status}: ${failure}`);
    else log(`Attempt ${context.attempt} succeeded: ${outcome.rowsCommitted} rows committed.`);
    await finishAttempt(db, job.id, context.attempt, { status: outcome.status, rows: outcome.rowsCommitted, bytes: outcome.bytesCommitted, failure, log: logLines.join('\n') });
    const retry = outcome.status === 'failed' && outcome.failure?.retryable === true && context.attempt < deps.engine.maxAttempts;
    const status = retry ? 'incomplete' : outcome.status;
    await updateJob(db, job.id, { status, rowsSynced, bytesSynced, streams: outcome.streams, failure, ...(retry ? {} : { endedAt: new Date() }) });
    const finished = (await jobById(db, organisation, job.id)) ?? job;
    await publish(organisation, finished, context.attempt, { rowsRead: outcome.streams.reduce((sum, stream) => sum + stream.rowsRead, 0), rowsCommitted: outcome.rowsCommitted, streams: outcome.streams });
    if (retry) throw new Error(failure ?? 'The attempt failed.');
    if (outcome.status === 'failed') {
      await deps
        .notify({
          organisation,
          audience: 'organisation',
          type: 'connector_sync_failure',
          title: `Sync of ${connection.name} failed`,
          body: `${failure ?? 'The sync failed.'} Rows committed before the failure are kept; the next sync resumes from there.`,
          link: `/app/integrations/manage-connectors?connection=${encodeURIComponent(connection.id)}`,
        })
        .catch((error: unknown) => deps.log.warn({ err: error, connection: connection.id }, 'could not notify a sync failure'));
      void deps.reportSignal?.({
        organisation,
        kind: 'connector_sync_failure',
        title: `Sync of ${connection.name} failed`,
        body: failure ?? 'The sync failed.',
        link: `/app/integrations/manage-connectors?connection=${encodeURIComponent(connection.id)}`,
        facts: { connectionId: connection.id, jobId: job.id, attempts: context.attempt },
      });
    }
    return { status: outcome.status, rowsCommitted: outcome.rowsCommitted };
  }

  /** Enqueues the syncs that are due and moves each connection's next run on. */
  async function sweep(): Promise<unknown> {
    const now = new Date();
    const due = await dueConnections(db, now, 100);
    for (const connection of due) {
      const next = nextRun(connection.schedule as Schedule, now);
      await updateConnection(db, connection.organisation_id, connection.id, { nextSyncAt: next });
      await enqueue(connection.organisation_id, connection.id, 'sync', null).catch((error: unknown) => deps.log.warn({ err: error, connection: connection.id }, 'could not start a scheduled sync'));
    }
    return { started: due.length };
  }

  return {
    async start(): Promise<void> {
      deps.jobs.define(SYNC_JOB, runJob, { payload: z.object({ jobId: z.string(), stream: z.string().optional() }), maxAttempts: deps.engine.maxAttempts, retryBaseDelayMs: deps.engine.retryBaseDelayMs });
      deps.jobs.define(SCHEDULE_JOB, () => sweep(), { payload: z.object({}), maxAttempts: 1 });
      await deps.jobs.schedule({ name: SCHEDULE_JOB, kind: SCHEDULE_JOB, organisation: SYSTEM_ORGANISATION, every: SCHEDULE_SWEEP_MS, payload: {} });
    },

    sweep,

    async list(organisation: string, query: { search?: string; health?: ConnectionHealth }) {
      const all = await views(organisation, query.search || undefined);
      const counts = Object.fromEntries(connectionHealths.map((name) => [name, 0])) as Record<ConnectionHealth, number>;
      for (const connection of all) counts[connection.health] += 1;
      return { connections: query.health ? all.filter((connection) => connection.health === query.health) : all, counts };
    },

    async get(organisation: string, id: string): Promise<ConnectionView> {
      const found = (await views(organisation)).find((connection) => connection.id === id);
      if (!found) throw notFound('connection', id);
      return found;
    },

    async create(actor: Actor, body: ConnectionCreate): Promise<ConnectionView> {
      checkSchedule(body.schedule);
      const catalog = await deps.sources.discover(actor.organisation, body.sourceId);
      checkStreams(body.streams, catalog.streams, body.destinationSchema);
      try {
        const id = await insertConnection(db, {
          organisation: actor.organisation,
          name: body.name,
          sourceId: body.sourceId,
          destinationSchema: streamTable({ name: 'check', namespace: body.destinationSchema }, body.destinationSchema).schema,
          schedule: body.schedule,
          streams: body.streams,
          catalog,
          nextSyncAt: nextRun(body.schedule, new Date()),
          createdBy: actor.subject,
        });
        return this.get(actor.organisation, id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateValueError('name', `A connection named "${body.name}" already exists.`);
        throw error;
      }
    },

    async update(actor: Actor, id: string, body: ConnectionUpdate): Promise<ConnectionView> {
      const row = await connectionRow(actor.organisation, id);
      if (body.schedule) checkSchedule(body.schedule);
      if (body.streams) checkStreams(body.streams, (row.catalog as { streams: AirbyteStream[] }).streams, row.destination_schema);
      const schedule = body.schedule ?? (row.schedule as Schedule);
      const status = body.status ?? row.status;
      const reschedule = body.schedule !== undefined || (body.status === 'active' && row.status === 'paused');
      try {
        await updateConnection(db, actor.organisation, id, {
          name: body.name,
          status: body.status,
          schedule: body.schedule,
          streams: body.streams,
          ...(reschedule ? { nextSyncAt: status === 'active' ? nextRun(schedule, new Date()) : null } : {}),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateValueError('name', `A connection named "${body.name ?? ''}" already exists.`);
        throw error;
      }
      return this.get(actor.organisation, id);
    },

    /** Re-reads the source's streams (new fields, new streams) for the Schema tab. */
    async refreshSchema(actor: Actor, id: string): Promise<ConnectionView> {
      const row = await connectionRow(actor.organisation, id);
      const catalog = await deps.sources.discover(actor.organisation, row.source_id);
      await updateConnection(db, actor.organisation, id, { catalog });
      return this.get(actor.organisation, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const row = await connectionRow(actor.organisation, id);
      const last = (await latestJobs(db, actor.organisation)).find((job) => job.connection_id === id);
      if (last?.runner_job_id && ['pending', 'running', 'incomplete'].includes(last.status)) await deps.jobs.cancel(last.runner_job_id, actor.organisation);
      await deleteConnection(db, actor.organisation, row.id);
    },

    /** Sync now; with `restartStream` (`namespace.name`), that stream is read again from the start. */
    async sync(actor: Actor, id: string, restartStream?: string): Promise<SyncJobSummary> {
      const row = await connectionRow(actor.organisation, id);
      if (restartStream) selectedStream(row, restartStream);
      return enqueue(actor.organisation, row.id, 'sync', actor.subject, restartStream);
    },

    /** Forgets where the connection's streams (or one stream, `namespace.name`) stopped: the next sync reads from the start. */
    async reset(actor: Actor, id: string, stream?: string): Promise<SyncJobSummary> {
      const row = await connectionRow(actor.organisation, id);
      if (stream) selectedStream(row, stream);
      return enqueue(actor.organisation, row.id, 'reset', actor.subject, stream);
    },

    async bulk(actor: Actor, request: BulkAction) {
      const done: string[] = [];
      const skipped: Array<{ id: string; reason: string }> = [];
      for (const id of [...new Set(request.ids)]) {
        try {
          if (request.action === 'sync') await this.sync(actor, id);
          else await this.update(actor, id, { status: request.action === 'pause' ? 'paused' : 'active' });
          done.push(id);
        } catch (error) {
          skipped.push({ id, reason: error instanceof Error ? error.message : String(error) });
        }
      }
      return { done, skipped };
    },

    async jobs(organisation: string, connectionId: string, page: number) {
      await connectionRow(organisation, connectionId);
      const rows = await jobsOfConnection(db, organisation, connectionId, (page - 1) * JOBS_PAGE_SIZE, JOBS_PAGE_SIZE + 1);
      return { jobs: rows.slice(0, JOBS_PAGE_SIZE).map(summary), hasMore: rows.length > JOBS_PAGE_SIZE };
    },

    async job(organisation: string, id: string): Promise<SyncJobDetail> {
      const row = await jobById(db, organisation, id);
      if (!row) throw notFound('job', id);
      const attempts = await attemptsOf(db, id);
      return {
        ...summary(row),
        streams: (row.streams as StreamProgress[] | null) ?? [],
        attemptList: attempts.map((attempt) => ({
          number: attempt.number,
          status: attempt.status,
          startedAt: iso(attempt.started_at),
          endedAt: isoOrNull(attempt.ended_at),
          rowsCommitted: Number(attempt.rows_committed),
          bytesCommitted: Number(attempt.bytes_committed),
          failure: attempt.failure,
        })),
      };
    },

    async logs(organisation: string, id: string): Promise<string> {
      const row = await jobById(db, organisation, id);
      if (!row) throw notFound('job', id);
      const attempts = await logsOf(db, id);
      return attempts.map((attempt) => `=== Attempt ${attempt.number} (${iso(attempt.started_at)}) ===\n${attempt.log}\n`).join('\n');
    },

    async cancel(organisation: string, id: string): Promise<SyncJobSummary> {
      const row = await jobById(db, organisation, id);
      if (!row) throw notFound('job', id);
      if (!['pending', 'running', 'incomplete'].includes(row.status)) throw new IntegrationConflictError(`The job has already ${row.status === 'cancelled' ? 'been cancelled' : row.status}.`);
      if (row.runner_job_id) await deps.jobs.cancel(row.runner_job_id, organisation);
      // A queued job never starts, so it is settled here; a running one settles when its attempt stops.
      if (row.status === 'pending' || row.status === 'incomplete') await updateJob(db, row.id, { status: 'cancelled', endedAt: new Date(), failure: 'Cancelled before it ran.' });
      return summary((await jobById(db, organisation, id)) ?? row);
    },

    async overview(organisation: string): Promise<OverviewResponse> {
      const { counts } = await this.list(organisation, {});
      const since = new Date(Date.now() - 29 * 86_400_000);
      since.setUTCHours(0, 0, 0, 0);
      const perDay = await rowsPerDay(db, organisation, since);
      const rowsPerDayList = Array.from({ length: 30 }, (_, index) => {
        const day = new Date(since.getTime() + index * 86_400_000).toISOString().slice(0, 10);
        return { day, rows: perDay.get(day) ?? 0 };
      });
      const failures = await recentFailures(db, organisation, 10);
      return { counts, rowsPerDay: rowsPerDayList, recentFailures: failures.map((row) => ({ ...summary(row), connectionName: row.connection_name })) };
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
