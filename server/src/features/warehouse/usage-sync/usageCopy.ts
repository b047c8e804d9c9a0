/**
 * An organisation's usage copy: a DuckDB file under `${DATA_DIR}/usage/<org>.duckdb` holding
 * the ACCOUNT_USAGE views the Optimize pages read (same schema, table and column names as the
 * sample account, see sample/schema.ts), the cost attribution derived from them (DATAWORKS.*),
 * and the sync's own bookkeeping (USAGE_SYNC.*). The Optimize analyses run on this file whatever
 * the organisation's warehouse is, so their SQL is DuckDB's alone.
 *
 * The copy remembers which account it was filled from. When that changes (another Snowflake
 * account, or a sample generated anew) it starts again empty rather than mix two accounts.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { openDuckDbEngine } from '../../../platform/warehouse/duckdbEngine.js';
import type { DuckDbLimits } from '../../../platform/warehouse/duckdbInstance.js';
import { num, str, type Engine, type Row } from '../../../platform/warehouse/engine.js';
import { raw, sql } from '../../../platform/warehouse/sql.js';
import {
  queryCostDailySelect,
  queryCostDailyTopSelect,
  queryCostSelect,
  warehouseHourCostSelect,
} from '../../../platform/warehouse/attribution.js';
import { queryGapsSelect } from '../../../platform/warehouse/gaps.js';
import { SCHEMA_DDL } from '../../../samples/warehouse/schema.js';

/** Bumped when the copy's tables change shape: an older copy is then rebuilt. */
export const COPY_VERSION = 4;

const NO_TIME = { start: '1970-01-01 00:00:00', end: '1970-01-01 00:00:00' };

/** The ACCOUNT_USAGE tables, exactly as the sample account defines them. */
const ACCOUNT_USAGE_DDL = SCHEMA_DDL.filter((statement) => /^\s*CREATE TABLE ACCOUNT_USAGE\./.test(statement));

const BOOKKEEPING_DDL = [
  'CREATE SCHEMA IF NOT EXISTS ACCOUNT_USAGE',
  'CREATE SCHEMA IF NOT EXISTS DATAWORKS',
  'CREATE SCHEMA IF NOT EXISTS USAGE_SYNC',
  `CREATE TABLE USAGE_SYNC.COPY_INFO (COPY_VERSION INTEGER, SOURCE VARCHAR, CREATED_AT TIMESTAMP)`,
  // READ_TO: everything the account reported before it is in the copy (as of SYNCED_AT).
  `CREATE TABLE USAGE_SYNC.WATERMARKS (VIEW_NAME VARCHAR PRIMARY KEY, READ_TO TIMESTAMP, SYNCED_AT TIMESTAMP, ROWS_COPIED BIGINT)`,
  `CREATE TABLE USAGE_SYNC.RUNS (
     RUN_ID VARCHAR PRIMARY KEY, KIND VARCHAR, STARTED_AT TIMESTAMP, FINISHED_AT TIMESTAMP, STATUS VARCHAR,
     ROWS_COPIED BIGINT, SOURCE_STATEMENTS INTEGER, ERROR VARCHAR)`,
];

export interface UsageCopy {
  readonly file: string;
  /** The copy's engine (reads for the analyses, transactions for the sync). */
  readonly engine: Engine;
  close(): Promise<void>;
}

async function tableExists(engine: Engine, schema: string, table: string): Promise<boolean> {
  const rows = await engine.query(
    sql`SELECT COUNT(*) AS "n" FROM information_schema.tables WHERE table_schema = ${schema} AND table_name = ${table}`,
  );
  return rows[0] !== undefined && num(rows[0], 'n') > 0;
}

async function createTables(engine: Engine, source: string): Promise<void> {
  await engine.transaction(async (tx) => {
    for (const statement of [...BOOKKEEPING_DDL, ...ACCOUNT_USAGE_DDL]) await tx.query(raw(statement));
    // The derived tables take the attribution statements' own columns (run over an empty window).
    await tx.query(sql`CREATE TABLE DATAWORKS.QUERY_COST AS SELECT * FROM (${queryCostSelect(NO_TIME)}) LIMIT 0`);
    await tx.query(sql`CREATE TABLE DATAWORKS.QUERY_COST_DAILY AS SELECT * FROM (${queryCostDailySelect(NO_TIME)}) LIMIT 0`);
    await tx.query(sql`CREATE TABLE DATAWORKS.QUERY_COST_DAILY_TOP AS SELECT * FROM (${queryCostDailyTopSelect(NO_TIME)}) LIMIT 0`);
    await tx.query(sql`CREATE TABLE DATAWORKS.WAREHOUSE_HOUR_COST AS SELECT * FROM (${warehouseHourCostSelect(NO_TIME)}) LIMIT 0`);
    await tx.query(sql`CREATE TABLE DATAWORKS.QUERY_GAPS AS SELECT * FROM (${queryGapsSelect(NO_TIME)}) LIMIT 0`);
    await tx.query(sql`INSERT INTO USAGE_SYNC.COPY_INFO VALUES (${COPY_VERSION}, ${source}, now())`);
  });
}

async function copyInfo(engine: Engine): Promise<Row | null> {
  if (!(await tableExists(engine, 'USAGE_SYNC', 'COPY_INFO'))) return null;
  const rows = await engine.query(sql`SELECT COPY_VERSION, SOURCE FROM USAGE_SYNC.COPY_INFO LIMIT 1`);
  return rows[0] ?? null;
}

async function removeFile(file: string): Promise<void> {
  await fs.rm(file, { force: true });
  await fs.rm(`${file}.wal`, { force: true });
}

/**
 * Where a usage sync stages the slices it reads from the account (stagedRows.ts): a folder of the
 * organisation's own beside its copy, the one folder its warehouse and copy may touch files in.
 */
export function usageStagingDir(copyFile: string): string {
  return path.join(path.dirname(copyFile), '.staging', path.basename(copyFile, '.duckdb'));
}

/**
 * Opens the copy of `org` (creating it), for the account named by `source` (an identity such as
 * "snowflake:xy12345.eu-west-1" or "sample:<generated at>"). A copy of another account or of an
 * older shape is replaced by an empty one.
 */
export async function openUsageCopy(dir: string, org: string, source: string, limits?: DuckDbLimits): Promise<UsageCopy> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${org}.duckdb`);
  const options = { limits, allowedDirectories: [usageStagingDir(file)] };
  let engine = await openDuckDbEngine(file, options);
  const info = await copyInfo(engine).catch(() => null);
  const current = info !== null && num(info, 'COPY_VERSION') === COPY_VERSION && str(info, 'SOURCE') === source;
  if (!current) {
    if (info !== null) {
      await engine.close();
      await removeFile(file);
      engine = await openDuckDbEngine(file, options);
    }
    if (!(await tableExists(engine, 'USAGE_SYNC', 'COPY_INFO'))) await createTables(engine, source);
  }
  return { file, engine, close: () => engine.close() };
}
