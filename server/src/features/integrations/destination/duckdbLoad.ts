// The embedded warehouse's side of a sync (see loadDialect.ts): DuckDB reads the staged file of
// rows itself (read_json), and DDL is transactional, so an overwrite stream's new table replaces
// the live one in the same transaction as its last rows.
import type { Engine, Queryable } from '../../../platform/warehouse/engine.js';
import { str } from '../../../platform/warehouse/engine.js';
import { quoteIdentifier } from '../../../platform/warehouse/identifiers.js';
import { join, raw, sql, type Sql } from '../../../platform/warehouse/sql.js';
import { STATE_SCHEMA, STATE_TABLE, type LoadDialect, type LoadStream } from './loadDialect.js';
import { AIRBYTE_COLUMNS, sqlType } from './streamColumns.js';

const q = (name: string) => raw(quoteIdentifier(name));
const qualified = (schema: string, table: string) => raw(`${quoteIdentifier(schema)}.${quoteIdentifier(table)}`);

/** read_json's column list for a stream's staged file: c0…cN, then Airbyte's columns. */
function stagedColumns(stream: LoadStream): string {
  return [
    ...stream.columns.map((column, index) => `'c${index}': '${sqlType('duckdb', column.type)}'`),
    `'_raw_id': 'VARCHAR'`,
    `'_extracted_at': 'TIMESTAMPTZ'`,
    `'_meta': 'JSON'`,
  ].join(', ');
}

export const duckdbLoad: LoadDialect = {
  kind: 'duckdb',
  ddlInTransactions: true,

  schema: (schema) => q(schema),
  table: qualified,

  async columnNames(db: Queryable, schema: string, table: string) {
    const rows = await db.query(sql`SELECT column_name FROM information_schema.columns WHERE table_schema = ${schema} AND table_name = ${table}`);
    return new Set(rows.map((row) => str(row, 'column_name').toUpperCase()));
  },

  async createStateTable(db: Queryable) {
    await db.query(sql`CREATE SCHEMA IF NOT EXISTS ${q(STATE_SCHEMA)}`);
    await db.query(sql`CREATE TABLE IF NOT EXISTS ${qualified(STATE_SCHEMA, STATE_TABLE)} (CONNECTION_ID VARCHAR NOT NULL, STREAM VARCHAR NOT NULL, STATE JSON NOT NULL, COMMITTED_AT TIMESTAMPTZ NOT NULL, PRIMARY KEY (CONNECTION_ID, STREAM))`);
  },

  async hasStateTable(db: Queryable) {
    const rows = await db.query(sql`SELECT 1 AS present FROM information_schema.tables WHERE table_schema = ${STATE_SCHEMA} AND table_name = ${STATE_TABLE}`);
    return rows.length > 0;
  },

  async prepareLoad() {
    // DuckDB reads the staged files directly: nothing to prepare.
  },

  async stageFile() {
    // Likewise: the file on this machine is what the insert reads.
  },

  insertStaged(stream: LoadStream, file: string, generationId: number): Sql {
    const targetColumns = join([...stream.columns.map((column) => q(column.name)), q(AIRBYTE_COLUMNS.rawId), q(AIRBYTE_COLUMNS.extractedAt), q(AIRBYTE_COLUMNS.meta), q(AIRBYTE_COLUMNS.generationId)]);
    const values = join([...stream.columns.map((_, index) => raw(`c${index}`)), raw('_raw_id'), raw('_extracted_at'), raw('_meta'), sql`${generationId}`]);
    return sql`INSERT INTO ${qualified(stream.schema, stream.target)} (${targetColumns}) SELECT ${values} FROM read_json(${file}, format = 'newline_delimited', columns = {${raw(stagedColumns(stream))}})`;
  },

  stagedKeys(stream: LoadStream, file: string, key: Sql): Sql {
    return sql`SELECT ${key} FROM ${qualified(stream.schema, stream.target)} WHERE ${q(AIRBYTE_COLUMNS.rawId)} IN (SELECT _raw_id FROM read_json(${file}, format = 'newline_delimited', columns = {'_raw_id': 'VARCHAR'}))`;
  },

  async clearStaged() {
    // The staged file is removed by the writer once the transaction has committed.
  },

  saveState(connectionId, key, state) {
    return sql`INSERT OR REPLACE INTO ${qualified(STATE_SCHEMA, STATE_TABLE)} (CONNECTION_ID, STREAM, STATE, COMMITTED_AT) VALUES (${connectionId}, ${key}, ${JSON.stringify(state)}, now())`;
  },

  readStates(connectionId) {
    return sql`SELECT STREAM, CAST(STATE AS VARCHAR) AS STATE FROM ${qualified(STATE_SCHEMA, STATE_TABLE)} WHERE CONNECTION_ID = ${connectionId} ORDER BY STREAM`;
  },

  async replaceLive(db: Queryable, stream: LoadStream) {
    await db.query(sql`DROP TABLE ${qualified(stream.schema, stream.table)}`);
    await db.query(sql`ALTER TABLE ${qualified(stream.schema, stream.target)} RENAME TO ${q(stream.table)}`);
  },

  async cleanUp(_engine: Engine, _streams: readonly LoadStream[]) {
    // Nothing outside the staged files, which the writer removes.
  },
};
