// One attempt of a connection's sync (or reset) job, as the platform job
// runner calls it: prepares the source's config and the warehouse, runs the attempt, keeps its
// log, records rows and bytes on the job, and on a final failure notifies the organisation and
// reports a signal. Throwing asks the runner for another attempt (with back-off); a failure a
// retry cannot fix returns instead. A connection on the scale-out engine is run by
// airbyteSyncJob.ts instead; this file runs the embedded engine's attempt.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';
import type { StreamProgress, StreamSelection } from '@common/integrations/integrationsContract';
import type { NotifyRequest } from '../../platform/notifications/index.js';
import type { AirbyteEngine } from './airbyte/airbyteEngine.js';
import { runAirbyteAttempt } from './airbyteSyncJob.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { configuredCatalog } from './connectionRules.js';
import { CheckpointWriter, type SyncDestination } from './destination/checkpointWriter.js';
import { maskSecrets } from './engine/connectorProcess.js';
import { runSyncAttempt } from './engine/syncAttempt.js';
import { finishAttempt, jobById, startAttempt, updateConnection, updateJob, type ConnectionRow, type JobRow } from './integrationsStore.js';
import type { EngineSettings, SourcesService } from './sourcesService.js';
import type { ReportSignal } from '../../platform/signals/index.js';

/** An attempt's log is kept up to this size (its end is what explains a failure). */
const LOG_LIMIT = 512 * 1024;

