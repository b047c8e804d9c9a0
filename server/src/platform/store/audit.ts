// The audit log: who changed what, in which organisation. Store writes are audited in the
// transaction of the change they describe, so a change is never kept without its entry.
// Changes made elsewhere (warehouse DDL) cannot share that transaction: for them an intent is
// committed before the change and settled after it (recordIntent, settleIntent), and intents a
// crash left pending are settled at start-up by looking at the warehouse (pendingIntents).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditOutcome, StoreSchema } from './schema.js';

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

function auditRow(actor: Actor, record: AuditRecord, outcome: AuditOutcome, instance: string | null = null) {
  return {
    organisation_id: actor.organisation,
    actor_subject: actor.subject,
    actor_username: actor.username,
    action: record.action,
    target: record.target,
    details: JSON.stringify(record.details ?? {}),
    outcome,
    instance,
  };
}

export async function writeAudit(
  tx: Transaction<StoreSchema>,
  actor: Actor,
  record: AuditRecord,
  outcome: 'applied' | 'failed' = 'applied',
): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values(auditRow(actor, record, outcome))
    .execute();
}

/** Records what is about to change, committed when this returns; the entry stays `pending` until settled. */
export async function recordIntent(db: Kysely<StoreSchema>, actor: Actor, record: AuditRecord, instance: string): Promise<string> {
  const row = await db
    .insertInto('audit_log')
    .values(auditRow(actor, record, 'pending', instance))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How a pending intent ended; `note` joins its details (e.g. why it failed, or that start-up recovery settled it). */
export async function settleIntent(
  db: Kysely<StoreSchema>,
  id: string,
  outcome: Exclude<AuditOutcome, 'pending'>,
  note?: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable('audit_log')
    .set({
      outcome,
      settled_at: new Date(),
      ...(note ? { details: sql<string>`details || ${JSON.stringify(note)}::jsonb` as unknown as string } : {}),
    })
    .where('id', '=', id)
    .where('outcome', '=', 'pending')
    .execute();
}

/**
 * Intents still pending that no live process can settle any more: recorded by another portal
 * process (this one settles its own) at least `olderThanSeconds` ago, oldest first.
 */
export async function pendingIntents(
  db: Kysely<StoreSchema>,
  options: { exceptInstance: string; olderThanSeconds: number; actionPrefix: string },
) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('outcome', '=', 'pending')
    .where('action', 'like', `${options.actionPrefix}%`)
    .where((eb) => eb.or([eb('instance', 'is', null), eb('instance', '!=', options.exceptInstance)]))
    .where('at', '<=', sql<Date>`now() - make_interval(secs => ${options.olderThanSeconds})`)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** Newest first; `actionPrefix` keeps the entries of one area (e.g. `security.`). */
export async function listAudit(db: Kysely<StoreSchema>, organisation: string, limit = 100, actionPrefix?: string) {
  let query = db.selectFrom('audit_log').selectAll().where('organisation_id', '=', organisation);
  if (actionPrefix) query = query.where('action', 'like', `${actionPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Whether the organisation's audit holds an entry of `action` (a one-time step already done, e.g. a demo seed). */
export async function hasAuditEntry(db: Kysely<StoreSchema>, organisation: string, action: string): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('organisation_id', '=', organisation)
    .where('action', '=', action)
    .executeTakeFirst();
  return row !== undefined;
}

/** Creates the organisation with its display name; false when it already existed (left as it is). */
export async function createOrganisation(tx: Transaction<StoreSchema>, organisation: { id: string; name: string }): Promise<boolean> {
  const inserted = await tx
    .insertInto('organisations')
    .values(organisation)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Creates the organisation row on its first write (organisations come from the identity provider). */
export async function ensureOrganisation(tx: Transaction<StoreSchema>, organisation: string): Promise<void> {
  await tx
    .insertInto('organisations')
    .values({ id: organisation, name: organisation })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
