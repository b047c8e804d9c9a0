// One attempt of a connection's sync (or reset) job on the scale-out engine: the job is started on
// Airbyte (once; its id is kept on the attempt's row, so a retry or a restarted portal follows the
// same Airbyte job instead of starting another) and followed by polling, since Airbyte's public
// API pushes nothing. Progress goes to the browsers as on the embedded engine; cancelling the
// portal's job cancels Airbyte's. Airbyte retries its own attempts; the portal retries only when
// it could not reach Airbyte.
import { setTimeout as sleep } from 'node:timers/promises';
import type { StreamSelection } from '@common/integrations/integrationsContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { AirbyteApiError } from './airbyte/airbyteApiClient.js';
import type { AirbyteEngine } from './airbyte/airbyteEngine.js';
import type { AirbyteJob } from './airbyte/airbyteTypes.js';
import type { ConnectionRow } from './connectionsStore.js';
import { finishAttempt, followAirbyteJob } from './syncJobsStore.js';
import type { SourcesService } from './sourcesService.js';

export interface AirbyteSyncDeps {
  db: StoreDb;
  engine?: AirbyteEngine;
  sources: SourcesService;
  /** How often a running Airbyte job is asked how it stands. */
  pollMs: number;
  maxAttempts: number;
}

export interface AirbyteAttempt {
  organisation: string;
  attempt: number;
  signal: AbortSignal;
  /** The platform job this attempt runs for, sync or reset. */
  jobId: string;
  kind: 'sync' | 'reset';
  /** The Airbyte job an earlier attempt of this job started, if any: it is followed, not started again. */
  airbyteJobId: number | null;
  connection: ConnectionRow;
  /** Writes a line of the attempt's log, with the source's secrets masked. */
  log(line: string): void;
  logText(): string;
  /** Tells the log and `mask` the source's secrets once they are read. */
  useSecrets(secrets: readonly string[]): void;
  /** A text with the known secrets masked: every failure stored or sent goes through it. */
  mask(text: string): string;
  /** Reports the rows so far (the runner stores and sends it). */
  progress(progress: { rowsRead: number; rowsCommitted: number }): void;
  /** Notifies the organisation of a final failure (as the embedded engine does). */
  reportFailure(failure: string): Promise<void>;
}

/** How an attempt ended, for the handler to tell the runner: `retry` asks for another attempt. */
export interface AttemptOutcome {
  status: 'succeeded' | 'failed' | 'cancelled';
  failure?: string | null;
  retry?: boolean;
  [fact: string]: unknown;
}

const ENDED = new Set(['succeeded', 'failed', 'cancelled']);

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    // Cancelled while waiting: the loop sees the signal next.
  }
}

