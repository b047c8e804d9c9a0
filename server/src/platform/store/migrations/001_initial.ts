// The first tables: organisations, their dashboards, each user's last layout settings, and
// the audit log every write of the portal lands in.
import { sql, type Kysely, type Migration } from 'kysely';

export const initial: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('organisations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('dashboards')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    // A name is what the menu and the viewer link show: unique per organisation, whatever the case.
    await sql`create unique index dashboards_organisation_name on dashboards (organisation_id, lower(name))`.execute(db);

    await db.schema
      .createTable('user_layout_settings')
      .addColumn('organisation_id', 'text', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('username', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('settings', 'jsonb', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('user_layout_settings_pk', ['organisation_id', 'username'])
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('actor_subject', 'text', (col) => col.notNull())
      .addColumn('actor_username', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('audit_log_organisation_at').on('audit_log').columns(['organisation_id', 'at']).execute();
  },
};
