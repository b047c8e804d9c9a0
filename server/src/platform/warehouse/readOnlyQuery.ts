/**
 * User-written read statements (data API endpoints): checked by a SQL parser, run bound, capped
 * and time-limited.
 *
 * The check parses the statement with DuckDB's own parser (`json_serialize_sql`) on a private
 * in-memory database with external access disabled, whatever engine the organisation uses:
 * - anything but SELECT statements fails to serialise ("Only SELECT statements …"), so writes,
 *   DDL, COPY, ATTACH, PRAGMA, SET and CALL are refused by the parser, not by a pattern;
 * - the statement list must hold exactly one statement;
 * - the syntax tree is walked for table functions and scalar functions that read files or the
 *   network, or run SQL text (read_csv, parquet_scan, glob, query, …), and for file paths or
 *   URLs used as table names (DuckDB's replacement scans read `FROM 'file.csv'`).
 * Then the statement runs wrapped as `SELECT * FROM (<statement>) LIMIT n`, which no engine
 * accepts for a non-query either. On Snowflake that wrapper and the parser above are what is
 * enforced; the portal's Snowflake role should in addition hold only read privileges.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Engine, Row } from './engine.js';
import { StatementTimeoutError } from './errors.js';
import { Sql, type SqlParam } from './sql.js';

/** Why a statement may not be an endpoint; the message is written for the person editing it. */
export class UnsafeStatementError extends Error {
  override readonly name = 'UnsafeStatementError';
}

/** Table functions an endpoint may use: they only compute. Every other table function is refused. */
const SAFE_TABLE_FUNCTIONS = new Set(['range', 'generate_series', 'unnest']);

/** Scalar functions that reach outside the database or run SQL text of their own. */
const UNSAFE_FUNCTION = /^(read_|parquet_|iceberg_|delta_|sniff_|glob$|query$|query_table$|getenv$|current_setting$|http|s3|postgres_|mysql_|sqlite_|json_execute_serialized_sql$|json_serialize_sql$|load_|install_|pragma_|duckdb_|which_secret$|system\$|external_)/i;

let parser: Promise<DuckDBConnection> | null = null;

async function openParser(): Promise<DuckDBConnection> {
  const instance = await DuckDBInstance.create(':memory:', { enable_external_access: 'false' });
  return instance.connect();
}

interface Statement {
  node?: unknown;
}

function functionNameOf(node: Record<string, unknown>): string | null {
  return typeof node.function_name === 'string' ? node.function_name : null;
}

/** Walks the serialised tree; throws on the first refused construct. */
function walk(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(walk);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.type === 'TABLE_FUNCTION') {
    const fn = record.function as Record<string, unknown> | undefined;
    const name = fn ? functionNameOf(fn) : null;
    if (!name || !SAFE_TABLE_FUNCTIONS.has(name.toLowerCase())) {
      throw new UnsafeStatementError(`The table function ${name ?? '(unknown)'} is not allowed: an endpoint reads the warehouse's tables only (no files, URLs or other databases).`);
    }
  }
  if (record.type === 'BASE_TABLE' && typeof record.table_name === 'string' && /[./\\:]/.test(record.table_name)) {
    throw new UnsafeStatementError(`"${record.table_name}" looks like a file or URL: an endpoint reads the warehouse's tables only.`);
  }
  if (record.class === 'FUNCTION' || record.type === 'FUNCTION') {
    const name = functionNameOf(record);
    if (name && UNSAFE_FUNCTION.test(name)) throw new UnsafeStatementError(`The function ${name} is not allowed in an endpoint: it reads files, the network or runs other SQL.`);
  }
  for (const value of Object.values(record)) walk(value);
}

/**
 * Checks that `text` (with `?` placeholders) is a single read-only query an endpoint may run.
 * Throws UnsafeStatementError naming the reason.
 */
export async function assertReadOnlyQuery(text: string): Promise<void> {
  parser ??= openParser().catch((error: unknown) => {
    parser = null;
    throw error;
  });
  const connection = await parser;
  const reader = await connection.runAndReadAll('SELECT json_serialize_sql(?::VARCHAR) AS tree', [text]);
  const tree = JSON.parse(String(reader.getRowObjectsJS()[0]?.tree ?? '{}')) as { error?: boolean; error_message?: string; error_type?: string; statements?: Statement[] };
  if (tree.error) {
    const message = tree.error_message ?? 'the statement could not be parsed';
    if (/only select/i.test(message)) throw new UnsafeStatementError('Only a read query (SELECT or WITH … SELECT) may be an endpoint: the statement writes or changes something.');
    throw new UnsafeStatementError(`The statement is not valid SQL: ${message.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  const statements = tree.statements ?? [];
  if (statements.length !== 1) throw new UnsafeStatementError(`An endpoint is a single query; this holds ${statements.length} statements.`);
  walk(statements[0]?.node);
}

export interface BoundedReadResult {
  columns: string[];
  rows: Row[];
  /** More rows exist beyond `maxRows` (from `offset`). */
  hasMore: boolean;
}

/**
 * Runs a checked query with `?` binds, at most `maxRows` rows from `offset`, stopped after
 * `timeoutMs`. One extra row is read to know whether more exist.
 */
export async function boundedRead(engine: Engine, text: string, params: readonly SqlParam[], limits: { maxRows: number; offset: number; timeoutMs: number }): Promise<BoundedReadResult> {
  if (!Number.isSafeInteger(limits.maxRows) || !Number.isSafeInteger(limits.offset)) throw new Error('limits must be integers');
  // The newline keeps a trailing line comment from swallowing the closing parenthesis.
  const body = text.trim().replace(/;\s*$/, '');
  const statement = Sql.of(`SELECT * FROM (\n${body}\n) AS endpoint_result LIMIT ${limits.maxRows + 1} OFFSET ${limits.offset}`, params);
  let rows: Row[];
  let columns: string[];
  if (engine.queryWithin) {
    ({ rows, columns } = await engine.queryWithin(statement, limits.timeoutMs));
  } else {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new StatementTimeoutError(limits.timeoutMs)), limits.timeoutMs);
    });
    try {
      rows = await Promise.race([engine.query(statement), timeout]);
    } finally {
      clearTimeout(timer);
    }
    columns = Object.keys(rows[0] ?? {});
  }
  return { columns, rows: rows.slice(0, limits.maxRows), hasMore: rows.length > limits.maxRows };
}