export async function runAirbyteAttempt(deps: AirbyteSyncDeps, run: AirbyteAttempt): Promise<AttemptOutcome> {
  const { db } = deps;
  const { organisation, attempt, jobId, connection, log } = run;
  const settle = async (status: 'succeeded' | 'failed' | 'cancelled', outcome: { rows: number; bytes: number; failure: string | null }) => {
    const result = { ...outcome, failure: outcome.failure === null ? null : run.mask(outcome.failure) };
    await finishAttempt(db, jobId, attempt, { status, ...result, log: run.logText() });
    run.progress({ rowsRead: result.rows, rowsCommitted: result.rows });
    return result.failure;
  };

  const engine = deps.engine;
  if (!engine || !connection.airbyte_connection_id || !connection.airbyte_source_id) {
    const failure = engine
      ? 'The connection was never made in Airbyte; delete it and create it again.'
      : 'This connection runs on Airbyte, and no Airbyte instance is configured (AIRBYTE_URL, AIRBYTE_CLIENT_ID, AIRBYTE_CLIENT_SECRET).';
    log(failure);
    await settle('failed', { rows: 0, bytes: 0, failure });
    await run.reportFailure(failure);
    return { status: 'failed', failure };
  }
  const ids = { sourceId: connection.airbyte_source_id, connectionId: connection.airbyte_connection_id };

  let current: AirbyteJob | undefined;
  try {
    let airbyteJobId = run.airbyteJobId;
    if (airbyteJobId === null) {
      if (run.signal.aborted) {
        log('Cancelled before it started on Airbyte.');
        await settle('cancelled', { rows: 0, bytes: 0, failure: 'Cancelled before it ran.' });
        return { status: 'cancelled' };
      }
      try {
        const { config, secrets } = await deps.sources.configOf(organisation, connection.source_id);
        run.useSecrets(secrets);
        await engine.reconcile(
          organisation,
          ids,
          {
            name: connection.name,
            definitionId: connection.definition_id,
            config,
            streams: connection.streams as StreamSelection[],
            destinationSchema: connection.destination_schema,
          },
          connection.id,
        );
      } catch (error) {
        if (error instanceof AirbyteApiError) throw error;
        // The source's settings are unreadable or no longer fit Airbyte: a retry cannot fix that; say so on the job.
        const failure = error instanceof Error ? error.message : String(error);
        log(`The sync could not start: ${failure}`);
        const masked = await settle('failed', { rows: 0, bytes: 0, failure });
        await run.reportFailure(run.mask(failure));
        return { status: 'failed', failure: masked };
      }
      try {
        current = await engine.startJob(ids, run.kind);
        log(`Airbyte ${run.kind} job ${current.jobId} started for Airbyte connection ${ids.connectionId}.`);
      } catch (error) {
        // Airbyte runs one job per connection. One of the same kind already running (started in
        // Airbyte itself, say) is this sync's work: follow it rather than fail. Another kind is
        // retried once it has ended.
        const running = error instanceof AirbyteApiError && error.status === 409 ? await engine.unfinishedJob(ids, run.kind) : undefined;
        if (!running) throw error;
        log(`Airbyte was already running ${run.kind} job ${running.jobId} of this connection; following it.`);
        current = running;
      }
      airbyteJobId = current.jobId;
      await followAirbyteJob(db, jobId, attempt, airbyteJobId);
    } else {
      log(`Attempt ${attempt}: following Airbyte job ${airbyteJobId} again.`);
    }
    let lastStatus = '';
    let lastRows = -1;
    for (;;) {
      if (run.signal.aborted) {
        current = await engine.cancel(airbyteJobId);
        log(`Cancel asked of Airbyte; the job is ${current.status}.`);
        if (!ENDED.has(current.status)) current = { ...current, status: 'cancelled' };
        break;
      }
      current = await engine.job(airbyteJobId);
      const rows = current.rowsSynced ?? 0;
      if (current.status !== lastStatus) log(`Airbyte job ${airbyteJobId} is ${current.status}.`);
      lastStatus = current.status;
      if (rows !== lastRows) {
        lastRows = rows;
        run.progress({ rowsRead: rows, rowsCommitted: rows });
      }
      if (ENDED.has(current.status)) break;
      await pause(deps.pollMs, run.signal);
    }
  } catch (error) {
    if (!(error instanceof AirbyteApiError)) throw error;
    // Airbyte could not be reached or refused: retried with back-off; the same Airbyte job is followed then.
    log(`Attempt ${attempt}: ${error.message}`);
    if (attempt < deps.maxAttempts) {
      await finishAttempt(db, jobId, attempt, {
        status: 'failed',
        rows: 0,
        bytes: 0,
        failure: run.mask(error.message),
        log: run.logText(),
      });
      throw error;
    }
    const failure = await settle('failed', { rows: 0, bytes: 0, failure: error.message });
    await run.reportFailure(run.mask(error.message));
    return { status: 'failed', failure };
  }

  const rows = current.rowsSynced ?? 0;
  const bytes = current.bytesSynced ?? 0;
  if (current.status === 'succeeded') {
    log(`Airbyte job ${current.jobId} succeeded: ${rows} rows, ${bytes} bytes.`);
    await settle('succeeded', { rows, bytes, failure: null });
  } else if (current.status === 'cancelled') {
    await settle('cancelled', { rows, bytes, failure: 'Cancelled.' });
  } else {
    // Airbyte's public API gives a failed job's status, not its reason: say where the reason is.
    const failure = `Airbyte job ${current.jobId} failed after ${rows} rows. Airbyte keeps the job's logs: open connection ${ids.connectionId} in Airbyte for the reason.`;
    log(failure);
    await settle('failed', { rows, bytes, failure });
    await run.reportFailure(failure);
    return { status: 'failed', failure, airbyteJobId: current.jobId, rows };
  }
  return { status: current.status === 'succeeded' ? 'succeeded' : 'cancelled', airbyteJobId: current.jobId, rows };
}
