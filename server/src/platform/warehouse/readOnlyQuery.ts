/**
 * User-written read statements (data API endpoints): checked by a SQL parser, run bound, capped
 * and time-limited.
 *
 * The check parses the statement with DuckDB's own parser (`json_serialize_sql`) on a private
 * in-memory database with external access disabled, whatever engine the organisation uses:
 * - anything but SELECT statements fails to serialise ("Only SELECT statements …"), so writes,
 *   DDL, COPY, ATTACH, PRAGMA, SET and CALL are refused by the parser, not by a pattern;
 * - the statement list must hold exactly one statement;
 * - the syntax tree is walked with allow lists: query shapes (SELECT, set operations, WITH), what
 *   may stand in FROM (tables, joins, sub-queries, VALUES, three computing table functions), and
 *   on DuckDB the functions (endpointFunctions.ts: a function DuckDB adds later is refused until
 *   listed); DuckDB's own views (settings, database files, the log) and file paths or URLs used
 *   as table names (replacement scans read `FROM 'file.csv'`) are refused. On Snowflake, whose
 *   function names DuckDB does not know, the functions that reach stages, URLs or the system are.
 * The warehouse connections these statements run on have no file or network access and a memory
 * limit of their own (duckdbEngine.ts), so a check that missed something could still not read a
 * file or take the machine's memory.
 * Then the statement runs wrapped as `SELECT * FROM (<statement>) LIMIT n`, which no engine
 * accepts for a non-query either. On Snowflake that wrapper and the parser above are what is
 * enforced; the portal's Snowflake role should in addition hold only read privileges.
 */
import os from 'node:os';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Engine, Row } from './engine.js';
import { StatementTimeoutError } from './errors.js';
import { Sql, type SqlParam } from './sql.js';
import { installSnowflakeShims } from './duckdbEngine.js';
import { openDuckDbInstance, type DuckDbLimits } from './duckdbInstance.js';
import { ALLOWED_CATEGORIES, ALLOWED_FUNCTION_PATTERN, ALLOWED_FUNCTIONS } from './endpointFunctions.js';
import { DomainError } from '../errors/domainError.js';

/** Why a statement may not be an endpoint; the message is written for the person editing it. */
export class UnsafeStatementError extends DomainError {
  override readonly name = 'UnsafeStatementError';
  constructor(message: string) {
    super(message, { status: 400, code: 'invalid_sql', field: 'definition.sql' });
  }
}

/** Which engine the statement runs on: DuckDB's names are allow-listed; Snowflake's outside-reaching ones refused. */
export type StatementDialect = 'duckdb' | 'snowflake';

/** Table functions an endpoint may use: they only compute. Every other table function is refused. */
const SAFE_TABLE_FUNCTIONS = new Set(['range', 'generate_series', 'unnest']);
/** What may stand in a FROM clause: tables and views, joins, sub-queries, VALUES, nothing, and the table functions above. */
const ALLOWED_TABLE_REFS = new Set(['BASE_TABLE', 'JOIN', 'SUBQUERY', 'EXPRESSION_LIST', 'EMPTY', 'EMPTY_FROM', 'TABLE_FUNCTION']);
/** Query shapes: SELECT, UNION/INTERSECT/EXCEPT, and WITH (recursive or not). */
const ALLOWED_QUERY_NODES = new Set(['SELECT_NODE', 'SET_OPERATION_NODE', 'RECURSIVE_CTE_NODE', 'CTE_NODE']);
/** DuckDB's own catalogs and schemas (settings, the databases and their file paths, the log). */
const SYSTEM_CATALOGS = new Set(['system', 'temp']);
const SYSTEM_SCHEMAS = new Set(['pg_catalog', 'information_schema']);

/** On Snowflake: functions that reach stages, URLs, pipes or the system, beside the file readers DuckDB knows. */
const SNOWFLAKE_UNSAFE_FUNCTION =
  /^(read_|parquet_|iceberg_|delta_|sniff_|glob$|query$|query_table$|getenv$|current_setting$|http|s3|system\$|get_presigned_url$|build_scoped_file_url$|build_stage_file_url$|get_stage_location$|get_relative_path$|get_absolute_path$|infer_schema$|validate_pipe_load$|external_|json_execute_serialized_sql$)/i;

interface BuiltIn {
  categories: Set<string>;
  /** One of the warehouse's own macros (the Snowflake shims), not DuckDB's. */
  ownMacro: boolean;
}

