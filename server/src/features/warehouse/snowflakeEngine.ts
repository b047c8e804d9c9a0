/**
 * A real Snowflake account through snowflake-sdk, with key-pair (JWT) authentication, reading
 * SNOWFLAKE.ACCOUNT_USAGE. Connections come from a small pool; each new session is switched to
 * UTC so that timestamps, DATE_TRUNC and day boundaries match the sample engine and
 * METERING_DAILY_HISTORY (whose days are UTC).
 *
 * The service user needs a role that can read the SNOWFLAKE database (IMPORTED PRIVILEGES) and,
 * for User Management and applying recommendations, MANAGE GRANTS / CREATE USER / CREATE ROLE
 * and MODIFY on the warehouses (in practice SECURITYADMIN plus warehouse ownership, or
 * ACCOUNTADMIN). Without them the writes fail with a `forbidden` WarehouseError.
 */
import type { Connection, ConnectionOptions, SnowflakeError } from 'snowflake-sdk';
import type { SnowflakeConnectionSettings } from './config.js';
import type { Engine, Queryable, ReadResult, Row, RowValue } from '../../platform/warehouse/engine.js';
import { passThroughOr } from '../../platform/warehouse/engine.js';
import { StatementTimeoutError, WarehouseError } from '../../platform/warehouse/errors.js';
import { raw, type Sql } from '../../platform/warehouse/sql.js';

/** The part of snowflake-sdk this engine uses; tests pass a fake. */
export interface SnowflakeSdk {
  createPool(options: ConnectionOptions, poolOptions: { max: number; min: number }): SnowflakePool;
}

export interface SnowflakePool {
  use<T>(work: (connection: Connection) => Promise<T>): Promise<T>;
  drain(): Promise<void>;
  clear(): Promise<void>;
}

/** Snowflake SQL error codes (the `code` of an execution error) that mean something to the user. */
const NOT_FOUND = new Set(['002003', '002043']);

export function snowflakeError(error: unknown): WarehouseError {
  const err = error as Partial<SnowflakeError> & { code?: unknown };
  const code = err.code === undefined ? '' : String(err.code);
  const text = typeof err.message === 'string' ? err.message : '';
  if (code === '002002' || /already exists/i.test(text)) {
    return new WarehouseError('already_exists', 'Snowflake: the object already exists.', { cause: error });
  }
  if (/insufficient privileges|not authorized to perform/i.test(text) || code === '003001') {
    return new WarehouseError('forbidden', "Snowflake refused: the portal's Snowflake role lacks the privilege for this change.", {
      cause: error,
    });
  }
  if (NOT_FOUND.has(code) || /does not exist/i.test(text)) {
    return new WarehouseError('not_found', 'Snowflake: the object does not exist or the portal may not see it.', { cause: error });
  }
  if (code.startsWith('390') || /ECONN|ETIMEDOUT|ENOTFOUND|network|JWT token is invalid/i.test(`${code} ${text}`)) {
    return new WarehouseError('unavailable', 'Snowflake cannot be reached or refused the sign-in; check the connection settings.', {
      cause: error,
    });
  }
  return new WarehouseError('failed', 'Snowflake could not run the request.', { cause: error });
}

function toRowValue(value: unknown): RowValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === 'bigint') return Number(value);
  return JSON.stringify(value);
}

function execute(connection: Connection, statement: Sql): Promise<Row[]> {
  return read(connection, statement).then((result) => result.rows);
}

