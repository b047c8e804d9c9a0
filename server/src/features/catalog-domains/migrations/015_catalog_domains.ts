// Catalog organisation: domains described in the portal (owners, experts), assets placed in a
// domain by hand (overriding the dbt rule), and data products grouping assets and exposures
// with an owner and an objective.
import { sql, type Kysely, type Migration } from 'kysely';

export const catalogDomains: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('catalog_domains')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('owners', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('experts', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('catalog_domains_pk', ['organisation_id', 'name'])
      .execute();

    // By-hand membership: an asset's domain set in the portal wins over its dbt meta, tags and folder.
    // Kept by unique id, so it survives a new ingestion of the same project.
    await db.schema
      .createTable('catalog_domain_assets')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('unique_id', 'text', (col) => col.notNull())
      .addColumn('domain', 'text', (col) => col.notNull())
      .addColumn('assigned_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('assigned_by', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('catalog_domain_assets_pk', ['organisation_id', 'unique_id'])
      .execute();
    await db.schema
      .createIndex('catalog_domain_assets_domain')
      .on('catalog_domain_assets')
      .columns(['organisation_id', 'domain'])
      .execute();

    await db.schema
      .createTable('catalog_products')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('owner', 'text', (col) => col.notNull())
      .addColumn('domain', 'text')
      // Hours within which every source must have loaded, and the minimum test pass rate (percent); null: not part of the objective.
      .addColumn('freshness_hours', 'double precision')
      .addColumn('min_test_pass_rate', 'double precision')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .execute();
    await sql`CREATE UNIQUE INDEX catalog_products_name ON catalog_products (organisation_id, lower(name))`.execute(db);

    // A product's members by dbt unique id; one that a later ingestion drops stays listed (shown as missing).
    await db.schema
      .createTable('catalog_product_members')
      .addColumn('product_id', 'uuid', (col) => col.notNull().references('catalog_products.id').onDelete('cascade'))
      .addColumn('unique_id', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('catalog_product_members_pk', ['product_id', 'unique_id'])
      .execute();
  },
};