interface Parser {
  connection: DuckDBConnection;
  /** DuckDB's scalar, aggregate and macro functions by lower-case name. */
  functions: Map<string, BuiltIn>;
  /** DuckDB's internal views (`duckdb_databases`, `pg_settings`…), reachable unqualified. */
  systemViews: Set<string>;
}

let parser: Promise<Parser> | null = null;

/**
 * The parser holds no data (it serialises one statement at a time and lists DuckDB's functions),
 * so it is held to far less than a warehouse database; a statement that could make it spill
 * (none should) writes under the system's temp folder, never the portal's working directory.
 */
export const PARSER_LIMITS: DuckDbLimits = { memoryLimit: '64MB', tempLimit: '256MB' };
export const parserTempDirectory = () => path.join(os.tmpdir(), `dataworks-sql-parser-${process.pid}`);

async function openParser(): Promise<Parser> {
  const instance = await openDuckDbInstance(':memory:', {
    limits: PARSER_LIMITS,
    tempDirectory: parserTempDirectory(),
    settings: { enable_external_access: 'false' },
  });
  const connection = await instance.connect();
  // The warehouse's own macros exist here too, so the allow list knows them.
  await installSnowflakeShims(connection);
  const functions = new Map<string, BuiltIn>();
  const rows = await connection.runAndReadAll(
    `SELECT lower(function_name) AS name, categories, internal, function_type FROM duckdb_functions() WHERE function_type IN ('scalar', 'aggregate', 'macro')`,
  );
  for (const row of rows.getRowObjectsJS()) {
    const name = String(row.name);
    const entry = functions.get(name) ?? { categories: new Set<string>(), ownMacro: false };
    for (const category of (row.categories as string[] | null) ?? []) entry.categories.add(category);
    if (row.function_type === 'macro' && row.internal === false) entry.ownMacro = true;
    functions.set(name, entry);
  }
  const views = await connection.runAndReadAll('SELECT lower(view_name) AS name FROM duckdb_views() WHERE internal');
  return { connection, functions, systemViews: new Set(views.getRowObjectsJS().map((row) => String(row.name))) };
}

function allowedOnDuckDb(name: string, parsed: Parser): boolean {
  const builtIn = parsed.functions.get(name);
  if (!builtIn) return false;
  if (builtIn.ownMacro || ALLOWED_FUNCTIONS.has(name) || ALLOWED_FUNCTION_PATTERN.test(name)) return true;
  return [...builtIn.categories].some((category) => ALLOWED_CATEGORIES.has(category));
}

interface Statement {
  node?: unknown;
}

function functionNameOf(node: Record<string, unknown>): string | null {
  return typeof node.function_name === 'string' ? node.function_name : null;
}

function checkTableRef(ref: Record<string, unknown>, dialect: StatementDialect, parsed: Parser): void {
  const type = String(ref.type);
  if (!ALLOWED_TABLE_REFS.has(type)) {
    const what =
      type === 'SHOW_REF' ? 'DESCRIBE, SHOW and SUMMARIZE' : type === 'PIVOT' ? 'PIVOT' : `a ${type.toLowerCase().replace(/_/g, ' ')}`;
    throw new UnsafeStatementError(`An endpoint may read tables, views, sub-queries and VALUES; ${what} is not allowed.`);
  }
  if (type === 'TABLE_FUNCTION') {
    const fn = ref.function as Record<string, unknown> | undefined;
    const name = fn ? functionNameOf(fn) : null;
    if (!name || !SAFE_TABLE_FUNCTIONS.has(name.toLowerCase())) {
      throw new UnsafeStatementError(
        `The table function ${name ?? '(unknown)'} is not allowed: an endpoint reads the warehouse's tables only (no files, URLs or other databases).`,
      );
    }
  }
  if (type === 'BASE_TABLE' && typeof ref.table_name === 'string') {
    const table = ref.table_name;
    if (/[./\\:]/.test(table))
      throw new UnsafeStatementError(`"${table}" looks like a file or URL: an endpoint reads the warehouse's tables only.`);
    if (dialect === 'duckdb') {
      const catalog = String(ref.catalog_name ?? '').toLowerCase();
      const schema = String(ref.schema_name ?? '').toLowerCase();
      const unqualified = catalog === '' && (schema === '' || schema === 'main');
      if (SYSTEM_CATALOGS.has(catalog) || SYSTEM_SCHEMAS.has(schema) || (unqualified && parsed.systemViews.has(table.toLowerCase()))) {
        throw new UnsafeStatementError(
          `"${table}" is one of the database engine's own views (its settings, files or log): an endpoint reads the warehouse's tables only.`,
        );
      }
    }
  }
}

