// Snowflake's side of a sync (see loadDialect.ts), the way Airbyte's Snowflake destination loads:
// each checkpoint's staged file is uploaded to the portal user's stage (PUT) and copied into a
// load table of the stream (COPY INTO, typed from the JSON); then ONE transaction inserts the load
// table's rows into the stream's table, deduplicates, empties the load table and saves the state.
// A crash before that transaction leaves only the load table filled; the next sync empties it.
//
// Snowflake commits any DDL at once, so tables are made before the first checkpoint and an
// overwrite stream's new table is swapped in (ALTER TABLE … SWAP WITH, atomic on its own) after
// the last commit. The portal's session reads SNOWFLAKE.ACCOUNT_USAGE, so every name here is
// qualified with the organisation's load database.
import type { Engine, Queryable } from '../../../platform/warehouse/engine.js';
import { str } from '../../../platform/warehouse/engine.js';
import { quoteIdentifier } from '../../../platform/warehouse/identifiers.js';
import { join, raw, sql, type Sql } from '../../../platform/warehouse/sql.js';
import { STATE_SCHEMA, STATE_TABLE, type LoadStream, type StagedLoadDialect } from './loadDialect.js';
import { AIRBYTE_COLUMNS, sqlType } from './streamColumns.js';

const q = (name: string) => raw(quoteIdentifier(name));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Staged files are written by the writer under the system's temporary directory; anything else is refused before it reaches SQL. */
const SAFE_PATH = /^\/[A-Za-z0-9_./-]+$/;

export class SnowflakeLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnowflakeLoadError';
  }
}

