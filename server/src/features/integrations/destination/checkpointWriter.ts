// Writes a sync's records into the organisation's warehouse so that, per stream, rows become
// visible only with the STATE checkpoint that covers them. Records are typed as they arrive, then
// - embedded warehouse (DuckDB): appended straight into their tables inside a transaction open on
//   the sync's own connection (duckdbAppend.ts), which the checkpoint commits with its state;
// - Snowflake: staged in a local newline-delimited JSON file per stream, which the checkpoint
//   loads and saves its state with in ONE warehouse transaction.
// Either way a crash or cancel leaves each table as of its last committed checkpoint and the state
// the next run resumes from matches it exactly. This file opens the writer, finds each record's
// stream and the streams each state covers, and ends the sync; the two write paths take the rows
// and commit them: appendWriter.ts (DuckDB) and stagedWriter.ts (Snowflake), to what writePath.ts
// asks of both. What differs between DuckDB and Snowflake (naming, getting the rows to the
// warehouse, saving state, swapping tables) is in duckdbLoad.ts, duckdbAppend.ts and
// snowflakeLoad.ts; how a record is typed in recordTyping.ts; what is planned and created for each
// stream's table, and the deduplicating statement, in streamTables.ts; reading and resetting the
// saved state in syncState.ts.
//
// Destination sync modes, as Airbyte's warehouse destinations implement them:
// - append: committed rows stay; each checkpoint adds rows.
// - append_dedup: as append, then older rows with the same primary key go (latest cursor, then
//   latest extraction, wins).
// - overwrite: rows go to a staging table that replaces the live one only when the sync
//   succeeds; until then readers keep seeing the previous sync's data.
import {
  streamKey,
  type AirbyteRecordMessage,
  type AirbyteStateMessage,
  type ConfiguredAirbyteCatalog,
} from '@common/integrations/airbyteProtocol';
import type { Engine, Queryable } from '../../../platform/warehouse/engine.js';
import { sql } from '../../../platform/warehouse/sql.js';
import { AppendWriter } from './appendWriter.js';
import type { LoadDialect, SyncDestination } from './loadDialect.js';
import { StagedWriter } from './stagedWriter.js';
import { StreamSchemaError } from './streamColumns.js';
import { planStream, prepareTable, type StreamWriter } from './streamTables.js';
import { committedState, dialectFor, resetState } from './syncState.js';
import type { CommitResult, WritePath } from './writePath.js';

export type { CommitResult, SyncDestination };

export class CheckpointWriter {
  private constructor(
    private readonly engine: Engine,
    private readonly dialect: LoadDialect,
    private readonly streams: ReadonlyMap<string, StreamWriter>,
    /** How the rows reach the warehouse: appended (DuckDB) or staged in files (Snowflake). */
    private readonly path: WritePath,
  ) {}

  /**
   * Validates every stream (names, columns, sync modes) before anything is written, then creates
   * what is missing: schemas, tables, new columns, the staging tables of overwrite streams.
   */
  static async open(
    destination: SyncDestination,
    options: { connectionId: string; catalog: ConfiguredAirbyteCatalog; defaultSchema: string; generationId: number },
  ): Promise<CheckpointWriter> {
    const { engine } = destination;
    const { dialect, staged } = dialectFor(destination, options.connectionId);
    const planned = options.catalog.streams.map((configured, index) => planStream(configured, index, options.defaultSchema));
    const streams = new Map<string, StreamWriter>();
    for (const stream of planned) streams.set(stream.key, stream);
    const writing = [...streams.values()];
    const stagedWriter = staged ? await StagedWriter.start(engine, staged, writing, options) : null;
    await engine.transaction(async (tx) => {
      await dialect.createStateTable(tx);
      for (const stream of planned) await prepareTable(tx, dialect, engine.kind, stream);
      await stagedWriter?.prepare(tx, planned);
    });
    const path = stagedWriter ?? (await AppendWriter.start(engine, dialect, planned, writing, options));
    return new CheckpointWriter(engine, dialect, streams, path);
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
    if (this.path.failure) throw this.path.failure;
    const key = streamKey({ name: record.stream, namespace: record.namespace });
    const stream = this.streams.get(key);
    if (!stream) throw new StreamSchemaError(key, 'the connector sent a record of a stream that was not selected.');
    return this.path.write(stream, record);
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
    return this.path.checkpoint(streams, resumable ? { key: stateKey, state } : null);
  }

  /** At the end of a successful read: commits what is left and puts overwrite streams' new tables in place. */
  async finish(): Promise<CommitResult> {
    const replaced = [...this.streams.values()].filter((stream) => stream.target !== stream.table);
    const replace = async (db: Queryable) => {
      for (const stream of replaced) await this.dialect.replaceLive(db, stream);
    };
    try {
      return await this.path.finish(replace);
    } finally {
      await this.path.close();
    }
  }

  /** After a failed or cancelled read: drops what was not committed; committed checkpoints stay. */
  async abandon(): Promise<void> {
    try {
      // Rolls back what was appended since the last commit, before its tables are dropped.
      await this.path.abandon();
      for (const stream of this.streams.values()) {
        if (stream.target !== stream.table)
          await this.engine.query(sql`DROP TABLE IF EXISTS ${this.dialect.table(stream.schema, stream.target)}`);
      }
    } finally {
      await this.path.close();
    }
  }

  totals(): Array<{ stream: string; rows: number; bytes: number }> {
    return [...this.streams.values()].map((stream) => ({ stream: stream.key, rows: stream.committedRows, bytes: stream.committedBytes }));
  }
}
