// One attempt of a connection's sync (or reset) job, as the platform job runner calls it: prepares
// the source's config and the warehouse, runs the attempt, keeps its log, rows, bytes and streams
// on the attempt's row, reports progress (the rows per stream ride in the job's live events), and
// on a final failure notifies the organisation and reports a signal. Throwing an Error asks the
// runner for another attempt (with back-off); a FinalJobError ends the job as failed at once. A
// connection on the scale-out engine is run by airbyteSyncJob.ts instead; this file runs the
// embedded engine's attempt.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';
import type { StreamProgress, StreamSelection, SyncProgressDetail } from '@common/integrations/integrationsContract';
import type { NotifyRequest } from '../../platform/notifications/index.js';
import type { AirbyteEngine } from './airbyte/airbyteEngine.js';
import { runAirbyteAttempt, type AttemptOutcome } from './airbyteSyncJob.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { FinalJobError, type JobContext } from '../../platform/jobs/index.js';
import { HttpError } from '../../platform/http/errors.js';
import { configuredCatalog } from './connectionRules.js';
import { CheckpointWriter, type SyncDestination } from './destination/checkpointWriter.js';
import { maskSecrets } from './engine/connectorProcess.js';
import { runSyncAttempt } from './engine/syncAttempt.js';
import { updateConnection, type ConnectionRow } from './connectionsStore.js';
import { attemptTotals, finishAttempt, startAttempt } from './syncJobsStore.js';
import type { SyncPayload } from './syncRecords.js';
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

export interface SyncJobHelpers {
  connectionRow(organisation: string, id: string): Promise<ConnectionRow>;
}

type Progress = Omit<SyncProgressDetail, 'connectionId' | 'attempt'>;

/** How the runner hears an attempt's end: a result, an Error to retry, or a FinalJobError. */
function settle(outcome: AttemptOutcome): unknown {
  if (outcome.status === 'failed') {
    const failure = outcome.failure ?? 'The sync failed.';
    throw outcome.retry ? new Error(failure) : new FinalJobError(failure);
  }
  return outcome;
}

/** The job handler: one attempt per call; the runner retries what this throws. */
export function createSyncJob(deps: SyncJobDeps, { connectionRow }: SyncJobHelpers) {
  const { db } = deps;

  /** A final failure: the organisation is notified and the catalog's alert rules get a signal. */
  async function reportFailure(organisation: string, connection: ConnectionRow, jobId: string, attempts: number, failure: string) {
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
      facts: { connectionId: connection.id, jobId, attempts },
    });
  }

  return async function runJob(context: JobContext<SyncPayload>): Promise<unknown> {
    const { organisation, payload, attempt } = context;
    let connection: ConnectionRow;
    try {
      connection = await connectionRow(organisation, payload.connectionId);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return { skipped: 'the connection was deleted' };
      throw error;
    }
    const jobId = context.id;
    await startAttempt(db, { jobId, number: attempt, organisation, connectionId: connection.id });
    const report = (progress: Progress, fraction: number) =>
      // No message: the pages say the rows from the detail, in the reader's own number format.
      context.progress({
        fraction,
        detail: { connectionId: connection.id, attempt, ...progress } satisfies SyncProgressDetail,
      });
    // Every event of the job from here on names its connection, so the pages know what to refresh when it ends.
    report({ rowsRead: 0, rowsCommitted: 0, streams: [] }, 0);
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
    const logText = () => logLines.join('\n');

    if (connection.engine === 'airbyte') {
      const earlier = (await attemptTotals(db, organisation, [jobId])).get(jobId);
      const outcome = await runAirbyteAttempt(
        {
          db,
          engine: deps.airbyte?.engine,
          sources: deps.sources,
          pollMs: deps.airbyte?.pollMs ?? 5_000,
          maxAttempts: deps.engine.maxAttempts,
        },
        {
          organisation,
          attempt,
          signal: context.signal,
          jobId,
          kind: payload.kind,
          airbyteJobId: earlier?.airbyteJobId ?? null,
          connection,
          log,
          logText,
          useSecrets: (secrets) => {
            knownSecrets = secrets;
          },
          mask,
          progress: (progress) => report({ ...progress, streams: [] }, 0),
          reportFailure: (failure) => reportFailure(organisation, connection, jobId, attempt, failure),
        },
      );
      // Cancelled in Airbyte itself, not by the portal: the job did not do its work.
      if (outcome.status === 'cancelled' && !context.signal.aborted)
        throw new FinalJobError('The job was cancelled in Airbyte; start the sync again from the portal.');
      return settle(outcome);
    }

    if (payload.kind === 'reset') {
      const stream = payload.stream;
      await CheckpointWriter.resetState(await deps.warehouse(organisation), connection.id, stream);
      if (stream) {
        log(`The state of stream ${stream} was reset: the next sync reads it from the start.`);
      } else {
        await updateConnection(db, organisation, connection.id, { generation: connection.generation + 1 });
        log("The connection's state was reset: the next sync reads every stream from the start.");
      }
      await finishAttempt(db, jobId, attempt, { status: 'succeeded', rows: 0, bytes: 0, failure: null, log: logText() });
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
      await finishAttempt(db, jobId, attempt, { status: 'failed', rows: 0, bytes: 0, failure, log: logText() });
      throw new FinalJobError(failure);
    }
    const { config, secrets, command, catalog, warehouse } = prepared;
    // "Re-sync a stream": its state is forgotten once, before the first attempt (a retry resumes from this job's checkpoints).
    if (payload.kind === 'sync' && payload.stream && attempt === 1) {
      await CheckpointWriter.resetState(warehouse, connection.id, payload.stream);
      log(`Stream ${payload.stream} is read again from the start.`);
    }
    log(
      `Attempt ${attempt}: reading ${catalog.streams.length} stream(s) from ${connection.source_name} into schema ${connection.destination_schema}.`,
    );
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
        // The runner stores and sends at most a couple of reports a second.
        report(progress, estimate > 0 ? Math.min(0.99, progress.rowsRead / estimate) : 0);
      },
    });
    // The attempt's failure (and its cause) come with the secrets masked already (syncAttempt.ts).
    const failure = outcome.failure?.message ?? null;
    // The engine's own error behind a warehouse that could not be prepared goes to the portal's
    // log (it may name internal objects), so an operator sees why every sync fails.
    if (outcome.failure?.cause)
      deps.log.error(
        { connection: connection.id, job: jobId, attempt, cause: outcome.failure.cause },
        'a sync could not prepare the warehouse',
      );
    if (failure) log(`Attempt ${attempt} ${outcome.status}: ${failure}`);
    else log(`Attempt ${attempt} succeeded: ${outcome.rowsCommitted} rows committed.`);
    const streams: StreamProgress[] = outcome.streams;
    await finishAttempt(db, jobId, attempt, {
      status: outcome.status,
      rows: outcome.rowsCommitted,
      bytes: outcome.bytesCommitted,
      failure,
      log: logText(),
      streams,
    });
    report(
      { rowsRead: streams.reduce((sum, stream) => sum + stream.rowsRead, 0), rowsCommitted: outcome.rowsCommitted, streams },
      outcome.status === 'succeeded' ? 1 : 0,
    );
    const retry = outcome.status === 'failed' && outcome.failure?.retryable === true && attempt < deps.engine.maxAttempts;
    if (outcome.status === 'failed' && !retry) await reportFailure(organisation, connection, jobId, attempt, failure ?? 'The sync failed.');
    return settle({ status: outcome.status, failure, retry, rowsCommitted: outcome.rowsCommitted });
  };
}
