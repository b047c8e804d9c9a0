/**
 * The boundary between the warehouse layer and a database: run a parameterised statement, get
 * row objects back. Two implementations: DuckDB (embedded sample account, duckdbEngine.ts) and
 * Snowflake (snowflakeEngine.ts). Everything above this file is engine-neutral except where a
 * statement differs between the two: there it picks the statement by `engine.kind`, with both
 * statements side by side.
 */
import { InvalidInputError, WarehouseError } from './errors.js';
import type { Sql } from './sql.js';
import type { EngineKind } from '@common/warehouse/warehouseInfo';

/** What a column value becomes in a row: numbers (BIGINT included), text, booleans, UTC Dates. */
export type RowValue = string | number | boolean | Date | null;
export type Row = Readonly<Record<string, RowValue>>;

/** Rows with the statement's column names, which a result without rows still has. */
export interface ReadResult {
  columns: string[];
  rows: Row[];
}

export interface Queryable {
  readonly kind: EngineKind;
  /** Runs one statement with its bound parameters and returns all rows. */
  query(statement: Sql): Promise<Row[]>;
}

export interface Engine extends Queryable {
  /**
   * Runs one read statement and stops it after `timeoutMs` (the engine interrupts it), for
   * statements written by users (data API endpoints). Engines without it get a timer around
   * `query` (boundedRead.ts): the caller is answered in time, the engine finishes on its own.
   */
  queryWithin?(statement: Sql, timeoutMs: number): Promise<ReadResult>;
  /**
   * Runs `work` on one connection between BEGIN and COMMIT; ROLLBACK when it throws. Note that
   * Snowflake commits DDL (CREATE/ALTER/GRANT/DROP) immediately, so on Snowflake the write
   * layer undoes a change with its inverse statement instead (see management/unitOfWork.ts).
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Row readers: each analytic maps rows to typed objects through these, so a column that is
// missing or of the wrong type fails loudly instead of leaking `undefined` into the API.

function column(row: Row, name: string): RowValue {
  if (!(name in row)) throw new WarehouseError('failed', `The warehouse answered without the column ${name}.`);
  return row[name] ?? null;
}

export function num(row: Row, name: string): number {
  const value = column(row, name);
  if (value === null) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new WarehouseError('failed', `The warehouse answered a non-numeric ${name}.`);
}

export function numOrNull(row: Row, name: string): number | null {
  return column(row, name) === null ? null : num(row, name);
}

export function str(row: Row, name: string): string {
  const value = column(row, name);
  if (value === null) return '';
  return value instanceof Date ? value.toISOString() : String(value);
}

export function strOrNull(row: Row, name: string): string | null {
  return column(row, name) === null ? null : str(row, name);
}

/** SHOW commands answer booleans as 'true'/'false' text; views answer real booleans. */
export function bool(row: Row, name: string): boolean {
  const value = column(row, name);
  if (typeof value === 'string') return value.toLowerCase() === 'true' || value.toLowerCase() === 'y';
  return value === true || value === 1;
}

/** ISO 8601 timestamp (UTC) or null. */
export function isoOrNull(row: Row, name: string): string | null {
  const value = column(row, name);
  if (value === null || value === '') return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  if (Number.isNaN(date.getTime())) throw new WarehouseError('failed', `The warehouse answered an invalid time in ${name}.`);
  return date.toISOString();
}

export function iso(row: Row, name: string): string {
  return isoOrNull(row, name) ?? '';
}

/** `YYYY-MM-DD` of a DATE column (or of the UTC day of a timestamp). */
export function day(row: Row, name: string): string {
  return iso(row, name).slice(0, 10);
}

/** A column that some engines or versions leave out (SHOW output varies); null when absent. */
export function maybe(row: Row, name: string): RowValue {
  return name in row ? (row[name] ?? null) : null;
}

/** Keeps validation errors as they are; wraps anything else as a WarehouseError for the user. */
export function passThroughOr(error: unknown, wrap: (error: unknown) => WarehouseError): Error {
  if (error instanceof InvalidInputError || error instanceof WarehouseError) return error;
  return wrap(error);
}

export type { EngineKind };
