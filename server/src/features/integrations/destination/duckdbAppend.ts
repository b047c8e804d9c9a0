// How a sync's rows reach the embedded warehouse: DuckDB's appender puts each record straight
// into its stream's target table, inside a transaction that stays open on a connection of the
// sync's own until a checkpoint saves the state(s) covering those rows in that same transaction
// and commits. Readers see the rows only from that commit on, and a crash or cancel before it
// leaves the tables (and the saved state) as of the last commit. Nothing is staged on the side:
// no file, no JSON text per record to write and parse again, no second copy of a checkpoint's rows
// in memory; DuckDB writes a large transaction's rows to the database file as they fill.
//
// The connection is the sync's own (not the engine's one-at-a-time transactions), so the portal's
// other writes to the warehouse are not held up for as long as the sync runs.
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { ownDuckDbConnection } from '../../../platform/warehouse/duckdbEngine.js';
import type { Engine, Queryable } from '../../../platform/warehouse/engine.js';
import { quoteIdentifier } from '../../../platform/warehouse/identifiers.js';
import type { Sql } from '../../../platform/warehouse/sql.js';
import type { LoadStream } from './loadDialect.js';
import { AIRBYTE_COLUMNS, type ColumnType } from './streamColumns.js';

/** One row of a stream as the writer typed it: values in the stream's column order, then Airbyte's columns. */
export interface TypedRow {
  values: unknown[];
  rawId: string;
  /** ISO 8601 text (DuckDB casts text faster than the client library passes a timestamp value). */
  extractedAt: string;
  /** `_airbyte_meta` as JSON text. */
  meta: string;
}

/** What goes in each of the table's columns, in the table's own order. */
type Slot =
  { of: 'stream'; index: number; type: ColumnType } | { of: 'rawId' | 'extractedAt' | 'meta' | 'generationId' } | { of: 'default' };

interface Target {
  stream: LoadStream;
  slots: Slot[];
  appender: DuckDBAppender | null;
  /** append_dedup streams: the raw ids appended since the last commit, in a temporary table of this connection. */
  loadedIds: string | null;
  idAppender: DuckDBAppender | null;
}

function appendValue(appender: DuckDBAppender, value: unknown, type: ColumnType): void {
  if (value === null || value === undefined) return appender.appendNull();
  switch (type) {
    case 'integer':
      // Safe integers only (the writer nulls others); int32 needs no BigInt.
      return (value as number) >= -2147483648 && (value as number) <= 2147483647
        ? appender.appendInteger(value as number)
        : appender.appendBigInt(BigInt(value as number));
    case 'number':
      return appender.appendDouble(value as number);
    case 'boolean':
      return appender.appendBoolean(value as boolean);
    case 'json':
      return appender.appendVarchar(JSON.stringify(value));
    default:
      // Text, and dates and times as checked ISO text: DuckDB casts them as its CAST does.
      return appender.appendVarchar(value as string);
  }
}

export class DuckDbAppendLoad {
  private readonly targets = new Map<number, Target>();
  private open = false;
  /** Statements on the load's connection, inside its open transaction. */
  readonly tx: Queryable;

  private constructor(
    private readonly connection: DuckDBConnection,
    private readonly generationId: number,
  ) {
    this.tx = {
      kind: 'duckdb',
      query: async (statement: Sql) => {
        const reader = await this.connection.runAndReadAll(statement.text, [...statement.params]);
        return reader.getRowObjectsJS() as never;
      },
    };
  }

  /** A connection of the sync's own, and each target's column order (a table another tool made may order them otherwise, or have more). */
  static async start(engine: Engine, streams: readonly LoadStream[], generationId: number): Promise<DuckDbAppendLoad> {
    const connection = await ownDuckDbConnection(engine);
    if (!connection) throw new Error('this warehouse engine cannot take a sync’s rows.');
    const load = new DuckDbAppendLoad(connection, generationId);
    try {
      for (const stream of streams) {
        const reader = await connection.runAndReadAll(
          'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
          [stream.schema, stream.target],
        );
        const byName = new Map(stream.columns.map((column, index) => [column.name, { index, type: column.type }]));
        const slots = reader.getRowsJS().map(([name]): Slot => {
          const upper = String(name).toUpperCase();
          const column = byName.get(upper);
          if (column) return { of: 'stream', ...column };
          if (upper === AIRBYTE_COLUMNS.rawId) return { of: 'rawId' };
          if (upper === AIRBYTE_COLUMNS.extractedAt) return { of: 'extractedAt' };
          if (upper === AIRBYTE_COLUMNS.meta) return { of: 'meta' };
          if (upper === AIRBYTE_COLUMNS.generationId) return { of: 'generationId' };
          return { of: 'default' };
        });
        const dedup = stream.configured.destination_sync_mode === 'append_dedup';
        const loadedIds = dedup ? `DW_LOADED_IDS_${stream.index}` : null;
        if (loadedIds) await connection.run(`CREATE OR REPLACE TEMP TABLE ${quoteIdentifier(loadedIds)} (RAW_ID VARCHAR NOT NULL)`);
        load.targets.set(stream.index, { stream, slots, appender: null, loadedIds, idAppender: null });
      }
    } catch (error) {
      connection.closeSync();
      throw error;
    }
    return load;
  }

