// Audit entries of changes made outside the store (warehouse DDL) are written before the change
// as an intent and settled after it, so a crash between the two can never leave a change
// without its entry: `outcome` says how it ended, `instance` which portal process wrote it.
import { sql, type Kysely, type Migration } from 'kysely';

export const auditOutcome: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('audit_log')
      .addColumn('outcome', 'text', (col) => col.notNull().defaultTo('applied'))
      .execute();
    await db.schema.alterTable('audit_log').addColumn('instance', 'text').execute();
    await db.schema.alterTable('audit_log').addColumn('settled_at', 'timestamptz').execute();
    await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_outcome CHECK (outcome IN ('pending', 'applied', 'failed', 'not_applied'))`.execute(
      db,
    );
    // Start-up recovery looks for entries still pending.
    await sql`CREATE INDEX audit_log_pending ON audit_log (at) WHERE outcome = 'pending'`.execute(db);
  },
};
