// What differs between the two warehouses a sync writes into, for the checkpointed writer
// (checkpointWriter.ts): how tables are named, how the state row is saved and read, and how an overwrite stream's new table replaces the live
// one, and for Snowflake how a staged file of rows reaches the warehouse. The writer's logic
// (validation, typing, one transaction per checkpoint) is the same for both; duckdbLoad.ts and
// snowflakeLoad.ts hold each side's statements, duckdbAppend.ts DuckDB's way in for the rows.
import type { AirbyteStateMessage, ConfiguredAirbyteStream } from '@common/integrations/airbyteProtocol';
import type { EngineKind } from '@common/warehouse/warehouseInfo';
import type { Engine, Queryable } from '../../../platform/warehouse/engine.js';
import type { Sql } from '../../../platform/warehouse/sql.js';
import type { StreamColumn } from './streamColumns.js';

/** Where a connection's syncs land: the organisation's warehouse and, on Snowflake, the database to write in. */
export interface SyncDestination {
  engine: Engine;
  /** Snowflake only: the database the raw tables are written in (the portal's session reads SNOWFLAKE.ACCOUNT_USAGE). */
  database?: string | null;
}

export { STATE_SCHEMA, STATE_TABLE } from './portalSchemas.js';

/** One stream as the dialects see it. */
export interface LoadStream {
  /** The stream's position in the catalog: names the stream's load objects. */
  index: number;
  configured: ConfiguredAirbyteStream;
  schema: string;
  table: string;
  /** Where this sync's rows go: the live table, or the staging table for overwrite. */
  target: string;
  columns: StreamColumn[];
}

export interface LoadDialect {
  readonly kind: EngineKind;
  /** A schema's name as SQL (Snowflake: inside the load database). */
  schema(schema: string): Sql;
  /** A table's name as SQL (Snowflake: inside the load database). */
  table(schema: string, table: string): Sql;
  /** Upper-case column names of a table; empty when the table does not exist. */
  columnNames(db: Queryable, schema: string, table: string): Promise<Set<string>>;
  /** The state table, made if missing. */
  createStateTable(db: Queryable): Promise<void>;
  /** Whether the state table exists (a warehouse no sync has written to has none). */
  hasStateTable(db: Queryable): Promise<boolean>;
  /** Saves a stream's state (insert or replace). */
  saveState(connectionId: string, key: string, state: AirbyteStateMessage): Sql;
  /** The saved state of a connection, as JSON text in the column STATE, with STREAM. */
  readStates(connectionId: string): Sql;
  /**
   * Whether DDL may run inside the checkpoint's transaction. DuckDB: yes, so an overwrite stream's
   * new table replaces the live one in the same transaction. Snowflake commits on any DDL, so the
   * swap runs after the last commit instead (a single atomic statement of its own).
   */
  readonly ddlInTransactions: boolean;
  /** Puts an overwrite stream's new table in place of the live one. */
  replaceLive(db: Queryable, stream: LoadStream): Promise<void>;
}

/**
 * A warehouse the writer reaches through staged files of rows (Snowflake): records are written to a
 * local file per stream, which a checkpoint uploads and inserts in its transaction. DuckDB takes
 * rows through its appender instead (duckdbAppend.ts).
 */
export interface StagedLoadDialect extends LoadDialect {
  /** Run once when a sync opens, after its tables exist (Snowflake: the streams' load tables, emptied). */
  prepareLoad(db: Queryable, streams: readonly LoadStream[]): Promise<void>;
  /**
   * Before the checkpoint's transaction: makes the staged file of rows readable by the warehouse
   * (Snowflake: uploaded to a stage and copied into the stream's load table). Nothing is visible yet.
   */
  stageFile(engine: Engine, stream: LoadStream, file: string): Promise<void>;
  /** In the transaction: puts the staged rows into the stream's target. */
  insertStaged(stream: LoadStream, file: string, generationId: number): Sql;
  /** A query of the primary-key values of the rows just inserted, for deduplication. */
  stagedKeys(stream: LoadStream, file: string, key: Sql): Sql;
  /** In the transaction, after the insert: forgets the staged rows. */
  clearStaged(tx: Queryable, stream: LoadStream): Promise<void>;
  /** When the sync ends either way: drops what only the sync used (Snowflake: the load tables). */
  cleanUp(engine: Engine, streams: readonly LoadStream[]): Promise<void>;
}
