// Connections and their sync jobs: creating a connection from a source's discovered streams,
// schedules, sync now / cancel / reset, on the platform job runner (one sync per connection at a
// time, retries with back-off for failures a retry can fix). What one attempt does is in
// syncJob.ts. Progress goes to the browsers over the live channel.
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
import {
  connectionHealths,
  INTEGRATIONS_PAGES,
  JOBS_PAGE_SIZE,
  SYNC_PROGRESS_EVENT,
  type ConnectionHealth,
} from '@common/integrations/integrationsRules';
import { z } from 'zod';
import { HttpError } from '../../platform/http/errors.js';
import type { JobRunner } from '../../platform/jobs/index.js';
import { SYSTEM_ORGANISATION } from '../../platform/jobs/index.js';
import type { LiveChannel } from '../../platform/live/index.js';
import { DuplicateValueError, isUniqueViolation } from '../../platform/store/errors.js';
import { streamSchema } from './destination/streamColumns.js';
import { IntegrationConflictError } from './errors.js';
import {
  attemptsOf,
  connectionById,
  connectionsOf,
  deleteConnection,
  deleteJob,
  dueConnections,
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
  updateConnection,
  updateJob,
  type ConnectionRow,
  type JobRow,
} from './integrationsStore.js';
import { checkSchedule, nextRun } from './schedules.js';
import { createSyncJob, type SyncJobDeps } from './syncJob.js';
import type { AirbyteConnectionInput, AirbytePlacement } from './airbyte/airbyteEngine.js';
import { checkStreams, health, selectedStream, summary } from './connectionRules.js';
import type { Actor } from './sourcesService.js';

export const SYNC_JOB = 'integrations.sync';
export const SCHEDULE_JOB = 'integrations.schedule';
/** How often due connections are looked for. */
const SCHEDULE_SWEEP_MS = 60_000;

