// Every change the security area makes goes to the portal's audit log: who (from the verified
// token), what, when, and whether it went through. The change itself happens in the identity
// service, so it cannot share the audit's transaction: the entry is written right after, as
// `applied` or `failed` (with the reason), and the store change that belongs to it (a revoked
// session, a not-before time) is written with it.
import type { Kysely, Transaction } from 'kysely';
import { listAudit, writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreSchema } from '../../platform/store/schema.js';
import { withStoreLock } from '../../platform/store/storeLock.js';

export const SECURITY_AUDIT_PREFIX = 'security.';

/** The lock every membership change of one organisation takes (roles, enabling, disabling). */
export const membershipLock = (organisation: string) => `security-members:${organisation}`;

export interface AuditedOptions<T> {
  /** Written with the audit entry, in its transaction (a revoked session, a not-before time). */
  alongside?: (tx: Transaction<StoreSchema>, result: T) => Promise<void>;
  /**
   * Run the checks and the change holding this store lock (storeLock.ts), so a check and the
   * change it allows never interleave with another request's (two demotions of the last two
   * administrators). `check` runs inside the lock, before the change; a refusal it throws is not
   * an audited attempt.
   */
  lock?: { name: string; check: () => Promise<void> };
}

export async function audited<T>(
  db: Kysely<StoreSchema>,
  actor: Actor,
  record: { action: string; target: string; details?: Record<string, unknown> },
  change: () => Promise<T>,
  options: AuditedOptions<T> = {},
): Promise<T> {
  const action = `${SECURITY_AUDIT_PREFIX}${record.action}`;
  let failure: { error: unknown } | undefined;
  const apply = async (tx: Transaction<StoreSchema> | null): Promise<T> => {
    let result: T;
    try {
      result = await change();
    } catch (error) {
      failure = { error };
      throw error;
    }
    const settle = async (executor: Transaction<StoreSchema>) => {
      await options.alongside?.(executor, result);
      await writeAudit(executor, actor, { ...record, action });
    };
    if (tx) await settle(tx);
    else await db.transaction().execute(settle);
    return result;
  };
  try {
    const { lock } = options;
    if (!lock) return await apply(null);
    return await withStoreLock(db, lock.name, async (tx) => {
      await lock.check();
      return apply(tx);
    });
  } catch (error) {
    // A change the identity service refused is recorded as a failed attempt, after the lock's
    // transaction (which it would have rolled back) has ended.
    if (failure) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .transaction()
        .execute((tx) => writeAudit(tx, actor, { ...record, action, details: { ...record.details, reason } }, 'failed'));
    }
    throw error;
  }
}

export async function listSecurityAudit(db: Kysely<StoreSchema>, organisation: string, limit = 200) {
  const rows = await listAudit(db, organisation, limit, SECURITY_AUDIT_PREFIX);
  return rows.map((row) => ({
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actor: row.actor_username,
    action: row.action.slice(SECURITY_AUDIT_PREFIX.length),
    target: row.target,
    details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<string, unknown>,
    outcome: row.outcome,
  }));
}
