// Warehouse writes and their audit entry. The warehouse is another system, so the change and
// its entry cannot share a transaction: the entry is committed as an intent before the change
// reaches the warehouse and settled (applied or failed) after it, and intents that a crash left
// pending are settled at start-up (warehouseRecovery.ts). Whatever happens, every change on the
// warehouse has its entry. The same helper applies the access rules' protected roles.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { mayManageWarehouseRole } from '@common/access/access';
import { recordIntent, settleIntent, writeAudit } from '../../../platform/store/audit.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import {
  changeSubject,
  WarehouseError,
  type AppliedChange,
  type AuditCallback,
  type WarehouseChange,
  type WriteOptions,
} from '../index.js';
import type { Caller } from '../../../platform/http/auth/tokenVerifier.js';

/** This process, as named in the intents it records: recovery leaves a live process's intents alone. */
export const PORTAL_INSTANCE = randomUUID();

/** The audit action of a warehouse change; recovery finds the entries by this prefix. */
export const WAREHOUSE_ACTION_PREFIX = 'warehouse.';

export async function auditedWrite(
  db: StoreDb,
  caller: Caller,
  log: FastifyBaseLogger,
  write: (audit: AuditCallback, options: WriteOptions) => Promise<AppliedChange>,
  details: Record<string, unknown> = {},
): Promise<AppliedChange> {
  const actor = { organisation: caller.organisation ?? '', subject: caller.subject, username: caller.username };
  let intent: string | null = null;
  const audit: AuditCallback = async (applied) => {
    const subject = changeSubject(applied.change);
    intent = await recordIntent(
      db,
      actor,
      {
        action: `${WAREHOUSE_ACTION_PREFIX}${applied.change.kind}`,
        target: `${subject.objectType}:${subject.name}`,
        details: {
          ...details,
          change: applied.change,
          engine: applied.engine,
          statements: applied.statements,
          before: applied.before,
          noop: applied.noop,
        },
      },
      PORTAL_INSTANCE,
    );
  };
  const settle: WriteOptions['settle'] = async (result) => {
    if (!intent) return;
    const note =
      result.outcome === 'failed' ? { error: result.error instanceof Error ? result.error.message : String(result.error) } : undefined;
    try {
      await settleIntent(db, intent, result.outcome, note);
    } catch (error) {
      // The change itself is done (or failed); its entry stays pending and start-up recovery settles it.
      log.error({ err: error, auditId: intent }, 'could not record the outcome of a warehouse change; it stays pending until recovery');
    }
  };
  try {
    return await write(audit, { mayManageRole: (role) => mayManageWarehouseRole(caller.roles, role), settle });
  } catch (error) {
    // A change refused by the protected-role rules never reached the warehouse, but the attempt is worth keeping.
    if (!intent && error instanceof WarehouseError && error.kind === 'forbidden')
      await recordRefusal(db, actor, details, error).catch((cause: unknown) =>
        log.error({ err: cause }, 'could not audit a refused warehouse change'),
      );
    throw error;
  }
}

async function recordRefusal(
  db: StoreDb,
  actor: { organisation: string; subject: string; username: string },
  details: Record<string, unknown>,
  error: WarehouseError,
): Promise<void> {
  const change = details.change as WarehouseChange | undefined;
  const subject = change ? changeSubject(change) : { objectType: 'warehouse', name: 'change' };
  await db.transaction().execute((tx) =>
    writeAudit(
      tx,
      actor,
      {
        action: `${WAREHOUSE_ACTION_PREFIX}${change?.kind ?? 'change'}`,
        target: `${subject.objectType}:${subject.name}`,
        details: { ...details, refused: error.message },
      },
      'failed',
    ),
  );
}
