/**
 * The embedded engine: one DuckDB file per organisation holding the sample account.
 *
 * So that the analytical SQL is literally the statement Snowflake runs, the file carries two
 * Snowflake compatibility shims: a DATEADD(part, n, ts) macro and a TIMESTAMP_LTZ type (an
 * alias of TIMESTAMP; all sample times are UTC, as ACCOUNT_USAGE times are in a UTC session).
 * DuckDB already agrees with Snowflake on DATEDIFF, DATE_TRUNC, LAST_DAY, GREATEST/LEAST,
 * QUALIFY, VALUES lists and `?` parameters.
 *
 * Reads run concurrently on a small pool of connections to the one database (a DuckDB
 * connection runs one statement at a time, so one shared connection would serve a page's and
 * every other request's queries one after another). Transactions run one at a time, each on a
 * connection of its own so its BEGIN … COMMIT never captures a concurrent read; reads see what
 * was committed before they started.
 */
import type { DuckDBConnection, DuckDBInstance, DuckDBResultReader } from '@duckdb/node-api';
import { DEFAULT_DUCKDB_LIMITS, openDuckDbInstance, type DuckDbLimits } from './duckdbInstance.js';
import type { Engine, Queryable, ReadResult, Row, RowValue } from './engine.js';
import { passThroughOr } from './engine.js';
import { StatementTimeoutError, WarehouseError } from './errors.js';
import { PreparedStatements } from './preparedStatements.js';
import type { Sql } from './sql.js';

const COMPAT_MACROS = [
  `CREATE OR REPLACE MACRO DATEADD(part, n, ts) AS
     CASE lower(part)
       WHEN 'millisecond' THEN ts + to_milliseconds(CAST(n AS DOUBLE))
       WHEN 'second' THEN ts + to_seconds(CAST(n AS DOUBLE))
       WHEN 'minute' THEN ts + to_minutes(CAST(n AS BIGINT))
       WHEN 'hour' THEN ts + to_hours(CAST(n AS BIGINT))
       WHEN 'day' THEN ts + to_days(CAST(n AS INTEGER))
       ELSE error('DATEADD part not supported by the sample engine: ' || part)
     END`,
];

/** Installs the Snowflake shims into a DuckDB database (idempotent). */
export async function installSnowflakeShims(connection: DuckDBConnection): Promise<void> {
  for (const macro of COMPAT_MACROS) await connection.run(macro);
  const types = await connection.runAndReadAll(`SELECT 1 FROM duckdb_types() WHERE type_name = 'TIMESTAMP_LTZ' AND NOT internal`);
  if (types.currentRowCount === 0) await connection.run('CREATE TYPE TIMESTAMP_LTZ AS TIMESTAMP');
}

function toRowValue(value: unknown): RowValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));
}

async function runOn(connection: DuckDBConnection, statement: Sql): Promise<Row[]> {
  return (await readOn(connection, statement)).rows;
}

async function readOn(connection: DuckDBConnection, statement: Sql): Promise<ReadResult> {
  return resultOf(await connection.runAndReadAll(statement.text, [...statement.params]));
}

function resultOf(reader: DuckDBResultReader): ReadResult {
  const rows = reader.getRowObjectsJS().map((row) => {
    const out: Record<string, RowValue> = {};
    for (const [key, value] of Object.entries(row)) out[key] = toRowValue(value);
    return out;
  });
  return { columns: reader.columnNames(), rows };
}

export function duckdbError(error: unknown): WarehouseError {
  const message = error instanceof Error ? error.message : String(error);
  if (/conflict/i.test(message)) {
    return new WarehouseError('conflict', 'Another change to the same objects happened at the same time; try again.', { cause: error });
  }
  return new WarehouseError('failed', 'The sample warehouse could not run the request.', { cause: error });
}

/** Connections for reads: enough to keep both cores busy while some requests wait on I/O. */
export const READ_CONNECTIONS = 4;

/** A fixed set of connections, lent one per statement; a statement waits while all are busy. */
export class ConnectionPool<Connection = DuckDBConnection> {
  private readonly idle: Connection[];
  private readonly waiting: Array<(connection: Connection) => void> = [];

  constructor(readonly connections: readonly Connection[]) {
    this.idle = [...connections];
  }

  async use<T>(work: (connection: Connection) => Promise<T>): Promise<T> {
    const connection = this.idle.pop() ?? (await new Promise<Connection>((resolve) => this.waiting.push(resolve)));
    try {
      return await work(connection);
    } finally {
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
    }
  }
}

