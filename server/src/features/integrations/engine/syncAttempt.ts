// One attempt of a sync on the embedded engine: the source's `read`, resumed from the state the
// warehouse last committed, its records written through the checkpointed writer. Progress (rows
// read and committed per stream, the connector's estimates and stream statuses) is reported as
// it happens; the outcome says what was committed even when the attempt failed.
import { streamKey, type AirbyteMessage, type ConfiguredAirbyteCatalog } from '@common/integrations/airbyteProtocol';
import type { StreamProgress } from '@common/integrations/integrationsContract';
import { CheckpointWriter, type SyncDestination } from '../destination/checkpointWriter.js';
import { ConnectorFailure, maskSecrets, runConnector, type ConnectorCommand, type ConnectorLogLine } from './connectorProcess.js';

export type { StreamProgress };

export interface AttemptProgress {
  streams: StreamProgress[];
  rowsRead: number;
  rowsCommitted: number;
}

export interface AttemptOutcome {
  status: 'succeeded' | 'failed' | 'cancelled';
  streams: StreamProgress[];
  rowsCommitted: number;
  bytesCommitted: number;
  durationMs: number;
  /** Why the attempt failed, in words for the page (secrets masked). */
  failure: { reason: ConnectorFailure['reason'] | 'destination'; message: string; retryable: boolean; cause?: string } | null;
}

/** The engine's own words under a refusal (a WarehouseError keeps them as its cause): for the portal's log only. */
function causeOf(error: unknown): string | undefined {
  const causes: string[] = [];
  for (
    let current = (error as { cause?: unknown } | undefined)?.cause;
    current && causes.length < 5;
    current = (current as { cause?: unknown }).cause
  ) {
    causes.push(current instanceof Error ? current.message : String(current));
  }
  return causes.length ? causes.join(' ← ') : undefined;
}

export interface AttemptRequest {
  source: ConnectorCommand;
  config: unknown;
  secrets: readonly string[];
  catalog: ConfiguredAirbyteCatalog;
  /** The organisation's warehouse (and, on Snowflake, the database the streams land in). */
  warehouse: SyncDestination;
  connectionId: string;
  /** Schema for streams without a namespace. */
  defaultSchema: string;
  generationId: number;
  timeoutMs: number;
  memoryLimitMb: number;
  signal?: AbortSignal;
  onProgress?(progress: AttemptProgress): void;
  onLog?(line: ConnectorLogLine): void;
}

function snapshot(streams: Map<string, StreamProgress>): AttemptProgress {
  const list = [...streams.values()].map((stream) => ({ ...stream }));
  return {
    streams: list,
    rowsRead: list.reduce((sum, stream) => sum + stream.rowsRead, 0),
    rowsCommitted: list.reduce((sum, stream) => sum + stream.rowsCommitted, 0),
  };
}

export async function runSyncAttempt(request: AttemptRequest): Promise<AttemptOutcome> {
  const started = Date.now();
  const streams = new Map<string, StreamProgress>(
    request.catalog.streams.map((configured) => [
      streamKey(configured.stream),
      { stream: streamKey(configured.stream), rowsRead: 0, rowsCommitted: 0, bytesCommitted: 0, rowEstimate: null, status: null },
    ]),
  );
  const outcome = (status: AttemptOutcome['status'], failure: AttemptOutcome['failure']): AttemptOutcome => {
    const list = [...streams.values()];
    // No configured secret leaves in a failure's words, whichever part of the sync wrote them.
    const masked = failure && {
      ...failure,
      message: maskSecrets(failure.message, request.secrets),
      ...(failure.cause ? { cause: maskSecrets(failure.cause, request.secrets) } : {}),
    };
    return {
      status,
      streams: list,
      rowsCommitted: list.reduce((sum, stream) => sum + stream.rowsCommitted, 0),
      bytesCommitted: list.reduce((sum, stream) => sum + stream.bytesCommitted, 0),
      durationMs: Date.now() - started,
      failure: masked,
    };
  };
  let state: Awaited<ReturnType<typeof CheckpointWriter.committedState>>;
  let writer: CheckpointWriter;
  try {
    state = await CheckpointWriter.committedState(request.warehouse, request.connectionId);
    writer = await CheckpointWriter.open(request.warehouse, {
      connectionId: request.connectionId,
      catalog: request.catalog,
      defaultSchema: request.defaultSchema,
      generationId: request.generationId,
    });
  } catch (error) {
    // Tables that cannot be made (a name the warehouse refuses, a warehouse that cannot take syncs): no retry helps.
    const message = error instanceof Error ? error.message : String(error);
    return outcome('failed', {
      reason: 'destination',
      message: `The warehouse could not be prepared: ${message}`,
      retryable: false,
      cause: causeOf(error) ?? message,
    });
  }
  const report = () => request.onProgress?.(snapshot(streams));
  const committed = (result: { streams: Array<{ stream: string; rows: number; bytes: number }> }) => {
    for (const entry of result.streams) {
      const progress = streams.get(entry.stream);
      if (!progress) continue;
      progress.rowsCommitted += entry.rows;
      progress.bytesCommitted += entry.bytes;
    }
    report();
  };
  let loading: Promise<void> = Promise.resolve();
  const take = async (message: AirbyteMessage) => {
    if (message.type === 'RECORD' && message.record) {
      await writer.record(message.record);
      const progress = streams.get(streamKey({ name: message.record.stream, namespace: message.record.namespace }));
      if (progress) progress.rowsRead += 1;
    } else if (message.type === 'STATE' && message.state) {
      // One checkpoint loads while the next one's records are staged; never more than one at a time.
      await loading;
      loading = writer.checkpoint(message.state).then(committed);
      loading.catch(() => undefined);
    } else if (message.type === 'TRACE' && message.trace?.type === 'ESTIMATE' && message.trace.estimate) {
      const { estimate } = message.trace;
      const progress = streams.get(streamKey({ name: estimate.name, namespace: estimate.namespace }));
      if (progress && estimate.row_estimate !== undefined) progress.rowEstimate = estimate.row_estimate;
      report();
    } else if (message.type === 'TRACE' && message.trace?.type === 'STREAM_STATUS' && message.trace.stream_status) {
      const progress = streams.get(streamKey(message.trace.stream_status.stream_descriptor));
      if (progress) progress.status = message.trace.stream_status.status;
      report();
    }
  };
  try {
    await runConnector(request.source, {
      operation: 'read',
      config: request.config,
      catalog: request.catalog,
      state,
      secrets: request.secrets,
      timeoutMs: request.timeoutMs,
      memoryLimitMb: request.memoryLimitMb,
      signal: request.signal,
      onMessage: take,
      onLog: request.onLog,
    });
    await loading;
    committed(await writer.finish());
    return outcome('succeeded', null);
  } catch (error) {
    // A checkpoint still loading finishes (or fails) first: what it commits stays committed.
    await loading.catch(() => undefined);
    await writer.abandon().catch(() => undefined);
    if (error instanceof ConnectorFailure) {
      const status = error.reason === 'cancelled' ? 'cancelled' : 'failed';
      // A crash or time-out may pass on a retry; bad output, a memory limit or a cancel will not.
      return outcome(status, {
        reason: error.reason,
        message: error.message,
        retryable: error.reason === 'crashed' || error.reason === 'timeout' || error.reason === 'start',
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return outcome('failed', { reason: 'destination', message: `The warehouse refused the data: ${message}`, retryable: false });
  }
}
