// The embedded warehouse's statements for a sync (see loadDialect.ts; the rows themselves come in
// through duckdbAppend.ts). DDL is transactional, so an overwrite stream's new table replaces the
// live one in the same transaction as its last rows.
import type { Queryable } from '../../../platform/warehouse/engine.js';
import { str } from '../../../platform/warehouse/engine.js';
import { quoteIdentifier } from '../../../platform/warehouse/identifiers.js';
import { raw, sql } from '../../../platform/warehouse/sql.js';
import { STATE_SCHEMA, STATE_TABLE, type LoadDialect, type LoadStream } from './loadDialect.js';

const q = (name: string) => raw(quoteIdentifier(name));
const qualified = (schema: string, table: string) => raw(`${quoteIdentifier(schema)}.${quoteIdentifier(table)}`);

export const duckdbLoad: LoadDialect = {
  kind: 'duckdb',
  ddlInTransactions: true,

  schema: (schema) => q(schema),
  table: qualified,

  async columnNames(db: Queryable, schema: string, table: string) {
    const rows = await db.query(
      sql`SELECT column_name FROM information_schema.columns WHERE table_schema = ${schema} AND table_name = ${table}`,
    );
    return new Set(rows.map((row) => str(row, 'column_name').toUpperCase()));
  },

  async createStateTable(db: Queryable) {
    await db.query(sql`CREATE SCHEMA IF NOT EXISTS ${q(STATE_SCHEMA)}`);
    await db.query(
      sql`CREATE TABLE IF NOT EXISTS ${qualified(STATE_SCHEMA, STATE_TABLE)} (CONNECTION_ID VARCHAR NOT NULL, STREAM VARCHAR NOT NULL, STATE JSON NOT NULL, COMMITTED_AT TIMESTAMPTZ NOT NULL, PRIMARY KEY (CONNECTION_ID, STREAM))`,
    );
  },

  async hasStateTable(db: Queryable) {
    const rows = await db.query(
      sql`SELECT 1 AS present FROM information_schema.tables WHERE table_schema = ${STATE_SCHEMA} AND table_name = ${STATE_TABLE}`,
    );
    return rows.length > 0;
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
};