/** Walks the serialised tree; throws on the first construct not allowed. */
function walk(node: unknown, dialect: StatementDialect, parsed: Parser): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, dialect, parsed);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  // Query nodes carry result modifiers; table references sit in FROM and in joins.
  if ('modifiers' in record && typeof record.type === 'string' && !ALLOWED_QUERY_NODES.has(record.type)) {
    throw new UnsafeStatementError(
      `Only a read query (SELECT, UNION, WITH) may be an endpoint; ${record.type
        .toLowerCase()
        .replace(/_node$/, '')
        .replace(/_/g, ' ')} is not allowed.`,
    );
  }
  // A join's sides are table references; a set operation's sides are queries (checked as such).
  for (const key of record.type === 'JOIN' ? ['from_table', 'left', 'right'] : ['from_table']) {
    const ref = record[key];
    if (
      ref &&
      typeof ref === 'object' &&
      !Array.isArray(ref) &&
      typeof (ref as Record<string, unknown>).type === 'string' &&
      !('class' in (ref as object))
    ) {
      checkTableRef(ref as Record<string, unknown>, dialect, parsed);
    }
  }
  if (record.class === 'FUNCTION' || record.class === 'WINDOW' || record.class === 'AGGREGATE') {
    const name = functionNameOf(record)?.toLowerCase();
    if (name) {
      if (dialect === 'duckdb' && !allowedOnDuckDb(name, parsed)) {
        throw new UnsafeStatementError(
          `The function ${name} is not allowed in an endpoint: endpoints may use functions that compute on their arguments (text, numbers, dates, lists, JSON, aggregates and window functions), not those that read settings, files, the network or other SQL.`,
        );
      }
      if (dialect === 'snowflake' && SNOWFLAKE_UNSAFE_FUNCTION.test(name)) {
        throw new UnsafeStatementError(
          `The function ${name} is not allowed in an endpoint: it reads files, stages, the network or runs other SQL.`,
        );
      }
    }
  }
  for (const value of Object.values(record)) walk(value, dialect, parsed);
}

/**
 * Checks that `text` (with `?` placeholders) is a single read-only query an endpoint may run on
 * an engine of `dialect`. Throws UnsafeStatementError naming the reason.
 */
export async function assertReadOnlyQuery(text: string, dialect: StatementDialect = 'duckdb'): Promise<void> {
  parser ??= openParser().catch((error: unknown) => {
    parser = null;
    throw error;
  });
  const parsed = await parser;
  const reader = await parsed.connection.runAndReadAll('SELECT json_serialize_sql(?::VARCHAR) AS tree', [text]);
  const tree = JSON.parse(String(reader.getRowObjectsJS()[0]?.tree ?? '{}')) as {
    error?: boolean;
    error_message?: string;
    error_type?: string;
    statements?: Statement[];
  };
  if (tree.error) {
    const message = tree.error_message ?? 'the statement could not be parsed';
    if (/only select/i.test(message))
      throw new UnsafeStatementError(
        'Only a read query (SELECT or WITH … SELECT) may be an endpoint: the statement writes or changes something.',
      );
    throw new UnsafeStatementError(`The statement is not valid SQL: ${message.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  const statements = tree.statements ?? [];
  if (statements.length !== 1) throw new UnsafeStatementError(`An endpoint is a single query; this holds ${statements.length} statements.`);
  walk(statements[0]?.node, dialect, parsed);
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
export async function boundedRead(
  engine: Engine,
  text: string,
  params: readonly SqlParam[],
  limits: { maxRows: number; offset: number; timeoutMs: number },
): Promise<BoundedReadResult> {
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

/** The tables and views a query names (`catalog.schema.table`, the parts it gives), by the same parser; a CTE's name is among them. Empty when it does not parse. */
export async function tablesReadBy(text: string): Promise<string[]> {
  parser ??= openParser().catch((error: unknown) => {
    parser = null;
    throw error;
  });
  const parsed = await parser;
  const reader = await parsed.connection.runAndReadAll('SELECT json_serialize_sql(?::VARCHAR) AS tree', [text]);
  const tree = JSON.parse(String(reader.getRowObjectsJS()[0]?.tree ?? '{}')) as { error?: boolean; statements?: Statement[] };
  if (tree.error) return [];
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.type === 'BASE_TABLE' && typeof record.table_name === 'string') {
      const parts = [record.catalog_name, record.schema_name, record.table_name].filter(
        (part): part is string => typeof part === 'string' && part !== '',
      );
      found.add(parts.join('.'));
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(tree.statements);
  return [...found];
}
