// A Kysely dialect for PGlite (PostgreSQL compiled to WebAssembly, running in this process).
// Kysely's PostgreSQL query compiler, adapter and introspector are reused as they are; only
// the driver differs. PGlite has a single connection, so the driver hands it out to one
// caller at a time: a transaction's statements can never interleave with another request's.
// LISTEN/NOTIFY works inside PGlite too (in this process only): see pgliteNotifier below.
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield -- the store never streams; say so loudly if asked.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the embedded PGlite store.');
  }
}

class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  /** Resolves when the connection is free; each acquirer chains onto it. */
  private queue: Promise<void> = Promise.resolve();
  private releaseCurrent: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PgliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.releaseCurrent = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.isolationLevel || settings.accessMode) {
      throw new Error('The embedded PGlite store runs one transaction at a time; isolation settings do not apply.');
    }
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.releaseCurrent;
    this.releaseCurrent = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }
}

export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createDriver(): Driver {
    return new PgliteDriver(this.pglite);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature.
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}

/**
 * LISTEN on PGlite. LISTEN and UNLISTEN run while holding the driver's one connection
 * (`db.connection()`), so they never land inside another caller's open transaction.
 * Notifications reach listeners in this process only, which is all an embedded store has.
 */
export async function listenOnPglite<DB>(
  pglite: PGlite,
  db: Kysely<DB>,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  const unlisten = await db.connection().execute(() => pglite.listen(channel, onPayload));
  return () => db.connection().execute(() => unlisten());
}
