// Catalog alerts and settings: alert rules (a trigger, filters on the asset, destinations), the
// log of every delivery with its attempts, and the catalog settings an organisation's admins
// keep (one row per section, checked by its zod schema in common/catalog-alerts).
import { sql, type Kysely, type Migration } from 'kysely';

export const catalogAlerts: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('catalog_alert_rules')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('trigger', 'text', (col) => col.notNull())
      .addColumn('filters', 'jsonb', (col) => col.notNull())
      .addColumn('destinations', 'jsonb', (col) => col.notNull())
      .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`CREATE UNIQUE INDEX catalog_alert_rules_name ON catalog_alert_rules (organisation_id, lower(name))`.execute(db);
    await db.schema.createIndex('catalog_alert_rules_trigger').on('catalog_alert_rules').columns(['organisation_id', 'trigger']).execute();

    // One row per destination a signal went to; kept when its rule is deleted (the log is history).
    await db.schema
      .createTable('catalog_alert_deliveries')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('rule_id', 'uuid', (col) => col.references('catalog_alert_rules.id').onDelete('set null'))
      .addColumn('rule_name', 'text', (col) => col.notNull())
      .addColumn('signal_kind', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('signal', 'jsonb', (col) => col.notNull())
      .addColumn('destination_kind', 'text', (col) => col.notNull())
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('is_test', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('response_status', 'integer')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('finished_at', 'timestamptz')
      .execute();
    await sql`ALTER TABLE catalog_alert_deliveries ADD CONSTRAINT catalog_alert_deliveries_status CHECK (status IN ('pending', 'sent', 'failed'))`.execute(
      db,
    );
    await db.schema
      .createIndex('catalog_alert_deliveries_recent')
      .on('catalog_alert_deliveries')
      .columns(['organisation_id', 'id'])
      .execute();

    await db.schema
      .createTable('catalog_settings')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('section', 'text', (col) => col.notNull())
      .addColumn('value', 'jsonb', (col) => col.notNull())
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('catalog_settings_pk', ['organisation_id', 'section'])
      .execute();
  },
};