class DuckDbEngine implements Engine {
  readonly kind = 'duckdb' as const;
  private readonly inFlight = new Set<Promise<unknown>>();
  private writes: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** Each read connection's prepared statements, for the statements users write (`queryWithin`). */
  private readonly prepared = new Map<DuckDBConnection, PreparedStatements>();

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly reads: ConnectionPool,
  ) {
    for (const connection of reads.connections) this.prepared.set(connection, new PreparedStatements(connection));
  }

  query(statement: Sql): Promise<Row[]> {
    if (this.closed) return Promise.reject(new WarehouseError('unavailable', 'The warehouse is closed.'));
    const running = this.reads.use((connection) => runOn(connection, statement));
    const tracked = running.catch(() => undefined);
    this.inFlight.add(tracked);
    void tracked.then(() => this.inFlight.delete(tracked));
    return running.catch((error: unknown) => {
      throw passThroughOr(error, duckdbError);
    });
  }

  /**
   * `query` with a time limit: DuckDB interrupts the connection's running statement when it
   * passes. The statement is prepared once per connection and text (a data API endpoint's
   * version runs the same text on every call) and its values bound.
   */
  queryWithin(statement: Sql, timeoutMs: number): Promise<ReadResult> {
    if (this.closed) return Promise.reject(new WarehouseError('unavailable', 'The warehouse is closed.'));
    const running = this.reads.use(async (connection) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        connection.interrupt();
      }, timeoutMs);
      try {
        const prepared = await this.prepared.get(connection)!.bound(statement);
        return resultOf(await prepared.runAndReadAll());
      } catch (error) {
        if (timedOut) throw new StatementTimeoutError(timeoutMs, { cause: error });
        throw error;
      } finally {
        clearTimeout(timer);
      }
    });
    const tracked = running.catch(() => undefined);
    this.inFlight.add(tracked);
    void tracked.then(() => this.inFlight.delete(tracked));
    return running.catch((error: unknown) => {
      if (error instanceof StatementTimeoutError) throw error;
      throw passThroughOr(error, duckdbError);
    });
  }

  /**
   * Transactions run one at a time: the sample's tables have no unique keys, so two concurrent
   * "create role X" would both see no X and both insert it. Serialising makes check-then-write
   * safe; the sample serves one process, and writes are rare and short.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const next = this.writes.then(() => this.runTransaction(work));
    this.writes = next.catch(() => undefined);
    return next;
  }

  private async runTransaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    if (this.closed) throw new WarehouseError('unavailable', 'The warehouse is closed.');
    const connection = await this.instance.connect();
    const tx: Queryable = {
      kind: 'duckdb',
      query: (statement) =>
        runOn(connection, statement).catch((error: unknown) => {
          throw passThroughOr(error, duckdbError);
        }),
    };
    try {
      await connection.run('BEGIN TRANSACTION');
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        await connection.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
      try {
        await connection.run('COMMIT');
      } catch (error) {
        await connection.run('ROLLBACK').catch(() => undefined);
        throw duckdbError(error);
      }
      return result;
    } finally {
      connection.closeSync();
    }
  }

  /** A connection outside the read pool and the serialised transactions (see `ownDuckDbConnection`). */
  async connectOwn(): Promise<DuckDBConnection> {
    if (this.closed) throw new WarehouseError('unavailable', 'The warehouse is closed.');
    return this.instance.connect();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.inFlight);
    await this.writes;
    for (const statements of this.prepared.values()) statements.clear();
    for (const connection of this.reads.connections) connection.closeSync();
    this.instance.closeSync();
  }
}

/**
 * A connection of the engine's database that is the caller's alone, outside the read pool and the
 * one-at-a-time transactions: for a sync's load, which keeps a transaction open between checkpoints
 * (rows are appended as they arrive and commit with the checkpoint's state) and must not hold up
 * the portal's other writes meanwhile. The caller closes it. Null for an engine that is not DuckDB's.
 */
export async function ownDuckDbConnection(engine: Engine): Promise<DuckDBConnection | null> {
  return engine instanceof DuckDbEngine ? engine.connectOwn() : null;
}

export interface DuckDbOpenOptions {
  limits?: DuckDbLimits;
  /**
   * The only directories its statements may read or write files in (DuckDB's
   * `allowed_directories`): the usage copy's staging folder of the organisation. Every other file
   * and every URL is refused (`enable_external_access = false`), and the configuration is locked,
   * so no statement can SET its way out.
   */
  allowedDirectories?: readonly string[];
}

/** Opens (creating if absent) a DuckDB file as an engine. The file must hold a sample account to be useful. */
export async function openDuckDbEngine(file: string, options: DuckDbOpenOptions = {}): Promise<Engine> {
  const limits = options.limits ?? DEFAULT_DUCKDB_LIMITS;
  let instance: DuckDBInstance;
  try {
    instance = await openDuckDbInstance(file, { limits, tempDirectory: `${file}.tmp` });
  } catch (error) {
    throw new WarehouseError('unavailable', 'The sample warehouse file cannot be opened.', { cause: error });
  }
  const first = await instance.connect();
  // Macros and types live in the database; every connection of the instance sees them.
  await installSnowflakeShims(first);
  const directories = (options.allowedDirectories ?? []).map((directory) => `'${directory.replace(/'/g, "''")}/'`);
  await first.run(`SET allowed_directories = [${directories.join(', ')}]`);
  await first.run('SET enable_external_access = false');
  await first.run('SET lock_configuration = true');
  const others = await Promise.all(Array.from({ length: READ_CONNECTIONS - 1 }, () => instance.connect()));
  return new DuckDbEngine(instance, new ConnectionPool([first, ...others]));
}