/** Runs one statement; with `timeoutMs`, Snowflake is asked to cancel it when the time passes. */
function read(connection: Connection, statement: Sql, timeoutMs?: number): Promise<ReadResult> {
  return new Promise((resolve, reject) => {
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const running = connection.execute({
      sqlText: statement.text,
      binds: [...statement.params],
      complete: (error, stmt, rows) => {
        clearTimeout(timer);
        if (error) {
          reject(timedOut && timeoutMs ? new StatementTimeoutError(timeoutMs, { cause: error }) : snowflakeError(error));
          return;
        }
        const out = (rows ?? []).map((row: Record<string, unknown>) => {
          const values: Record<string, RowValue> = {};
          for (const [key, value] of Object.entries(row)) values[key] = toRowValue(value);
          return values;
        });
        const columns =
          (stmt as Partial<typeof stmt> | undefined)?.getColumns?.()?.map((column) => column.getName()) ?? Object.keys(out[0] ?? {});
        resolve({ columns, rows: out });
      },
    }) as { cancel?: (done: (error?: unknown) => void) => void } | undefined;
    if (timeoutMs) {
      timer = setTimeout(() => {
        timedOut = true;
        running?.cancel?.(() => undefined);
      }, timeoutMs);
    }
  });
}

class SnowflakeEngine implements Engine {
  readonly kind = 'snowflake' as const;
  private readonly prepared = new WeakSet<Connection>();

  constructor(private readonly pool: SnowflakePool) {}

  /** Errors of the pool (sign-in, network) become WarehouseErrors; errors thrown by `work` (the caller's own) pass unchanged. */
  private async withConnection<T>(work: (connection: Connection) => Promise<T>): Promise<T> {
    let failedInWork: { error: unknown } | null = null;
    try {
      return await this.pool.use(async (connection) => {
        if (!this.prepared.has(connection)) {
          await execute(connection, SESSION_TIMEZONE);
          this.prepared.add(connection);
        }
        try {
          return await work(connection);
        } catch (error) {
          failedInWork = { error };
          throw error;
        }
      });
    } catch (error) {
      if (failedInWork) throw (failedInWork as { error: unknown }).error;
      throw passThroughOr(error, snowflakeError);
    }
  }

  query(statement: Sql): Promise<Row[]> {
    return this.withConnection((connection) => execute(connection, statement));
  }

  /** A user-written read (data API endpoints), cancelled in Snowflake when it runs past `timeoutMs`. */
  queryWithin(statement: Sql, timeoutMs: number): Promise<ReadResult> {
    return this.withConnection((connection) => read(connection, statement, timeoutMs));
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.withConnection(async (connection) => {
      await execute(connection, BEGIN);
      try {
        const result = await work({ kind: 'snowflake', query: (statement) => execute(connection, statement) });
        await execute(connection, COMMIT);
        return result;
      } catch (error) {
        await execute(connection, ROLLBACK).catch(() => undefined);
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    await this.pool.drain();
    await this.pool.clear();
  }
}

const SESSION_TIMEZONE = raw(`ALTER SESSION SET TIMEZONE = 'UTC'`);
const BEGIN = raw('BEGIN');
const COMMIT = raw('COMMIT');
const ROLLBACK = raw('ROLLBACK');

export function snowflakeConnectionOptions(settings: SnowflakeConnectionSettings): ConnectionOptions {
  return {
    account: settings.account,
    username: settings.username,
    authenticator: 'SNOWFLAKE_JWT',
    privateKeyPath: settings.privateKeyPath,
    ...(settings.privateKeyPassphrase ? { privateKeyPass: settings.privateKeyPassphrase } : {}),
    role: settings.role,
    warehouse: settings.warehouse,
    database: 'SNOWFLAKE',
    schema: 'ACCOUNT_USAGE',
    application: 'Dataworks',
    clientSessionKeepAlive: true,
  };
}

/** Creates the engine; snowflake-sdk is loaded only now, so DuckDB-only deployments never load it. */
export async function openSnowflakeEngine(settings: SnowflakeConnectionSettings, sdk?: SnowflakeSdk): Promise<Engine> {
  const driver: SnowflakeSdk = sdk ?? ((await import('snowflake-sdk')).default as unknown as SnowflakeSdk);
  const pool = driver.createPool(snowflakeConnectionOptions(settings), { max: 4, min: 0 });
  return new SnowflakeEngine(pool);
}
