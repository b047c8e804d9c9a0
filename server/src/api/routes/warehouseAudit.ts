// Warehouse writes and their audit entry as one unit of work: the audit row is written in a
// store transaction from inside the warehouse layer's audit callback (which runs before the
// warehouse change is durable), and that transaction commits only after the change went
// through. If the audit insert fails the warehouse change is cancelled; if the change fails
// the audit row is rolled back.
import { writeAudit } from '../../store/audit.js';
import type { StoreDb } from '../../store/openStore.js';
import { changeSubject, type AppliedChange, type AuditCallback } from '../../warehouse/index.js';
import type { Caller } from '../auth/tokenVerifier.js';

export async function auditedWrite(
  db: StoreDb,
  caller: Caller,
  write: (audit: AuditCallback) => Promise<AppliedChange>,
  details: Record<string, unknown> = {},
): Promise<AppliedChange> {
  const actor = { organisation: caller.organisation ?? '', subject: caller.subject, username: caller.username };
  return db.transaction().execute((tx) =>
    write(async (applied) => {
      const subject = changeSubject(applied.change);
      await writeAudit(tx, actor, {
        action: `warehouse.${applied.change.kind}`,
        target: `${subject.objectType}:${subject.name}`,
        details: { ...details, engine: applied.engine, statements: applied.statements, before: applied.before, noop: applied.noop },
      });
    }),
  );
}
