// The security area's records in the portal store: sessions an administrator revoked and each
// user's "not before" time (sign out everywhere, a disabled account). The token check reads
// both on every API call (platform/http/auth/revocations.ts), so a revoked session's access
// token is refused at once on every portal instance, not when it expires. Rows of revoked
// sessions can go once no token of the session can still be valid (`expires_at`).
import { sql, type Kysely, type Migration } from 'kysely';

export const security: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('revoked_sessions')
      .addColumn('sid', 'text', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('revoked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('revoked_sessions_expiry').on('revoked_sessions').column('expires_at').execute();

    await db.schema
      .createTable('token_not_before')
      .addColumn('subject', 'text', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('not_before', 'timestamptz', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above.
  async down(db: Kysely<any>) {
    await db.schema.dropTable('token_not_before').execute();
    await db.schema.dropTable('revoked_sessions').execute();
  },
};
