// Named locks in the portal store, for check-then-change sequences that must not interleave
// across requests or portal instances (the security area's "an organisation keeps an
// administrator": read who holds the role, then change it). A transaction-level advisory lock:
// PostgreSQL releases it when the transaction ends, so a crashed process never leaves it behind.
// On PGlite (one connection for the whole process) the transaction alone already excludes
// everyone else; the lock statement is the same so both stores run one code path.
import { sql, type Transaction } from 'kysely';
import type { StoreDb } from './openStore.js';
import type { StoreSchema } from './schema.js';

/**
 * Runs `work` in a transaction holding the lock `name` (any text: `security-members:acme`).
 * Callers waiting for the same name queue in order; other names do not wait. Keep `work` short:
 * on PGlite every other store call waits for it too.
 */
export async function withStoreLock<T>(db: StoreDb, name: string, work: (tx: Transaction<StoreSchema>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(tx);
    return work(tx);
  });
}
