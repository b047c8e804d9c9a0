// The audit log: who changed what, in which organisation. Writes are called with the
// transaction of the change they describe, so a change is never kept without its entry.
import type { Kysely, Transaction } from 'kysely';
import type { StoreSchema } from './schema.js';

/** Who is acting: taken from the verified access token, never from the request body. */
export interface Actor {
  organisation: string;
  subject: string;
  username: string;
}

export interface AuditRecord {
  action: string;
  target: string;
  details?: Record<string, unknown>;
}

export async function writeAudit(tx: Transaction<StoreSchema>, actor: Actor, record: AuditRecord): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({
      organisation_id: actor.organisation,
      actor_subject: actor.subject,
      actor_username: actor.username,
      action: record.action,
      target: record.target,
      details: JSON.stringify(record.details ?? {}),
    })
    .execute();
}

/** Newest first; used by tests and, later, by an audit page. */
export async function listAudit(db: Kysely<StoreSchema>, organisation: string, limit = 100) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Creates the organisation row on its first write (organisations come from the identity provider). */
export async function ensureOrganisation(tx: Transaction<StoreSchema>, organisation: string): Promise<void> {
  await tx.insertInto('organisations').values({ id: organisation, name: organisation }).onConflict((oc) => oc.column('id').doNothing()).execute();
}
