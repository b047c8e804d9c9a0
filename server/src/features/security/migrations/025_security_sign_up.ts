// Self sign-up: the domains whose verified addresses may join an organisation (each domain at most
// one organisation's), the role they get, and the requests for an invitation.
import { sql, type Kysely, type Migration } from 'kysely';

export const securitySignUp: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('security_sign_up_domains')
      .addColumn('domain', 'text', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('security_sign_up_domains_organisation').on('security_sign_up_domains').column('organisation_id').execute();
    await db.schema
      .createTable('security_sign_up_roles')
      .addColumn('organisation_id', 'text', (col) => col.primaryKey())
      .addColumn('role', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('security_access_requests')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('username', 'text', (col) => col.notNull())
      .addColumn('email', 'text')
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('security_access_requests_asker')
      .on('security_access_requests')
      .columns(['subject', 'organisation_id', 'created_at'])
      .execute();
  },
};
