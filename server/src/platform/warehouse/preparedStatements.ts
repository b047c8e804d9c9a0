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
import type { Sql } from './sql.js';

/** Statements kept per connection: well above the endpoints an organisation calls at once. */
export const PREPARED_PER_CONNECTION = 64;

export class PreparedStatements {
  /** In use order: a Map iterates in insertion order, and a hit is re-inserted at the end. */
  private readonly statements = new Map<string, DuckDBPreparedStatement>();

  constructor(
    private readonly connection: DuckDBConnection,
    private readonly capacity = PREPARED_PER_CONNECTION,
  ) {}

  get size(): number {
    return this.statements.size;
  }

  /** The connection's prepared statement for the text (prepared now if new), with the statement's values bound. */
  async bound(statement: Sql): Promise<DuckDBPreparedStatement> {
    const known = this.statements.get(statement.text);
    if (known) this.statements.delete(statement.text);
    else while (this.statements.size >= this.capacity) this.evictOldest();
    // The connection also destroys what it prepared when it closes (destroying twice is harmless).
    const prepared = known ?? (await this.connection.prepare(statement.text));
    this.statements.set(statement.text, prepared);
    prepared.clearBindings();
    if (statement.params.length > 0) prepared.bind([...statement.params]);
    return prepared;
  }

  /** Destroys every statement (before the connection closes). */
  clear(): void {
    for (const prepared of this.statements.values()) prepared.destroySync();
    this.statements.clear();
  }

  private evictOldest(): void {
    const [text, prepared] = this.statements.entries().next().value ?? [];
    if (text === undefined || !prepared) return;
    this.statements.delete(text);
    prepared.destroySync();
  }
}
