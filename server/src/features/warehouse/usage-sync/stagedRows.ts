/**
 * Moves a slice of a view from the account into the copy through a staging file: the slice is
 * first read from the account into a file, then loaded with one INSERT … SELECT inside the copy's
 * transaction (so rows and the watermark that covers them commit together, and the account is
 * never read while the copy's transaction is open).
 *
 * How the file is written depends on the account:
 * - the embedded sample is DuckDB itself: it writes the slice as Parquet with COPY … TO, at
 *   native speed (a year of ten million queries in a minute or two);
 * - Snowflake answers rows through snowflake-sdk: they are written as newline-delimited JSON.
 * Either way the copy reads the file with its own reader (read_parquet, read_json) into the same
 * table, so everything after the staging is one path.
 */
import { createWriteStream, promises as fs } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Queryable, RowValue } from '../../../platform/warehouse/engine.js';
import { num } from '../../../platform/warehouse/engine.js';
import { raw, sql, type Sql } from '../../../platform/warehouse/sql.js';

export interface ColumnType {
  name: string;
  /** DuckDB type text as information_schema gives it (VARCHAR, TIMESTAMP, DECIMAL(38,9) …). */
  type: string;
}

export interface StagedSlice {
  file: string;
  format: 'parquet' | 'json';
  rows: number;
}

/** The columns of a copy table, in order. */
export async function tableColumns(engine: Queryable, schema: string, table: string): Promise<ColumnType[]> {
  const rows = await engine.query(
    sql`SELECT column_name AS "name", data_type AS "type" FROM information_schema.columns
        WHERE table_schema = ${schema} AND table_name = ${table} ORDER BY ordinal_position`,
  );
  if (rows.length === 0) throw new Error(`The usage copy has no table ${schema}.${table}`);
  return rows.map((row) => ({ name: String(row.name), type: String(row.type) }));
}

const SAFE_NAME = /^[A-Z_][A-Z0-9_]*$/;

/** A double-quoted column or table name of the copy's own schema (never from a request; checked anyway). */
export function quoted(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`Unexpected name in the usage copy: ${name}`);
  return `"${name}"`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** A value as read_json reads it back into the column's type (times as UTC texts without a zone). */
function jsonValue(value: RowValue, type: string): unknown {
  if (value === null) return null;
  if (value instanceof Date) {
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    if (type === 'DATE') return date;
    return `${date} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}.${pad(value.getUTCMilliseconds(), 3)}`;
  }
  return value;
}

/**
 * Runs `select` (the slice's SELECT, marked for the account's query history) on the account and
 * writes its rows to a staging file under `dir`.
 */
export async function stageSlice(source: Queryable, select: Sql, columns: readonly ColumnType[], dir: string): Promise<StagedSlice> {
  await fs.mkdir(dir, { recursive: true });
  if (source.kind === 'duckdb') {
    const file = path.join(dir, `${randomUUID()}.parquet`);
    // COPY takes its file name as a literal, not a parameter.
    const result = await source.query(sql`COPY (${select}) TO ${raw(`'${file.replace(/'/g, "''")}'`)} (FORMAT parquet)`);
    const rows = result[0] ? num(result[0], Object.keys(result[0])[0] ?? 'Count') : 0;
    return { file, format: 'parquet', rows };
  }
  const file = path.join(dir, `${randomUUID()}.ndjson`);
  const rows = await source.query(select);
  const out = createWriteStream(file, { encoding: 'utf8' });
  for (const row of rows) {
    const record: Record<string, unknown> = {};
    for (const column of columns) record[column.name] = jsonValue(row[column.name] ?? null, column.type);
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { file, format: 'json', rows: rows.length };
}

/** Loads a staged slice into `schema.table` on `tx`; returns how many rows went in. */
export async function loadStaged(
  tx: Queryable,
  staged: StagedSlice,
  schema: string,
  table: string,
  columns: readonly ColumnType[],
): Promise<number> {
  if (staged.rows === 0) return 0;
  const names = columns.map((column) => quoted(column.name)).join(', ');
  const reader =
    staged.format === 'parquet'
      ? sql`read_parquet(${staged.file})`
      : sql`read_json(${staged.file}, format = 'newline_delimited', columns = {${raw(columns.map((column) => `'${column.name}': '${column.type.replace(/'/g, '')}'`).join(', '))}})`;
  await tx.query(sql`INSERT INTO ${raw(`${quoted(schema)}.${quoted(table)}`)} (${raw(names)}) SELECT ${raw(names)} FROM ${reader}`);
  return staged.rows;
}

export async function removeStaged(staged: StagedSlice): Promise<void> {
  await fs.rm(staged.file, { force: true });
}
