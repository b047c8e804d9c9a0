/**
 * Test helper: a small sample account (a few thousand queries, same 90-day shape as the real
 * one) in a temporary directory, opened as a Warehouse, plus direct SQL for cross-checks and a
 * spy engine that records every statement reaching the engine boundary.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine, Queryable, Row } from '../../../../server/src/platform/warehouse/engine';
import { generateSampleAccount } from '../../../../server/src/samples/warehouse/generator';
import { Sql, type SqlParam } from '../../../../server/src/platform/warehouse/sql';
import { Warehouse, type WarehouseInfo } from '../../../../server/src/features/warehouse/warehouse';

/** A fixed "now" so every run of the suite sees the same account. */
export const NOW = new Date('2026-03-18T15:30:00Z');
export const PRICE = 3;
export const STORAGE_PRICE = 23;

export interface TestAccount {
  dir: string;
  file: string;
  engine: Engine;
  warehouse: Warehouse;
  info: WarehouseInfo;
  /** Direct SQL against the sample, for independent cross-checks. */
  sql(text: string, params?: SqlParam[]): Promise<Row[]>;
  close(): Promise<void>;
}

export async function tempDir(prefix = 'dw-warehouse-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

export function infoFor(org: string, engine: 'duckdb' | 'snowflake' = 'duckdb'): WarehouseInfo {
  return {
    organisation: org,
    engine,
    sample: engine === 'duckdb',
    currency: 'USD',
    pricePerCredit: PRICE,
    storagePricePerTbMonth: STORAGE_PRICE,
  };
}

export async function openTestAccount(
  options: { org?: string; queryCount?: number; wrap?: (engine: Engine) => Engine } = {},
): Promise<TestAccount> {
  const org = options.org ?? 'acme';
  const dir = await tempDir();
  const file = path.join(dir, `${org}.duckdb`);
  await generateSampleAccount(file, { org, queryCount: options.queryCount ?? 6000, now: NOW });
  const base = await openDuckDbEngine(file);
  const engine = options.wrap ? options.wrap(base) : base;
  const info = infoFor(org);
  const warehouse = new Warehouse(info, engine);
  return {
    dir,
    file,
    engine,
    warehouse,
    info,
    sql: (text, params = []) => base.query(Sql.of(text, params)),
    close: async () => {
      await warehouse.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Recorded {
  text: string;
  params: readonly SqlParam[];
}

/** Wraps an engine and records every statement (text and bound values) that reaches it. */
export function spyEngine(inner: Engine, kind: Engine['kind'] = inner.kind): Engine & { recorded: Recorded[] } {
  const recorded: Recorded[] = [];
  const record =
    (target: Queryable) =>
    (statement: Sql): Promise<Row[]> => {
      recorded.push({ text: statement.text, params: statement.params });
      return target.query(statement);
    };
  return {
    kind,
    recorded,
    query: record(inner),
    transaction: (work) => inner.transaction((tx) => work({ kind, query: record(tx) })),
    close: () => inner.close(),
  };
}

/**
 * The sample seen through the Snowflake statements: reports kind 'snowflake' (so analytics run
 * their inline Snowflake SQL on DuckDB) and answers SHOW WAREHOUSES from the sample's table.
 */
export function snowflakeOnSample(inner: Engine): Engine & { recorded: Recorded[] } {
  const spy = spyEngine(inner, 'snowflake');
  const translate = (statement: Sql): Sql =>
    statement.text === 'SHOW WAREHOUSES' ? Sql.of('SELECT * FROM DATAWORKS.WAREHOUSES', []) : statement;
  return { ...spy, query: (statement) => spy.query(translate(statement)) };
}

/** The full data range of the test account. */
export async function fullRange(warehouse: Warehouse): Promise<{ from: string; to: string }> {
  const range = await warehouse.dataRange();
  if (!range) throw new Error('the test account has no usage');
  return range;
}

export function sumOf<T>(items: readonly T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}
