// Writes a sync's records into the organisation's warehouse so that, per stream, rows become
// visible only with the STATE checkpoint that covers them. Records are typed as they arrive, then
// - embedded warehouse (DuckDB): appended straight into their tables inside a transaction open on
//   the sync's own connection (duckdbAppend.ts), which the checkpoint commits with its state;
// - Snowflake: staged in a local newline-delimited JSON file per stream, which the checkpoint
//   loads and saves its state with in ONE warehouse transaction.
// Either way a crash or cancel leaves each table as of its last committed checkpoint and the state
// the next run resumes from matches it exactly. What differs between DuckDB and Snowflake (naming,
// getting the rows to the warehouse, saving state, swapping tables) is in duckdbLoad.ts,
// duckdbAppend.ts and snowflakeLoad.ts; how a record is typed in recordTyping.ts; what is
// planned and created for each stream's table, and the deduplicating statement, in
// streamTables.ts; reading and resetting the saved state in syncState.ts.
//
// Destination sync modes, as Airbyte's warehouse destinations implement them:
// - append: committed rows stay; each checkpoint adds rows.
// - append_dedup: as append, then older rows with the same primary key go (latest cursor, then
//   latest extraction, wins).
// - overwrite: rows go to a staging table that replaces the live one only when the sync
//   succeeds; until then readers keep seeing the previous sync's data.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  streamKey,
  type AirbyteRecordMessage,
  type AirbyteStateMessage,
  type ConfiguredAirbyteCatalog,
} from '@common/integrations/airbyteProtocol';
import type { Engine, Queryable } from '../../../platform/warehouse/engine.js';
import { raw, sql } from '../../../platform/warehouse/sql.js';
import { DuckDbAppendLoad, type TypedRow } from './duckdbAppend.js';
import type { LoadDialect, StagedLoadDialect, SyncDestination } from './loadDialect.js';
import { RecordTyping } from './recordTyping.js';
import { AIRBYTE_COLUMNS, StreamSchemaError } from './streamColumns.js';
import { dedupStatement, planStream, prepareTable, q, type StreamWriter } from './streamTables.js';
import { committedState, dialectFor, resetState } from './syncState.js';

export type { SyncDestination };

/** Staged lines are written to the stream's file in pieces of about this size. */
const FLUSH_BYTES = 4 * 1024 * 1024;
/**
 * DuckDB: records typed while a checkpoint commits wait in memory, at most this many (a few MB),
 * so the connector keeps sending during a commit instead of stopping for it; past this, reading
 * waits for the commit.
 */
const MAX_WAITING_ROWS = 25_000;

export interface CommitResult {
  streams: Array<{ stream: string; rows: number; bytes: number }>;
}

export class CheckpointWriter {
  private readonly streams = new Map<string, StreamWriter>();
  private dir = '';
  private files = 0;
  /** DuckDB: the open transaction rows are appended in. */
  private appendLoad: DuckDbAppendLoad | null = null;
  /** DuckDB: states received whose rows are not committed yet (another stream still had rows no state covered). */
  private readonly pendingStates = new Map<string, AirbyteStateMessage>();
  /** DuckDB: the commit under way, and then the appending of the rows that waited for it. */
  private committing: Promise<unknown> | null = null;
  /** DuckDB: rows typed during the commit, in arrival order; they belong to the next transaction. */
  private waiting: Array<{ stream: StreamWriter; row: TypedRow }> = [];
  /** DuckDB: why appending the waiting rows failed; the next call fails the sync with it. */
  private failure: unknown = null;
  private readonly typing: RecordTyping;

  private constructor(
    private readonly engine: Engine,
    private readonly dialect: LoadDialect,
    private readonly staged: StagedLoadDialect | null,
    private readonly connectionId: string,
    private readonly generationId: number,
  ) {
    this.typing = new RecordTyping(generationId);
  }

  /**
   * Validates every stream (names, columns, sync modes) before anything is written, then creates
   * what is missing: schemas, tables, new columns, the staging tables of overwrite streams.
   */
  static async open(
    destination: SyncDestination,
    options: { connectionId: string; catalog: ConfiguredAirbyteCatalog; defaultSchema: string; generationId: number },
  ): Promise<CheckpointWriter> {
    const { dialect, staged } = dialectFor(destination, options.connectionId);
    const writer = new CheckpointWriter(destination.engine, dialect, staged, options.connectionId, options.generationId);
    const planned = options.catalog.streams.map((configured, index) => planStream(configured, index, options.defaultSchema));
    if (staged) writer.dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dataworks-sync-'));
    for (const stream of planned) writer.streams.set(stream.key, stream);
    await destination.engine.transaction(async (tx) => {
      await dialect.createStateTable(tx);
      for (const stream of planned) {
        if (staged) stream.file = writer.newFile();
        await prepareTable(tx, dialect, destination.engine.kind, stream);
      }
      await staged?.prepareLoad(tx, planned);
    });
    if (!staged) writer.appendLoad = await DuckDbAppendLoad.start(destination.engine, planned, options.generationId);
    return writer;
  }

