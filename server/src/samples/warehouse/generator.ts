/**
 * Builds a sample account into a DuckDB file: 90 days by default (ending at the generation hour) of an
 * account with Snowflake's ACCOUNT_USAGE shape, plus the raw business tables its ELT tools
 * loaded (rawSql.ts), deterministic for an organisation id, a size and a "now". The file is
 * written under a temporary name and renamed into place, so a crash never leaves a half-built
 * account behind.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { DAY_MS } from '@common/time/utcDay';
import {
  queryCostDailySelect,
  queryCostDailyTopSelect,
  queryCostSelect,
  warehouseHourCostSelect,
  windowText,
} from '../../platform/warehouse/attribution.js';
import { queryGapsSelect } from '../../platform/warehouse/gaps.js';
import { installSnowflakeShims } from '../../platform/warehouse/duckdbEngine.js';
import { DEFAULT_DUCKDB_LIMITS, openDuckDbInstance, type DuckDbLimits } from '../../platform/warehouse/duckdbInstance.js';
import { raw, sql, type Sql } from '../../platform/warehouse/sql.js';
import { REFERENCE_DDL, accountRows, lastLoginSql, referenceRows } from './accountSql.js';
import { planSample, type SamplePlan } from './plan.js';
import { queryHistorySql, slotsSql } from './querySql.js';
import { RAW_DDL, rawStatements } from './rawSql.js';
import { SAMPLE_SCHEMA_VERSION, SCHEMA_DDL } from './schema.js';
import { usageStatements } from './usageSql.js';

export interface SampleOptions {
  org: string;
  /** Rows of QUERY_HISTORY to draw (a few that would end after "now" are dropped). */
  queryCount: number;
  /** Defaults to the current time; the window ends at this hour. */
  now?: Date;
  /** Days of history (default 90). */
  days?: number;
  /**
   * What the working copy is held to (default DuckDB's defaults of the portal): generation runs in
   * the process that asked for it (the portal, on an organisation's first visit), so it stays
   * within the same bounds as the databases the portal serves from.
   */
  limits?: DuckDbLimits;
}

export interface SampleSummary {
  org: string;
  seed: number;
  windowStart: string;
  windowEnd: string;
  queryCount: number;
  milliseconds: number;
}

async function run(connection: DuckDBConnection, statement: Sql | string): Promise<void> {
  if (typeof statement === 'string') await connection.run(statement);
  else await connection.run(statement.text, [...statement.params]);
}

async function build(connection: DuckDBConnection, plan: SamplePlan): Promise<number> {
  await installSnowflakeShims(connection);
  for (const ddl of [...SCHEMA_DDL, ...REFERENCE_DDL]) await run(connection, ddl);
  for (const statement of [...referenceRows(plan), ...accountRows(plan)]) await run(connection, statement);
  await run(connection, slotsSql(plan));
  await run(connection, queryHistorySql(plan));
  for (const statement of usageStatements(plan)) await run(connection, statement);
  await run(connection, lastLoginSql(plan));
  // The organisation's business data, as its ELT tools land it (the sample dbt project's sources).
  for (const statement of [...RAW_DDL, ...rawStatements(plan)]) await run(connection, statement);
  await run(
    connection,
    `UPDATE DATAWORKS.WAREHOUSES W SET "state" = 'STARTED', "started_clusters" = 1, "resumed_on" = R.resumed_at
     FROM (SELECT wh, MAX(resumed_at) AS resumed_at, MAX(suspended_at) AS suspended_at FROM G_RUN GROUP BY wh) R
     WHERE R.wh = W."name" AND R.suspended_at >= TIMESTAMP '${windowText(plan.windowEnd)}'`,
  );
  // Cost attribution, materialised with the very statement a Snowflake account runs inline.
  const everything = {
    start: windowText(new Date(plan.windowStart.getTime() - DAY_MS)),
    end: windowText(new Date(plan.windowEnd.getTime() + DAY_MS)),
  };
  await run(connection, sql`CREATE TABLE DATAWORKS.QUERY_COST AS SELECT * FROM (${queryCostSelect(everything)}) ORDER BY START_TIME`);
  await run(connection, sql`CREATE TABLE DATAWORKS.QUERY_COST_DAILY AS SELECT * FROM (${queryCostDailySelect(everything)}) ORDER BY DAY`);
  await run(
    connection,
    sql`CREATE TABLE DATAWORKS.QUERY_COST_DAILY_TOP AS SELECT * FROM (${queryCostDailyTopSelect(everything)}) ORDER BY START_TIME`,
  );
  await run(
    connection,
    sql`CREATE TABLE DATAWORKS.WAREHOUSE_HOUR_COST AS SELECT * FROM (${warehouseHourCostSelect(everything)}) ORDER BY HOUR_START, WAREHOUSE_NAME`,
  );
  await run(connection, sql`CREATE TABLE DATAWORKS.QUERY_GAPS AS SELECT * FROM (${queryGapsSelect(everything)}) ORDER BY START_TIME`);
  const counted = await connection.runAndReadAll('SELECT COUNT(*) AS n FROM ACCOUNT_USAGE.QUERY_HISTORY');
  const queryCount = Number(counted.getRowObjectsJS()[0]?.n ?? 0);
  await run(
    connection,
    sql`INSERT INTO DATAWORKS.SAMPLE_INFO VALUES (${plan.org}, ${SAMPLE_SCHEMA_VERSION}, ${plan.seed}, ${windowText(new Date())},
      ${windowText(plan.windowStart)}, ${windowText(plan.windowEnd)}, ${queryCount})`,
  );
  await run(connection, raw('CHECKPOINT'));
  return queryCount;
}

/** Generates the sample account of `options.org` into `file` (replacing it). */
export async function generateSampleAccount(file: string, options: SampleOptions): Promise<SampleSummary> {
  const started = Date.now();
  const plan = planSample(options.org, options.queryCount, options.now, options.days);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  // Spills go beside the working copy and are removed with it.
  const spill = `${temporary}.spill`;
  const instance = await openDuckDbInstance(temporary, { limits: options.limits ?? DEFAULT_DUCKDB_LIMITS, tempDirectory: spill });
  let queryCount: number;
  try {
    const connection = await instance.connect();
    try {
      queryCount = await build(connection, plan);
    } finally {
      connection.closeSync();
    }
  } catch (error) {
    instance.closeSync();
    await fs.rm(temporary, { force: true });
    await fs.rm(`${temporary}.wal`, { force: true });
    await fs.rm(spill, { recursive: true, force: true });
    throw error;
  }
  instance.closeSync();
  await fs.rm(spill, { recursive: true, force: true });
  await fs.rm(`${file}.wal`, { force: true });
  await fs.rename(temporary, file);
  return {
    org: plan.org,
    seed: plan.seed,
    windowStart: plan.windowStart.toISOString(),
    windowEnd: plan.windowEnd.toISOString(),
    queryCount,
    milliseconds: Date.now() - started,
  };
}
