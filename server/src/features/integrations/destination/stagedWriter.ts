// The checkpointed writer's Snowflake path (checkpointWriter.ts): each record is typed into a local
// newline-delimited JSON file per stream; a checkpoint hands the covered streams' files to the load
// (snowflakeLoad.ts), which stages them and then inserts their rows and saves the state in ONE
// warehouse transaction.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AirbyteRecordMessage } from '@common/integrations/airbyteProtocol';
import type { Engine, Queryable } from '../../../platform/warehouse/engine.js';
import type { StagedLoadDialect } from './loadDialect.js';
import { RecordTyping } from './recordTyping.js';
import { dedupStatement, type StreamWriter } from './streamTables.js';
import type { CommitResult, KeyedState, WritePath } from './writePath.js';

/** Staged lines are written to the stream's file in pieces of about this size. */
const FLUSH_BYTES = 4 * 1024 * 1024;

export class StagedWriter implements WritePath {
  /** A staged row fails where it is written or loaded, in the call that writes or loads it: never set. */
  readonly failure = null;
  private files = 0;
  private readonly typing: RecordTyping;

  private constructor(
    private readonly engine: Engine,
    /** Snowflake's statements, the staged ones and the rest. */
    private readonly staged: StagedLoadDialect,
    private readonly streams: readonly StreamWriter[],
    private readonly connectionId: string,
    private readonly generationId: number,
    private dir: string,
  ) {
    this.typing = new RecordTyping(generationId);
  }

  /** Makes the sync's local directory of staging files; `prepare` names each stream's first file. */
  static async start(
    engine: Engine,
    staged: StagedLoadDialect,
    streams: readonly StreamWriter[],
    options: { connectionId: string; generationId: number },
  ): Promise<StagedWriter> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dataworks-sync-'));
    return new StagedWriter(engine, staged, streams, options.connectionId, options.generationId, dir);
  }

  /** In the transaction that prepares the streams' tables: names each stream's staging file and prepares the load. */
  async prepare(tx: Queryable, planned: readonly StreamWriter[]): Promise<void> {
    for (const stream of planned) stream.file = this.newFile();
    await this.staged.prepareLoad(tx, planned);
  }

  /** Types the record and stages it in the stream's file. */
  async write(stream: StreamWriter, record: AirbyteRecordMessage): Promise<void> {
    const text = this.typing.line(stream.columns, record);
    stream.lines.push(text);
    stream.lineBytes += text.length;
    stream.pendingRows += 1;
    stream.pendingBytes += text.length;
    if (stream.lineBytes >= FLUSH_BYTES) await this.flushLines(stream);
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

  checkpoint(streams: StreamWriter[], state: KeyedState | null): Promise<CommitResult> {
    return this.commit(streams, state);
  }

  /** Commits what is left; overwrite streams' tables are swapped in its transaction if the dialect allows DDL in one, else after it. */
  async finish(replace: (db: Queryable) => Promise<void>): Promise<CommitResult> {
    const result = await this.commit(this.streams, null, this.staged.ddlInTransactions ? replace : undefined);
    if (!this.staged.ddlInTransactions) await replace(this.engine);
    return result;
  }

  /** Nothing staged reached a table before its commit: the files and load tables go on close. */
  abandon(): Promise<void> {
    return Promise.resolve();
  }

  async close(): Promise<void> {
    if (!this.dir) return;
    try {
      await this.staged.cleanUp(this.engine, this.streams);
    } finally {
      await fs.rm(this.dir, { recursive: true, force: true });
      this.dir = '';
    }
  }

  /**
   * Loads the streams' staged rows (and saves the state) in one transaction. The staged files are
   * handed to the load and each stream starts a new one at once, so the caller may stage the next
   * checkpoint's records while this one loads.
   */
  private async commit(
    streams: readonly StreamWriter[],
    state: KeyedState | null,
    more?: (tx: Queryable) => Promise<void>,
  ): Promise<CommitResult> {
    const { staged } = this;
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
          await tx.query(dedupStatement(staged, stream, (key) => staged.stagedKeys(stream, file, key)));
        await staged.clearStaged(tx, stream);
      }
      if (state) await tx.query(staged.saveState(this.connectionId, state.key, state.state));
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
