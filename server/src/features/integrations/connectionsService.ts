// Connections and their sync jobs: creating a connection from a source's discovered streams,
// schedules, sync now / cancel / reset, on the platform job runner (one sync per connection at a
// time, retries with back-off for failures a retry can fix). A sync job is the runner's own
// record; what one attempt does is in syncJob.ts. Progress goes to the browsers on the runner's
// `job` live topic.
//
// This file holds the service's changes; what the pages read is connectionViews.ts, and queuing
// syncs (sync now, the platform schedules) is syncQueue.ts.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';
import type {
  BulkAction,
  ConnectionCreate,
  ConnectionUpdate,
  ConnectionView,
  OverviewResponse,
  Schedule,
  SyncJobDetail,
  SyncJobSummary,
} from '@common/integrations/integrationsContract';
import { connectionHealths, INTEGRATIONS_PAGES, SYNC_JOB_KIND, type ConnectionHealth } from '@common/integrations/integrationsRules';
import { DomainError } from '../../platform/errors/domainError.js';
import { HttpError } from '../../platform/http/errors.js';
import type { JobRunner } from '../../platform/jobs/index.js';
import { DuplicateValueError, isUniqueViolation } from '../../platform/store/errors.js';
import { streamSchema } from './destination/streamColumns.js';
import { IntegrationConflictError } from './errors.js';
import {
  connectionViews,
  connectionsOverview,
  findConnectionRow,
  notFound,
  syncJobDetail,
  syncJobLogs,
  syncJobPage,
} from './connectionViews.js';
import { deleteConnection, insertConnection, updateConnection, type ConnectionRow } from './connectionsStore.js';
import { checkSchedule } from './schedules.js';
import { createSyncJob, type SyncJobDeps } from './syncJob.js';
import { createSyncQueue } from './syncQueue.js';
import { createSyncRecords, syncPayload } from './syncRecords.js';
import type { AirbyteConnectionInput, AirbytePlacement } from './airbyte/airbyteEngine.js';
import { checkStreams, selectedStream } from './connectionRules.js';
import type { Actor } from './sourcesService.js';

export interface ConnectionsDeps extends SyncJobDeps {
  jobs: JobRunner;
}

const UNFINISHED = ['pending', 'running', 'incomplete'];

/** A refusal of the new source a connection brings, naming its field within the request (`source.name`, `source.config.x`). */
function asSourceError(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.answer.field === undefined) return error;
  return new DomainError(error.message, { ...error.answer, field: `source.${error.answer.field}` });
}