  /** The state each stream last committed for this connection, to resume from (`--state`). */
  static committedState(destination: SyncDestination, connectionId: string): Promise<AirbyteStateMessage[]> {
    return committedState(destination, connectionId);
  }

  /** Forgets the connection's state: the next sync starts from scratch ("reset"). */
  static resetState(destination: SyncDestination, connectionId: string, stream?: string): Promise<void> {
    return resetState(destination, connectionId, stream);
  }

  /** Types the record and stages it; nothing is visible until a checkpoint commits it. */
  async record(record: AirbyteRecordMessage): Promise<void> {
    if (this.failure) throw this.failure;
    const key = streamKey({ name: record.stream, namespace: record.namespace });
    const stream = this.streams.get(key);
    if (!stream) throw new StreamSchemaError(key, 'the connector sent a record of a stream that was not selected.');
    if (this.appendLoad) return this.append(stream, record);
    return this.stage(stream, record);
  }

  /** Types the record and stages it in the stream's file (Snowflake). */
  private async stage(stream: StreamWriter, record: AirbyteRecordMessage): Promise<void> {
    const text = this.typing.line(stream.columns, record);
    stream.lines.push(text);
    stream.lineBytes += text.length;
    stream.pendingRows += 1;
    stream.pendingBytes += text.length;
    if (stream.lineBytes >= FLUSH_BYTES) await this.flushLines(stream);
  }

