// Every change the security area makes goes to the portal's audit log: who (from the verified
// token), what, when, and whether it went through. The change itself happens in the identity
// service, so it cannot share the audit's transaction: the entry is written right after, as
// `applied` or `failed` (with the reason), and the store change that belongs to it (a revoked
// session, a not-before time) is written with it.
import type { Kysely, Transaction } from 'kysely';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreSchema } from '../../platform/store/schema.js';

export const SECURITY_AUDIT_PREFIX = 'security.';

export async function audited<T>(
  db: Kysely<StoreSchema>,
  actor: Actor,
  record: { action: string; target: string; details?: Record<string, unknown> },
  change: () => Promise<T>,
  alongside?: (tx: Transaction<StoreSchema>, result: T) => Promise<void>,
): Promise<T> {
  const action = `${SECURITY_AUDIT_PREFIX}${record.action}`;
  let result: T;
  try {
    result = await change();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.transaction().execute((tx) => writeAudit(tx, actor, { ...record, action, details: { ...record.details, reason } }, 'failed'));
    throw error;
  }
  await db.transaction().execute(async (tx) => {
    if (alongside) await alongside(tx, result);
    await writeAudit(tx, actor, { ...record, action });
  });
  return result;
}

export async function listSecurityAudit(db: Kysely<StoreSchema>, organisation: string, limit = 200) {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('action', 'like', `${SECURITY_AUDIT_PREFIX}%`)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
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