export function snowflakeLoad(database: string | null | undefined, connectionId: string): StagedLoadDialect {
  if (!database) {
    throw new SnowflakeLoadError(
      'Syncs into Snowflake need a load database: set "loadDatabase" for the organisation in the warehouse connections file.',
    );
  }
  // The connection id names the user-stage folder and the load tables, so it must be what the portal makes.
  if (!UUID.test(connectionId)) throw new SnowflakeLoadError(`Connection id ${connectionId} is not a UUID.`);
  const db = quoteIdentifier(database);
  const schema = (name: string) => raw(`${db}.${quoteIdentifier(name)}`);
  const table = (schemaName: string, tableName: string) => raw(`${db}.${quoteIdentifier(schemaName)}.${quoteIdentifier(tableName)}`);
  const stagePath = `@~/dataworks_sync/${connectionId.toLowerCase()}/`;
  const loadTableName = (stream: LoadStream) => `_DW_LOAD_${connectionId.replace(/-/g, '').toUpperCase()}_${stream.index}`;
  const loadTable = (stream: LoadStream) => table(STATE_SCHEMA, loadTableName(stream));
  const airbyteColumns = [AIRBYTE_COLUMNS.rawId, AIRBYTE_COLUMNS.extractedAt, AIRBYTE_COLUMNS.meta];
  const loadedColumns = (stream: LoadStream) => join([...stream.columns.map((column) => q(column.name)), ...airbyteColumns.map(q)]);

  return {
    kind: 'snowflake',
    ddlInTransactions: false,
    schema,
    table,

    async columnNames(queryable: Queryable, schemaName: string, tableName: string) {
      const rows = await queryable.query(
        sql`SELECT COLUMN_NAME AS "column_name" FROM ${raw(db)}.INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = ${schemaName} AND TABLE_NAME = ${tableName}`,
      );
      return new Set(rows.map((row) => str(row, 'column_name').toUpperCase()));
    },

    async createStateTable(queryable: Queryable) {
      await queryable.query(sql`CREATE SCHEMA IF NOT EXISTS ${schema(STATE_SCHEMA)}`);
      await queryable.query(
        sql`CREATE TABLE IF NOT EXISTS ${table(STATE_SCHEMA, STATE_TABLE)} (CONNECTION_ID VARCHAR NOT NULL, STREAM VARCHAR NOT NULL, STATE VARIANT NOT NULL, COMMITTED_AT TIMESTAMP_TZ NOT NULL, PRIMARY KEY (CONNECTION_ID, STREAM))`,
      );
    },

    async hasStateTable(queryable: Queryable) {
      const rows = await queryable.query(
        sql`SELECT 1 AS "present" FROM ${raw(db)}.INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = ${STATE_SCHEMA} AND TABLE_NAME = ${STATE_TABLE}`,
      );
      return rows.length > 0;
    },

    async prepareLoad(queryable: Queryable, streams: readonly LoadStream[]) {
      // A fresh load table per stream, shaped like the table it feeds (rows a crashed sync left are gone with it).
      for (const stream of streams) {
        await queryable.query(sql`CREATE OR REPLACE TRANSIENT TABLE ${loadTable(stream)} LIKE ${table(stream.schema, stream.target)}`);
      }
      await queryable.query(raw(`REMOVE ${stagePath}`));
    },

    async stageFile(engine: Engine, stream: LoadStream, file: string) {
      if (!SAFE_PATH.test(file)) throw new SnowflakeLoadError(`The staged file path ${file} has characters a PUT statement cannot take.`);
      const name = file.slice(file.lastIndexOf('/') + 1);
      await engine.query(raw(`PUT 'file://${file}' ${stagePath} AUTO_COMPRESS = TRUE OVERWRITE = TRUE`));
      // Typed as the table's columns declare; the record's values were cast to those types when staged.
      // FORCE: file names repeat from one sync to the next, and Snowflake would otherwise skip a name it
      // remembers loading; PURGE removes each file once loaded.
      const typed = join([
        ...stream.columns.map((column, index) =>
          raw(column.type === 'json' ? `$1:c${index}` : `$1:c${index}::${sqlType('snowflake', column.type)}`),
        ),
        raw('$1:_raw_id::VARCHAR'),
        raw('$1:_extracted_at::TIMESTAMP_TZ'),
        raw('$1:_meta'),
      ]);
      await engine.query(
        sql`COPY INTO ${loadTable(stream)} (${loadedColumns(stream)}) FROM (SELECT ${typed} FROM ${raw(stagePath)}) FILES = (${raw(`'${name}.gz'`)}) FILE_FORMAT = (TYPE = JSON) FORCE = TRUE PURGE = TRUE`,
      );
    },

    insertStaged(stream: LoadStream, _file: string, generationId: number): Sql {
      return sql`INSERT INTO ${table(stream.schema, stream.target)} (${loadedColumns(stream)}, ${q(AIRBYTE_COLUMNS.generationId)}) SELECT ${loadedColumns(stream)}, ${generationId} FROM ${loadTable(stream)}`;
    },

    stagedKeys(stream: LoadStream, _file: string, key: Sql): Sql {
      return sql`SELECT ${key} FROM ${loadTable(stream)}`;
    },

    async clearStaged(tx: Queryable, stream: LoadStream) {
      await tx.query(sql`DELETE FROM ${loadTable(stream)}`);
    },

    saveState(id, key, state) {
      const target = table(STATE_SCHEMA, STATE_TABLE);
      return sql`MERGE INTO ${target} AS T USING (SELECT ${id} AS CONNECTION_ID, ${key} AS STREAM, PARSE_JSON(${JSON.stringify(state)}) AS STATE) AS S ON T.CONNECTION_ID = S.CONNECTION_ID AND T.STREAM = S.STREAM WHEN MATCHED THEN UPDATE SET STATE = S.STATE, COMMITTED_AT = CURRENT_TIMESTAMP() WHEN NOT MATCHED THEN INSERT (CONNECTION_ID, STREAM, STATE, COMMITTED_AT) VALUES (S.CONNECTION_ID, S.STREAM, S.STATE, CURRENT_TIMESTAMP())`;
    },

    readStates(id) {
      return sql`SELECT STREAM, TO_JSON(STATE) AS STATE FROM ${table(STATE_SCHEMA, STATE_TABLE)} WHERE CONNECTION_ID = ${id} ORDER BY STREAM`;
    },

    async replaceLive(queryable: Queryable, stream: LoadStream) {
      await queryable.query(sql`ALTER TABLE ${table(stream.schema, stream.table)} SWAP WITH ${table(stream.schema, stream.target)}`);
      // After the swap the staging name holds the previous sync's rows.
      await queryable.query(sql`DROP TABLE ${table(stream.schema, stream.target)}`);
    },

    async cleanUp(engine: Engine, streams: readonly LoadStream[]) {
      for (const stream of streams) await engine.query(sql`DROP TABLE IF EXISTS ${loadTable(stream)}`);
      await engine.query(raw(`REMOVE ${stagePath}`));
    },
  };
}