  /**
   * Types the record and appends it to the open transaction (DuckDB), or keeps it for the next one
   * while a commit is under way; synchronous unless too many rows already wait. Runs for every
   * record: plain loops, no closures.
   */
  private append(stream: StreamWriter, record: AirbyteRecordMessage): void | Promise<void> {
    const load = this.appendLoad;
    if (!load) throw new Error('no rows are being appended.');
    if (this.committing && this.waiting.length >= MAX_WAITING_ROWS) return this.committing.then(() => this.append(stream, record));
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

  /** A fresh staging file name (a checkpoint being loaded keeps its own file); made on first write. Digits only: Snowflake's PUT takes it. */
  private newFile(): string {
    this.files += 1;
    return path.join(this.dir, `${this.files}.ndjson`);
  }

  private async flushLines(stream: StreamWriter): Promise<void> {
    if (!stream.lines.length) return;
    await fs.appendFile(stream.file, stream.lines.join(''));
    stream.lines = [];
    stream.lineBytes = 0;
  }

  /** Which streams a state message covers. */
  private covered(state: AirbyteStateMessage): StreamWriter[] {
    if (state.type === 'STREAM' && state.stream) {
      const stream = this.streams.get(streamKey(state.stream.stream_descriptor));
      if (!stream)
        throw new StreamSchemaError(
          streamKey(state.stream.stream_descriptor),
          'the connector sent state for a stream that was not selected.',
        );
      return [stream];
    }
    return [...this.streams.values()];
  }

  /** Commits the covered streams' staged rows together with the state, in one transaction. */
  async checkpoint(state: AirbyteStateMessage): Promise<CommitResult> {
    const streams = this.covered(state);
    const stateKey =
      state.type === 'STREAM' && state.stream ? streamKey(state.stream.stream_descriptor) : state.type === 'GLOBAL' ? '*global' : '*legacy';
    // An overwrite stream starts from scratch every sync (its staging table does not outlive a
    // failed one), so resuming it from a saved position would lose rows: its state is not kept.
    const resumable = streams.some((stream) => stream.target === stream.table);
    if (this.appendLoad) {
      if (this.committing) await this.committing;
      if (this.failure) throw this.failure;
      for (const stream of streams) stream.covered = true;
      if (resumable) this.pendingStates.set(stateKey, state);
      // The transaction holds every stream's rows: it commits once no stream has rows that no state
      // covers yet (at once when streams are read one after another). Until then this state waits
      // with its rows, so no row is ever visible before a saved state covers it.
      if ([...this.streams.values()].some((stream) => stream.pendingRows > 0 && !stream.covered)) return { streams: [] };
      return this.commitAppended();
    }
    return this.commit(streams, resumable ? { key: stateKey, state } : null);
  }

  /** DuckDB: deduplicates, saves the waiting states and commits the open transaction, with `more` in it. */
  private async commitAppended(more?: (tx: Queryable) => Promise<void>): Promise<CommitResult> {
    const load = this.appendLoad;
    if (!load) throw new Error('no rows are being appended.');
    const batch = [...this.streams.values()]
      .filter((stream) => stream.pendingRows > 0)
      .map((stream) => ({ stream, rows: stream.pendingRows, bytes: stream.pendingBytes }));
    // Rows that come from now on belong to the next transaction.
    for (const { stream } of batch) {
      stream.pendingRows = 0;
      stream.pendingBytes = 0;
    }
    const states = [...this.pendingStates];
    this.pendingStates.clear();
    // Rows that come while this commits wait (`append`), and go into the next transaction before
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

  /** At the end of a successful read: commits what is left and puts overwrite streams' new tables in place. */
  async finish(): Promise<CommitResult> {
    const streams = [...this.streams.values()];
    const replaced = streams.filter((stream) => stream.target !== stream.table);
    const replace = async (db: Queryable) => {
      for (const stream of replaced) await this.dialect.replaceLive(db, stream);
    };
    try {
      if (this.appendLoad) {
        if (this.committing) await this.committing;
        if (this.failure) throw this.failure;
        return await this.commitAppended(replace);
      }
      const result = await this.commit(streams, null, this.dialect.ddlInTransactions ? replace : undefined);
      if (!this.dialect.ddlInTransactions) await replace(this.engine);
      return result;
    } finally {
      await this.close();
    }
  }

  /** After a failed or cancelled read: drops what was not committed; committed checkpoints stay. */
  async abandon(): Promise<void> {
    try {
      if (this.committing) await this.committing;
      this.waiting = [];
      // Rolls back what was appended since the last commit, before its tables are dropped.
      await this.appendLoad?.rollback();
      for (const stream of this.streams.values()) {
        if (stream.target !== stream.table)
          await this.engine.query(sql`DROP TABLE IF EXISTS ${this.dialect.table(stream.schema, stream.target)}`);
      }
    } finally {
      await this.close();
    }
  }

  private async close(): Promise<void> {
    const load = this.appendLoad;
    this.appendLoad = null;
    await load?.close();
    if (!this.dir || !this.staged) return;
    try {
      await this.staged.cleanUp(this.engine, [...this.streams.values()]);
    } finally {
      await fs.rm(this.dir, { recursive: true, force: true });
      this.dir = '';
    }
  }

  totals(): Array<{ stream: string; rows: number; bytes: number }> {
    return [...this.streams.values()].map((stream) => ({ stream: stream.key, rows: stream.committedRows, bytes: stream.committedBytes }));
  }

  /**
   * Loads the streams' staged rows (and saves the state) in one transaction. The staged files are
   * handed to the load and each stream starts a new one at once, so the caller may stage the next
   * checkpoint's records while this one loads.
   */
  private async commit(
    streams: StreamWriter[],
    state: { key: string; state: AirbyteStateMessage } | null,
    more?: (tx: Queryable) => Promise<void>,
  ): Promise<CommitResult> {
    const staged = this.staged;
    if (!staged) throw new Error('no rows are being staged.');
    // Taken in one synchronous step: records that arrive while this loads belong to the next checkpoint.
    const batch: Array<{ stream: StreamWriter; file: string; lines: string[]; rows: number; bytes: number }> = [];
    for (const stream of streams) {
      if (stream.pendingRows === 0) continue;
      batch.push({ stream, file: stream.file, lines: stream.lines, rows: stream.pendingRows, bytes: stream.pendingBytes });
      stream.file = this.newFile();
      stream.lines = [];
      stream.lineBytes = 0;
      stream.pendingRows = 0;
      stream.pendingBytes = 0;
    }
    for (const { file, lines } of batch) if (lines.length) await fs.appendFile(file, lines.join(''));
    for (const { stream, file } of batch) await staged.stageFile(this.engine, stream, file);
    await this.engine.transaction(async (tx) => {
      for (const { stream, file } of batch) {
        await tx.query(staged.insertStaged(stream, file, this.generationId));
        if (stream.configured.destination_sync_mode === 'append_dedup')
          await tx.query(dedupStatement(this.dialect, stream, (key) => staged.stagedKeys(stream, file, key)));
        await staged.clearStaged(tx, stream);
      }
      if (state) await tx.query(this.dialect.saveState(this.connectionId, state.key, state.state));
      await more?.(tx);
    });
    for (const { stream, file, rows, bytes } of batch) {
      stream.committedRows += rows;
      stream.committedBytes += bytes;
      await fs.rm(file, { force: true });
    }
    return { streams: batch.map(({ stream, rows, bytes }) => ({ stream: stream.key, rows, bytes })) };
  }
}
