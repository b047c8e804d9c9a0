// The checkpointed writer's DuckDB path (checkpointWriter.ts): each record is typed and appended
// straight into its table inside a transaction open on the sync's own connection (duckdbAppend.ts),
// which a checkpoint commits with its state once no stream has rows that no state covers. Records
// that arrive while a commit runs wait in memory and go into the next transaction first.
import type { AirbyteRecordMessage, AirbyteStateMessage } from '@common/integrations/airbyteProtocol';
import type { Engine, Queryable } from '../../../platform/warehouse/engine.js';
import { raw, sql } from '../../../platform/warehouse/sql.js';
import { DuckDbAppendLoad, type TypedRow } from './duckdbAppend.js';
import type { LoadDialect } from './loadDialect.js';
import { RecordTyping } from './recordTyping.js';
import { AIRBYTE_COLUMNS } from './streamColumns.js';
import { dedupStatement, q, type StreamWriter } from './streamTables.js';
import type { CommitResult, KeyedState, WritePath } from './writePath.js';

/**
 * Records typed while a checkpoint commits wait in memory, at most this many (a few MB), so the
 * connector keeps sending during a commit instead of stopping for it; past this, reading waits for
 * the commit.
 */
const MAX_WAITING_ROWS = 25_000;

export class AppendWriter implements WritePath {
  /** States received whose rows are not committed yet (another stream still had rows no state covered). */
  private readonly pendingStates = new Map<string, AirbyteStateMessage>();
  /** The commit under way, and then the appending of the rows that waited for it. */
  private committing: Promise<unknown> | null = null;
  /** Rows typed during the commit, in arrival order; they belong to the next transaction. */
  private waiting: Array<{ stream: StreamWriter; row: TypedRow }> = [];
  /** Why appending the waiting rows failed; the next call fails the sync with it. */
  failure: unknown = null;
  private readonly typing: RecordTyping;

  private constructor(
    /** The open transaction rows are appended in; null once closed. */
    private load: DuckDbAppendLoad | null,
    private readonly dialect: LoadDialect,
    private readonly streams: readonly StreamWriter[],
    private readonly connectionId: string,
    generationId: number,
  ) {
    this.typing = new RecordTyping(generationId);
  }

  /** Once the streams' tables exist: the sync's own connection, and the transaction rows are appended in. */
  static async start(
    engine: Engine,
    dialect: LoadDialect,
    planned: readonly StreamWriter[],
    streams: readonly StreamWriter[],
    options: { connectionId: string; generationId: number },
  ): Promise<AppendWriter> {
    const load = await DuckDbAppendLoad.start(engine, planned, options.generationId);
    return new AppendWriter(load, dialect, streams, options.connectionId, options.generationId);
  }

  /**
   * Types the record and appends it to the open transaction, or keeps it for the next one while a
   * commit is under way; synchronous unless too many rows already wait. Runs for every record:
   * plain loops, no closures.
   */
  write(stream: StreamWriter, record: AirbyteRecordMessage): void | Promise<void> {
    const { load } = this;
    if (!load) throw new Error('no rows are being appended.');
    if (this.committing && this.waiting.length >= MAX_WAITING_ROWS) return this.committing.then(() => this.write(stream, record));
    const row = this.typing.row(stream.columns, record);
    stream.covered = false;
    stream.pendingRows += 1;
    stream.pendingBytes += this.typing.rowBytes;
    // Counted before the row is in: a failed append fails the sync, and nothing of it commits.
    if (this.committing) {
      this.waiting.push({ stream, row });
      return;
    }
    return load.append(stream, row);
  }

  /** After a commit: the rows that waited for it, in order, into the next transaction (more may arrive meanwhile). */
  private async appendWaiting(load: DuckDbAppendLoad): Promise<void> {
    try {
      while (this.waiting.length) {
        const rows = this.waiting;
        this.waiting = [];
        for (const { stream, row } of rows) {
          const appended = load.append(stream, row);
          if (appended) await appended;
        }
      }
    } finally {
      // In the same turn as the last look at `waiting`: a record arriving later appends directly
      // instead of waiting for a drain that has ended.
      this.committing = null;
    }
  }

  async checkpoint(streams: StreamWriter[], state: KeyedState | null): Promise<CommitResult> {
    if (this.committing) await this.committing;
    if (this.failure) throw this.failure;
    for (const stream of streams) stream.covered = true;
    if (state) this.pendingStates.set(state.key, state.state);
    // The transaction holds every stream's rows: it commits once no stream has rows that no state
    // covers yet (at once when streams are read one after another). Until then this state waits
    // with its rows, so no row is ever visible before a saved state covers it.
    if (this.streams.some((stream) => stream.pendingRows > 0 && !stream.covered)) return { streams: [] };
    return this.commitAppended();
  }

  async finish(replace: (db: Queryable) => Promise<void>): Promise<CommitResult> {
    if (this.committing) await this.committing;
    if (this.failure) throw this.failure;
    return this.commitAppended(replace);
  }

  /** Deduplicates, saves the waiting states and commits the open transaction, with `more` in it. */
  private async commitAppended(more?: (tx: Queryable) => Promise<void>): Promise<CommitResult> {
    const { load } = this;
    if (!load) throw new Error('no rows are being appended.');
    const batch = this.streams
      .filter((stream) => stream.pendingRows > 0)
      .map((stream) => ({ stream, rows: stream.pendingRows, bytes: stream.pendingBytes }));
    // Rows that come from now on belong to the next transaction.
    for (const { stream } of batch) {
      stream.pendingRows = 0;
      stream.pendingBytes = 0;
    }
    const states = [...this.pendingStates];
    this.pendingStates.clear();
    // Rows that come while this commits wait (`write`), and go into the next transaction before
    // anything newer; this returns once they are in, so the next checkpoint covers them too.
    const committing = load.commit(async (tx) => {
      for (const { stream } of batch) {
        if (stream.configured.destination_sync_mode === 'append_dedup')
          await tx.query(
            dedupStatement(
              this.dialect,
              stream,
              (key) =>
                sql`SELECT ${key} FROM ${this.dialect.table(stream.schema, stream.target)} WHERE ${q(AIRBYTE_COLUMNS.rawId)} IN (${raw(load.loadedIds(stream))})`,
            ),
          );
      }
      for (const [key, state] of states) await tx.query(this.dialect.saveState(this.connectionId, key, state));
      await more?.(tx);
    });
    const appended = committing
      .then(() => this.appendWaiting(load))
      .catch((error: unknown) => {
        this.failure ??= error;
      });
    this.committing = appended;
    try {
      await committing;
    } finally {
      await appended;
      this.committing = null;
    }
    for (const { stream, rows, bytes } of batch) {
      stream.committedRows += rows;
      stream.committedBytes += bytes;
    }
    return { streams: batch.map(({ stream, rows, bytes }) => ({ stream: stream.key, rows, bytes })) };
  }

  /** Waits for a commit under way, then drops the rows that waited and rolls back what was appended since the last commit. */
  async abandon(): Promise<void> {
    if (this.committing) await this.committing;
    this.waiting = [];
    await this.load?.rollback();
  }

  async close(): Promise<void> {
    const { load } = this;
    this.load = null;
    await load?.close();
  }
}