  /**
   * Appends one row to its stream's target, in the open transaction. Synchronous once the
   * transaction and the stream's appender are open (every row but the first after a commit):
   * this runs for every record.
   */
  append(stream: LoadStream, row: TypedRow): void | Promise<void> {
    const target = this.targets.get(stream.index);
    if (!target) throw new Error(`no load target for stream ${stream.table}.`);
    if (!this.open || !target.appender || (target.loadedIds && !target.idAppender))
      return this.openFor(target).then(() => this.append(stream, row));
    const { appender } = target;
    for (const slot of target.slots) {
      switch (slot.of) {
        case 'stream':
          appendValue(appender, row.values[slot.index], slot.type);
          break;
        case 'rawId':
          appender.appendVarchar(row.rawId);
          break;
        case 'extractedAt':
          appender.appendVarchar(row.extractedAt);
          break;
        case 'meta':
          appender.appendVarchar(row.meta);
          break;
        case 'generationId':
          appender.appendInteger(this.generationId);
          break;
        case 'default':
          appender.appendDefault();
          break;
      }
    }
    appender.endRow();
    if (target.idAppender) {
      target.idAppender.appendVarchar(row.rawId);
      target.idAppender.endRow();
    }
  }

  /** Begins the transaction (the first row after a commit) and opens the stream's appenders. */
  private async openFor(target: Target): Promise<void> {
    if (!this.open) {
      await this.connection.run('BEGIN TRANSACTION');
      this.open = true;
    }
    target.appender ??= await this.connection.createAppender(target.stream.target, target.stream.schema);
    if (target.loadedIds) target.idAppender ??= await this.connection.createAppender(target.loadedIds, 'main', 'temp');
  }

  /** The raw ids appended to a stream since the last commit (append_dedup streams), as a query. */
  loadedIds(stream: LoadStream): string {
    const table = this.targets.get(stream.index)?.loadedIds;
    if (!table) throw new Error(`stream ${stream.table} keeps no loaded ids.`);
    return `SELECT RAW_ID FROM temp.${quoteIdentifier(table)}`;
  }

  /**
   * Flushes the appenders (their rows are then visible to this transaction's statements), runs
   * `work` in the transaction (deduplication, the state, swapping tables), and commits.
   */
  async commit(work: (tx: Queryable) => Promise<void>): Promise<void> {
    if (!this.open) {
      await this.connection.run('BEGIN TRANSACTION');
      this.open = true;
    }
    try {
      this.closeAppenders();
      await work(this.tx);
      for (const target of this.targets.values())
        if (target.loadedIds) await this.connection.run(`DELETE FROM temp.${quoteIdentifier(target.loadedIds)}`);
      await this.connection.run('COMMIT');
      this.open = false;
    } catch (error) {
      await this.rollback();
      throw error;
    }
  }

  /** Drops everything appended since the last commit. */
  async rollback(): Promise<void> {
    try {
      this.closeAppenders();
    } catch {
      // An appender that cannot flush is thrown away with the transaction.
    }
    if (this.open) {
      this.open = false;
      // A COMMIT that failed has already ended the transaction.
      await this.connection.run('ROLLBACK').catch(() => undefined);
    }
  }

  /** Ends the load: anything not committed is rolled back. */
  async close(): Promise<void> {
    try {
      await this.rollback();
    } finally {
      this.connection.closeSync();
    }
  }

  private closeAppenders(): void {
    for (const target of this.targets.values()) {
      const { appender, idAppender } = target;
      target.appender = null;
      target.idAppender = null;
      appender?.closeSync();
      idAppender?.closeSync();
    }
  }
}
