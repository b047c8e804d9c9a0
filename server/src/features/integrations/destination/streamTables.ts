// The checkpointed writer's streams and the SQL about their tables: each configured stream is
// checked (cursor, primary key) and planned before anything is written, its table is created or
// given the columns it lacks, and append_dedup streams get the statement that keeps one row per key.
// The writer (checkpointWriter.ts) decides when these run; this file says what they do.
import { streamKey, type ConfiguredAirbyteStream } from '@common/integrations/airbyteProtocol';
import type { EngineKind } from '@common/warehouse/warehouseInfo';
import type { Queryable } from '../../../platform/warehouse/engine.js';
import { quoteIdentifier } from '../../../platform/warehouse/identifiers.js';
import { join, raw, sql, type Sql } from '../../../platform/warehouse/sql.js';
import type { LoadDialect, LoadStream } from './loadDialect.js';
import { AIRBYTE_COLUMNS, sqlType, streamColumns, streamTable, StreamSchemaError, type ColumnType } from './streamColumns.js';

/** A stream as the writer tracks it while a sync runs. */
export interface StreamWriter extends LoadStream {
  key: string;
  file: string;
  lines: string[];
  lineBytes: number;
  pendingRows: number;
  committedRows: number;
  committedBytes: number;
  pendingBytes: number;
  /** Appended rows only: whether a state received since the stream's last row covers its pending rows. */
  covered: boolean;
}

export const q = (name: string) => raw(quoteIdentifier(name));

/** The types of Airbyte's own columns. */
const AIRBYTE_TYPES = {
  [AIRBYTE_COLUMNS.rawId]: 'string',
  [AIRBYTE_COLUMNS.extractedAt]: 'timestamp_tz',
  [AIRBYTE_COLUMNS.meta]: 'json',
  [AIRBYTE_COLUMNS.generationId]: 'integer',
} as const satisfies Record<string, ColumnType>;

/** Checks a configured stream can be written as configured and plans where its rows go. */
export function planStream(configured: ConfiguredAirbyteStream, index: number, defaultSchema: string): StreamWriter {
  const { stream } = configured;
  const { schema, table } = streamTable(stream, defaultSchema);
  const columns = streamColumns(stream);
  const names = new Set(columns.map((column) => column.property));
  if (configured.sync_mode === 'incremental' && !stream.source_defined_cursor && !configured.cursor_field?.length) {
    throw new StreamSchemaError(stream.name, 'incremental sync needs a cursor field.');
  }
  if (configured.destination_sync_mode === 'append_dedup') {
    const key = configured.primary_key ?? stream.source_defined_primary_key ?? [];
    if (!key.length) throw new StreamSchemaError(stream.name, 'deduplication needs a primary key.');
    for (const field of key)
      if (field.length !== 1 || !names.has(field[0] ?? ''))
        throw new StreamSchemaError(stream.name, `the primary key field ${field.join('.')} is not a top-level field of the stream.`);
  }
  return {
    key: streamKey(stream),
    index,
    configured,
    schema,
    table,
    target: configured.destination_sync_mode === 'overwrite' ? `_AIRBYTE_TMP_${table}` : table,
    columns,
    file: '',
    lines: [],
    lineBytes: 0,
    pendingRows: 0,
    pendingBytes: 0,
    committedRows: 0,
    committedBytes: 0,
    covered: false,
  };
}

function columnsDdl(kind: EngineKind, stream: LoadStream): Sql {
  const type = (column: keyof typeof AIRBYTE_TYPES) => sqlType(kind, AIRBYTE_TYPES[column]);
  return join([
    ...stream.columns.map((column) => raw(`${quoteIdentifier(column.name)} ${sqlType(kind, column.type)}`)),
    raw(`${quoteIdentifier(AIRBYTE_COLUMNS.rawId)} ${type(AIRBYTE_COLUMNS.rawId)} NOT NULL`),
    raw(`${quoteIdentifier(AIRBYTE_COLUMNS.extractedAt)} ${type(AIRBYTE_COLUMNS.extractedAt)} NOT NULL`),
    raw(`${quoteIdentifier(AIRBYTE_COLUMNS.meta)} ${type(AIRBYTE_COLUMNS.meta)} NOT NULL`),
    raw(`${quoteIdentifier(AIRBYTE_COLUMNS.generationId)} ${type(AIRBYTE_COLUMNS.generationId)}`),
  ]);
}

/** Creates the stream's schema and table if missing, adds the columns it lacks, and makes an overwrite stream's staging table afresh. */
export async function prepareTable(tx: Queryable, dialect: LoadDialect, kind: EngineKind, stream: LoadStream): Promise<void> {
  await tx.query(sql`CREATE SCHEMA IF NOT EXISTS ${dialect.schema(stream.schema)}`);
  await tx.query(sql`CREATE TABLE IF NOT EXISTS ${dialect.table(stream.schema, stream.table)} (${columnsDdl(kind, stream)})`);
  // Fields the source added since the table was made become new columns (nothing is dropped).
  const have = await dialect.columnNames(tx, stream.schema, stream.table);
  for (const column of stream.columns) {
    if (!have.has(column.name))
      await tx.query(
        sql`ALTER TABLE ${dialect.table(stream.schema, stream.table)} ADD COLUMN ${q(column.name)} ${raw(sqlType(kind, column.type))}`,
      );
  }
  // A table another tool loaded before (the sample's raw tables) gets Airbyte's columns, empty
  // for the rows it already holds.
  for (const [name, type] of Object.entries(AIRBYTE_TYPES)) {
    if (!have.has(name))
      await tx.query(sql`ALTER TABLE ${dialect.table(stream.schema, stream.table)} ADD COLUMN ${q(name)} ${raw(sqlType(kind, type))}`);
  }
  if (stream.target !== stream.table) {
    await tx.query(sql`DROP TABLE IF EXISTS ${dialect.table(stream.schema, stream.target)}`);
    await tx.query(sql`CREATE TABLE ${dialect.table(stream.schema, stream.target)} (${columnsDdl(kind, stream)})`);
  }
}

/** Keeps, per primary key of the rows just loaded (`loadedKeys` of the key columns), the row with the latest cursor, then the latest extraction. */
export function dedupStatement(dialect: LoadDialect, stream: LoadStream, loadedKeys: (key: Sql) => Sql): Sql {
  const { configured } = stream;
  const column = (field: string) => stream.columns.find((candidate) => candidate.property === field)?.name ?? field;
  const key = (configured.primary_key ?? configured.stream.source_defined_primary_key ?? []).map((field) => q(column(field[0] ?? '')));
  const cursorField = configured.cursor_field?.[0] ?? configured.stream.default_cursor_field?.[0];
  const order = [
    ...(cursorField ? [raw(`${quoteIdentifier(column(cursorField))} DESC NULLS LAST`)] : []),
    raw(`${quoteIdentifier(AIRBYTE_COLUMNS.extractedAt)} DESC`),
  ];
  const table = dialect.table(stream.schema, stream.target);
  // Only the keys this checkpoint brought are looked at, not the whole table.
  return sql`DELETE FROM ${table} WHERE ${q(AIRBYTE_COLUMNS.rawId)} IN (SELECT ${q(AIRBYTE_COLUMNS.rawId)} FROM (SELECT ${q(AIRBYTE_COLUMNS.rawId)}, ROW_NUMBER() OVER (PARTITION BY ${join(key)} ORDER BY ${join(order)}) AS DW_RANK FROM ${table} WHERE (${join(key)}) IN (${loadedKeys(join(key))})) WHERE DW_RANK > 1)`;
}
