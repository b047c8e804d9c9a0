/**
 * Prepared statements of one DuckDB connection, by statement text. A data API endpoint runs the
 * same statement with new values on every call; preparing it once per connection saves the parse,
 * bind and plan DuckDB otherwise does each time (about a quarter of a small query's cost), and the
 * values are still bound, never written into the text. DuckDB re-plans a prepared statement by
 * itself when a table it reads changes.
 *
 * A connection runs one statement at a time (the pool lends it to one caller), so a prepared
 * statement is never bound by two callers at once. The cache is bounded: the least recently used
 * statement is destroyed when a new one would pass the bound, so an editor trying many texts
 * cannot grow it without end.
 */
import type { DuckDBConnection, DuckDBPreparedStatement } from '@duckdb/node-api';
import { LRUCache } from 'lru-cache';
import type { Sql } from './sql.js';

/** Statements kept per connection: well above the endpoints an organisation calls at once. */
export const PREPARED_PER_CONNECTION = 64;

export class PreparedStatements {
  private readonly statements: LRUCache<string, DuckDBPreparedStatement>;

  constructor(
    private readonly connection: DuckDBConnection,
    capacity = PREPARED_PER_CONNECTION,
  ) {
    // An evicted or cleared statement is destroyed at once, not left to the connection's close.
    this.statements = new LRUCache({ max: capacity, dispose: (prepared) => prepared.destroySync() });
  }

  get size(): number {
    return this.statements.size;
  }

  /** The connection's prepared statement for the text (prepared now if new), with the statement's values bound. */
  async bound(statement: Sql): Promise<DuckDBPreparedStatement> {
    let prepared = this.statements.get(statement.text);
    if (!prepared) {
      // The connection also destroys what it prepared when it closes (destroying twice is harmless).
      prepared = await this.connection.prepare(statement.text);
      this.statements.set(statement.text, prepared);
    }
    prepared.clearBindings();
    if (statement.params.length > 0) prepared.bind([...statement.params]);
    return prepared;
  }

  /** Destroys every statement (before the connection closes). */
  clear(): void {
    this.statements.clear();
  }
}