export function createConnectionsService(deps: ConnectionsDeps) {
  const { db } = deps;
  const records = createSyncRecords(db, deps.jobs);
  const queue = createSyncQueue({ jobs: deps.jobs, records });
  const { enqueue } = queue;
  const viewDeps = { db, sources: deps.sources, records, queue };

  const connectionRow = (organisation: string, id: string): Promise<ConnectionRow> => findConnectionRow(db, organisation, id);
  const views = (organisation: string, search?: string): Promise<ConnectionView[]> => connectionViews(viewDeps, organisation, search);

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

  async function get(organisation: string, id: string): Promise<ConnectionView> {
    const found = (await views(organisation)).find((connection) => connection.id === id);
    if (!found) throw notFound('connection', id);
    return found;
  }

  /** A connection from the saved source `sourceId` (the schedule already checked). */
  async function createFrom(actor: Actor, body: ConnectionCreate, sourceId: string): Promise<ConnectionView> {
    const catalog = await deps.sources.discover(actor.organisation, sourceId);
    const destinationSchema = streamSchema(body.destinationSchema, 'destinationSchema');
    checkStreams(body.streams, catalog.streams, body.destinationSchema);
    // With an Airbyte instance configured, a connection Airbyte can run the same way is made there.
    const airbyte = deps.airbyte?.engine;
    let input: AirbyteConnectionInput | null = null;
    let placed: AirbytePlacement | null = null;
    if (airbyte) {
      const { row: source, config } = await deps.sources.configOf(actor.organisation, sourceId);
      input = { name: body.name, definitionId: source.definition_id, config, streams: body.streams, destinationSchema };
      placed = await airbyte.placement(actor.organisation, input);
      if (!placed.onAirbyte) deps.log.info({ source: sourceId, reason: placed.reason }, 'connection stays on the embedded engine');
    }
    let id: string;
    try {
      id = await insertConnection(db, {
        organisation: actor.organisation,
        name: body.name,
        sourceId: sourceId,
        destinationSchema,
        schedule: body.schedule,
        streams: body.streams,
        catalog,
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
    await queue.applySchedule({ id, organisation: actor.organisation, schedule: body.schedule, status: 'active' });
    return get(actor.organisation, id);
  }

  return {
    /** Defines the sync job kind; call before the job runner starts. */
    start(): void {
      deps.jobs.define(SYNC_JOB_KIND, createSyncJob(deps, { connectionRow }), {
        payload: syncPayload,
        maxAttempts: deps.engine.maxAttempts,
        retryBaseDelayMs: deps.engine.retryBaseDelayMs,
        routes: INTEGRATIONS_PAGES,
      });
    },

    async list(organisation: string, query: { search?: string; health?: ConnectionHealth }) {
      const all = await views(organisation, query.search || undefined);
      const counts = Object.fromEntries(connectionHealths.map((name) => [name, 0])) as Record<ConnectionHealth, number>;
      for (const connection of all) counts[connection.health] += 1;
      return { connections: query.health ? all.filter((connection) => connection.health === query.health) : all, counts };
    },

    get,

    /**
     * Makes a connection from a saved source (`sourceId`) or from a new one (`source`), which is
     * saved with it: if the connection cannot be made, the new source is removed again, so an
     * abandoned or refused set-up leaves no source behind.
     */
    async create(actor: Actor, body: ConnectionCreate): Promise<ConnectionView> {
      checkSchedule(body.schedule);
      if (body.sourceId) return createFrom(actor, body, body.sourceId);
      if (!body.source) throw new HttpError(400, 'invalid_request', 'Give the id of a saved source or a new source.', 'sourceId');
      const source = await deps.sources.create(actor, body.source).catch((error: unknown) => {
        throw asSourceError(error);
      });
      try {
        return await createFrom(actor, body, source.id);
      } catch (error) {
        await deps.sources.remove(actor, source.id).catch((cleanup: unknown) => {
          deps.log.warn({ source: source.id, error: String(cleanup) }, 'a new source whose connection failed could not be removed');
        });
        throw error;
      }
    },

    async update(actor: Actor, id: string, body: ConnectionUpdate): Promise<ConnectionView> {
      const row = await connectionRow(actor.organisation, id);
      if (body.schedule) checkSchedule(body.schedule);
      if (body.streams) checkStreams(body.streams, (row.catalog as { streams: AirbyteStream[] }).streams, row.destination_schema);
      const schedule = body.schedule ?? (row.schedule as Schedule);
      const status = body.status ?? row.status;
      const reschedule = body.schedule !== undefined || (body.status !== undefined && body.status !== row.status);
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
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateValueError('name', `A connection named "${body.name ?? ''}" already exists.`);
        throw error;
      }
      if (reschedule) await queue.applySchedule({ id, organisation: actor.organisation, schedule, status });
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
      const last = (await records.latestByConnection(actor.organisation)).get(id);
      if (last && UNFINISHED.includes(last.status)) await deps.jobs.cancel(last.id, actor.organisation);
      // Deleted in Airbyte first: if Airbyte cannot be reached, the connection stays, so nothing is left behind unseen.
      const ids = airbyteIds(row);
      if (deps.airbyte && ids) await deps.airbyte.engine.remove(ids);
      else if (ids)
        deps.log.warn(
          { connection: row.id, airbyteConnection: ids.connectionId },
          'connection deleted while no Airbyte is configured: its Airbyte connection and source remain there',
        );
      await deleteConnection(db, actor.organisation, row.id);
      await queue.forget(actor.organisation, row.id);
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
      return syncJobPage(records, organisation, connectionId, page);
    },

    job: (organisation: string, id: string): Promise<SyncJobDetail> => syncJobDetail(viewDeps, organisation, id),

    logs: (organisation: string, id: string): Promise<string> => syncJobLogs(viewDeps, organisation, id),

    async cancel(organisation: string, id: string): Promise<SyncJobSummary> {
      const found = await records.get(organisation, id);
      if (!found) throw notFound('job', id);
      const { status } = found.summary;
      if (!UNFINISHED.includes(status))
        throw new IntegrationConflictError(`The job has already ${status === 'cancelled' ? 'been cancelled' : status}.`);
      // A queued job ends at once; a running one stops at its next look at the signal and settles then.
      await deps.jobs.cancel(id, organisation);
      return (await records.get(organisation, id))?.summary ?? found.summary;
    },

    async overview(organisation: string): Promise<OverviewResponse> {
      const { counts } = await this.list(organisation, {});
      return connectionsOverview(viewDeps, organisation, counts);
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
