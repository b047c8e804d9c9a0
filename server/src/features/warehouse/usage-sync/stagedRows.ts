/**
 * Moves rows read from the account into a table of the copy: written to a newline-delimited
 * JSON file, then loaded with one INSERT … SELECT FROM read_json inside the caller's transaction.
 * Tens of thousands of rows go in a fraction of a second this way, where row-by-row INSERTs
 * would take minutes; and since the load is a statement of the transaction, rows and the
 * watermark that covers them commit together.
 */
import { createWriteStream, promises as fs } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Queryable, Row, RowValue } from '../../../platform/warehouse/engine.js';
import { raw, sql } from '../../../platform/warehouse/sql.js';

export interface ColumnType {
  name: string;
  /** DuckDB type text as information_schema gives it (VARCHAR, TIMESTAMP, DECIMAL(38,9) …). */
  type: string;
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

const SAFE_NAME = /^[A-Z_][A-Z0-9_]*$/;

function quoted(name: string): string {
  // Column and table names come from the copy's own schema, never from a request; checked anyway.
  if (!SAFE_NAME.test(name)) throw new Error(`Unexpected column name in the usage copy: ${name}`);
  return `"${name}"`;
}

/** Inserts `rows` into `schema.table` on `tx`; returns how many went in. */
export async function insertRows(tx: Queryable, stagingDir: string, schema: string, table: string, columns: readonly ColumnType[], rows: readonly Row[]): Promise<number> {
  if (rows.length === 0) return 0;
  await fs.mkdir(stagingDir, { recursive: true });
  const file = path.join(stagingDir, `${table}-${randomUUID()}.ndjson`);
  try {
    const out = createWriteStream(file, { encoding: 'utf8' });
    for (const row of rows) {
      const record: Record<string, unknown> = {};
      for (const column of columns) record[column.name] = jsonValue(row[column.name] ?? null, column.type);
      if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const names = columns.map((column) => quoted(column.name)).join(', ');
    const types = columns.map((column) => `'${column.name}': '${column.type.replace(/'/g, '')}'`).join(', ');
    await tx.query(
      sql`INSERT INTO ${raw(`${quoted(schema)}.${quoted(table)}`)} (${raw(names)})
          SELECT ${raw(names)} FROM read_json(${file}, format = 'newline_delimited', columns = {${raw(types)}})`,
    );
    return rows.length;
  } finally {
    await fs.rm(file, { force: true });
  }
}