/** What an attempt needs from the area (the connection service's dependencies include these). */
export interface SyncJobDeps {
  db: StoreDb;
  notify(request: NotifyRequest): Promise<unknown>;
  reportSignal?: ReportSignal;
  warehouse(organisation: string): Promise<SyncDestination>;
  sources: SourcesService;
  engine: EngineSettings & { maxAttempts: number; retryBaseDelayMs: number };
  /** The scale-out engine, when an Airbyte instance is configured; `pollMs` is how often its jobs are asked how they stand. */
  airbyte?: { engine: AirbyteEngine; pollMs: number };
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

export interface SyncJobContext {
  organisation: string;
  payload: { jobId: string; stream?: string };
  attempt: number;
  signal: AbortSignal;
  progress(update: { fraction: number; message?: string }): void;
}

export interface SyncJobHelpers {
  connectionRow(organisation: string, id: string): Promise<ConnectionRow>;
  publish(
    organisation: string,
    job: JobRow,
    attempt: number,
    progress: { rowsRead: number; rowsCommitted: number; streams: StreamProgress[] },
  ): Promise<void>;
}

/** The job handler: one attempt per call; the runner retries what this throws. */
export function createSyncJob(deps: SyncJobDeps, { connectionRow, publish }: SyncJobHelpers) {
  const { db } = deps;

  /** A final failure: the organisation is notified and the catalog's alert rules get a signal. */
  async function reportFailure(
    organisation: string,
    connection: ConnectionRow,
    job: JobRow,
    attempts: number,
    failure: string,
  ): Promise<void> {
    const link = `/app/integrations/manage-connectors?connection=${encodeURIComponent(connection.id)}`;
    await deps
      .notify({
        organisation,
        audience: 'organisation',
        type: 'connector_sync_failure',
        title: `Sync of ${connection.name} failed`,
        body: `${failure} Rows committed before the failure are kept; the next sync resumes from there.`,
        link,
      })
      .catch((error: unknown) => deps.log.warn({ err: error, connection: connection.id }, 'could not notify a sync failure'));
    void deps.reportSignal?.({
      organisation,
      kind: 'connector_sync_failure',
      title: `Sync of ${connection.name} failed`,
      body: failure,
      link,
      facts: { connectionId: connection.id, jobId: job.id, attempts },
    });
  }

  return async function runJob(context: SyncJobContext): Promise<unknown> {
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
    // The source's secrets, once read: masked in every line of the log and every failure text,
    // whatever wrote them (the connector, the warehouse, Airbyte).
    let knownSecrets: readonly string[] = [];
    const mask = (text: string) => maskSecrets(text, knownSecrets);
    const log = (line: string) => {
      const text = `${new Date().toISOString()} ${mask(line)}`;
      logSize += text.length + 1;
      logLines.push(text);
      while (logSize > LOG_LIMIT && logLines.length > 1) logSize -= (logLines.shift() ?? '').length + 1;
    };

    if (connection.engine === 'airbyte') {
      return runAirbyteAttempt(
        {
          db,
          engine: deps.airbyte?.engine,
          sources: deps.sources,
          pollMs: deps.airbyte?.pollMs ?? 5_000,
          maxAttempts: deps.engine.maxAttempts,
        },
        {
          organisation,
          attempt: context.attempt,
          signal: context.signal,
          job,
          connection,
          log,
          logText: () => logLines.join('\n'),
          useSecrets: (secrets) => {
            knownSecrets = secrets;
          },
          mask,
          publish: (row, progress) => publish(organisation, row, context.attempt, { ...progress, streams: [] }),
          reportFailure: (failure) => reportFailure(organisation, connection, job, context.attempt, failure),
        },
      );
    }

    if (job.kind === 'reset') {
      const stream = context.payload.stream;
      await CheckpointWriter.resetState(await deps.warehouse(organisation), connection.id, stream);
      if (stream) {
        log(`The state of stream ${stream} was reset: the next sync reads it from the start.`);
      } else {
        await updateConnection(db, organisation, connection.id, { generation: connection.generation + 1 });
        log("The connection's state was reset: the next sync reads every stream from the start.");
      }
      await finishAttempt(db, job.id, context.attempt, { status: 'succeeded', rows: 0, bytes: 0, failure: null, log: logLines.join('\n') });
      await updateJob(db, job.id, { status: 'succeeded', endedAt: new Date() });
      return { reset: true };
    }

    let prepared;
    try {
      const { config, secrets, command } = await deps.sources.configOf(organisation, connection.source_id);
      knownSecrets = secrets;
      const warehouse = await deps.warehouse(organisation);
      prepared = {
        config,
        secrets,
        command,
        warehouse,
        catalog: configuredCatalog(connection.streams as StreamSelection[], (connection.catalog as { streams: AirbyteStream[] }).streams),
      };
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
    log(
      `Attempt ${context.attempt}: reading ${catalog.streams.length} stream(s) from ${connection.source_name} into schema ${connection.destination_schema}.`,
    );
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
        context.progress({
          fraction: estimate > 0 ? Math.min(0.99, progress.rowsRead / estimate) : 0,
          message: `${progress.rowsCommitted} rows committed`,
        });
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
    // The attempt's failure (and its cause) come with the secrets masked already (syncAttempt.ts).
    const failure = outcome.failure?.message ?? null;
    // The engine's own error behind a warehouse that could not be prepared goes to the portal's
    // log (it may name internal objects), so an operator sees why every sync fails.
    if (outcome.failure?.cause)
      deps.log.error(
        { connection: connection.id, job: job.id, attempt: context.attempt, cause: outcome.failure.cause },
        'a sync could not prepare the warehouse',
      );
    if (failure) log(`Attempt ${context.attempt} ${outcome.status}: ${failure}`);
    else log(`Attempt ${context.attempt} succeeded: ${outcome.rowsCommitted} rows committed.`);
    await finishAttempt(db, job.id, context.attempt, {
      status: outcome.status,
      rows: outcome.rowsCommitted,
      bytes: outcome.bytesCommitted,
      failure,
      log: logLines.join('\n'),
    });
    const retry = outcome.status === 'failed' && outcome.failure?.retryable === true && context.attempt < deps.engine.maxAttempts;
    const status = retry ? 'incomplete' : outcome.status;
    await updateJob(db, job.id, {
      status,
      rowsSynced,
      bytesSynced,
      streams: outcome.streams,
      failure,
      ...(retry ? {} : { endedAt: new Date() }),
    });
    const finished = (await jobById(db, organisation, job.id)) ?? job;
    await publish(organisation, finished, context.attempt, {
      rowsRead: outcome.streams.reduce((sum, stream) => sum + stream.rowsRead, 0),
      rowsCommitted: outcome.rowsCommitted,
      streams: outcome.streams,
    });
    if (retry) throw new Error(failure ?? 'The attempt failed.');
    if (outcome.status === 'failed') await reportFailure(organisation, connection, job, context.attempt, failure ?? 'The sync failed.');
    return { status: outcome.status, rowsCommitted: outcome.rowsCommitted };
  };
}