export interface ConnectionsDeps extends SyncJobDeps {
  jobs: JobRunner;
  live: LiveChannel;
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
      engine: row.engine,
    };
  }

  async function views(organisation: string, search?: string): Promise<ConnectionView[]> {
    const [rows, last, definitions] = await Promise.all([
      connectionsOf(db, organisation, search),
      latestJobs(db, organisation),
      deps.sources.definitions(organisation),
    ]);
    const lastByConnection = new Map(last.map((row) => [row.connection_id, summary(row)]));
    const icons = new Map(definitions.map((definition) => [definition.id, definition.icon]));
    return rows.map((row) => toView(row, lastByConnection.get(row.id), icons));
  }

  const airbyteIds = (row: ConnectionRow) =>
    row.airbyte_source_id && row.airbyte_connection_id
      ? { sourceId: row.airbyte_source_id, connectionId: row.airbyte_connection_id }
      : null;

  /** Per-stream resets need Airbyte's internal API; its public API resets whole connections only. */
  function refuseStreamOnAirbyte(row: ConnectionRow, what: string) {
    if (row.engine === 'airbyte')
      throw new IntegrationConflictError(
        `This connection runs on Airbyte, whose public API cannot ${what} one stream; reset the whole connection instead.`,
      );
  }

  async function publish(
    organisation: string,
    job: JobRow,
    attempt: number,
    progress: { rowsRead: number; rowsCommitted: number; streams: StreamProgress[] },
  ) {
    await deps.live
      .publish({
        organisation,
        topic: SYNC_PROGRESS_EVENT,
        routes: INTEGRATIONS_PAGES,
        alsoUserId: job.started_by,
        data: { jobId: job.id, connectionId: job.connection_id, status: job.status, attempt, ...progress },
      })
      .catch(() => undefined);
  }

  /** Queues a sync (or reset) unless one is already queued or running: then that one is answered. */
  async function enqueue(
    organisation: string,
    connectionId: string,
    kind: 'sync' | 'reset',
    startedBy: string | null,
    stream?: string,
  ): Promise<SyncJobSummary> {
    const jobId = await insertJob(db, { organisation, connectionId, kind, startedBy });
    // For a reset, the stream to reset; for a sync, the stream to read again from the start first.
    const queued = await deps.jobs.enqueue({
      kind: SYNC_JOB,
      organisation,
      payload: { jobId, ...(stream ? { stream } : {}) },
      startedBy,
      singletonKey: `connection:${connectionId}`,
    });
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

  /** Enqueues the syncs that are due and moves each connection's next run on. */
  async function sweep(): Promise<unknown> {
    const now = new Date();
    const due = await dueConnections(db, now, 100);
    for (const connection of due) {
      const next = nextRun(connection.schedule as Schedule, now);
      await updateConnection(db, connection.organisation_id, connection.id, { nextSyncAt: next });
      await enqueue(connection.organisation_id, connection.id, 'sync', null).catch((error: unknown) =>
        deps.log.warn({ err: error, connection: connection.id }, 'could not start a scheduled sync'),
      );
    }
    return { started: due.length };
  }

  return {
    async start(): Promise<void> {
      deps.jobs.define(SYNC_JOB, createSyncJob(deps, { connectionRow, publish }), {
        payload: z.object({ jobId: z.string(), stream: z.string().optional() }),
        maxAttempts: deps.engine.maxAttempts,
        retryBaseDelayMs: deps.engine.retryBaseDelayMs,
        routes: INTEGRATIONS_PAGES,
      });
      deps.jobs.define(SCHEDULE_JOB, () => sweep(), { payload: z.object({}), maxAttempts: 1 });
      await deps.jobs.schedule({
        name: SCHEDULE_JOB,
        kind: SCHEDULE_JOB,
        organisation: SYSTEM_ORGANISATION,
        every: SCHEDULE_SWEEP_MS,
        payload: {},
      });
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
      const destinationSchema = streamSchema(body.destinationSchema, 'destinationSchema');
      checkStreams(body.streams, catalog.streams, body.destinationSchema);
      // With an Airbyte instance configured, a connection Airbyte can run the same way is made there.
      const airbyte = deps.airbyte?.engine;
      let input: AirbyteConnectionInput | null = null;
      let placed: AirbytePlacement | null = null;
      if (airbyte) {
        const { row: source, config } = await deps.sources.configOf(actor.organisation, body.sourceId);
        input = { name: body.name, definitionId: source.definition_id, config, streams: body.streams, destinationSchema };
        placed = await airbyte.placement(actor.organisation, input);
        if (!placed.onAirbyte) deps.log.info({ source: body.sourceId, reason: placed.reason }, 'connection stays on the embedded engine');
      }
      let id: string;
      try {
        id = await insertConnection(db, {
          organisation: actor.organisation,
          name: body.name,
          sourceId: body.sourceId,
          destinationSchema,
          schedule: body.schedule,
          streams: body.streams,
          catalog,
          nextSyncAt: nextRun(body.schedule, new Date()),
          createdBy: actor.subject,
          engine: placed?.onAirbyte ? 'airbyte' : 'embedded',
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateValueError('name', `A connection named "${body.name}" already exists.`);
        throw error;
      }
      if (airbyte && input && placed?.onAirbyte) {
        try {
          const ids = await airbyte.create(actor.organisation, input, placed, id);
          await updateConnection(db, actor.organisation, id, { airbyteSourceId: ids.sourceId, airbyteConnectionId: ids.connectionId });
        } catch (error) {
          // Airbyte refused or could not be reached: the portal keeps no connection Airbyte does not have.
          await deleteConnection(db, actor.organisation, id);
          throw error;
        }
      }
      return this.get(actor.organisation, id);
    },

    async update(actor: Actor, id: string, body: ConnectionUpdate): Promise<ConnectionView> {
      const row = await connectionRow(actor.organisation, id);
      if (body.schedule) checkSchedule(body.schedule);
      if (body.streams) checkStreams(body.streams, (row.catalog as { streams: AirbyteStream[] }).streams, row.destination_schema);
      const schedule = body.schedule ?? (row.schedule as Schedule);
      const status = body.status ?? row.status;
      const reschedule = body.schedule !== undefined || (body.status === 'active' && row.status === 'paused');
      // Airbyte's copy changes first: if Airbyte refuses, the portal's stays as it was.
      const ids = airbyteIds(row);
      if (deps.airbyte && ids) {
        if (body.streams) {
          const { config } = await deps.sources.configOf(actor.organisation, row.source_id);
          await deps.airbyte.engine.reconcile(
            actor.organisation,
            ids,
            {
              name: body.name ?? row.name,
              definitionId: row.definition_id,
              config,
              streams: body.streams,
              destinationSchema: row.destination_schema,
            },
            row.id,
          );
        }
        if (body.status && body.status !== row.status) await deps.airbyte.engine.setStatus(ids, body.status);
      }
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
      if (last?.runner_job_id && ['pending', 'running', 'incomplete'].includes(last.status))
        await deps.jobs.cancel(last.runner_job_id, actor.organisation);
      // Deleted in Airbyte first: if Airbyte cannot be reached, the connection stays, so nothing is left behind unseen.
      const ids = airbyteIds(row);
      if (deps.airbyte && ids) await deps.airbyte.engine.remove(ids);
      else if (ids)
        deps.log.warn(
          { connection: row.id, airbyteConnection: ids.connectionId },
          'connection deleted while no Airbyte is configured: its Airbyte connection and source remain there',
        );
      await deleteConnection(db, actor.organisation, row.id);
    },

    /** Sync now; with `restartStream` (`namespace.name`), that stream is read again from the start. */
    async sync(actor: Actor, id: string, restartStream?: string): Promise<SyncJobSummary> {
      const row = await connectionRow(actor.organisation, id);
      if (restartStream) {
        selectedStream(row, restartStream);
        refuseStreamOnAirbyte(row, 're-sync');
      }
      return enqueue(actor.organisation, row.id, 'sync', actor.subject, restartStream);
    },

    /** Forgets where the connection's streams (or one stream, `namespace.name`) stopped: the next sync reads from the start. */
    async reset(actor: Actor, id: string, stream?: string): Promise<SyncJobSummary> {
      const row = await connectionRow(actor.organisation, id);
      if (stream) {
        selectedStream(row, stream);
        refuseStreamOnAirbyte(row, 'reset');
      }
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
      if (!['pending', 'running', 'incomplete'].includes(row.status))
        throw new IntegrationConflictError(`The job has already ${row.status === 'cancelled' ? 'been cancelled' : row.status}.`);
      if (row.runner_job_id) await deps.jobs.cancel(row.runner_job_id, organisation);
      // A queued job never starts, so it is settled here; a running one settles when its attempt stops.
      if (row.status === 'pending' || row.status === 'incomplete')
        await updateJob(db, row.id, { status: 'cancelled', endedAt: new Date(), failure: 'Cancelled before it ran.' });
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
      return {
        counts,
        rowsPerDay: rowsPerDayList,
        recentFailures: failures.map((row) => ({ ...summary(row), connectionName: row.connection_name })),
      };
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
