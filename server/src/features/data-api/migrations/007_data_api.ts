// Data APIs over the warehouse: endpoints with frozen versions, API keys (a SHA-256 hash of the
// secret only), per-key rate-limit windows shared by every portal instance, and one usage row
// per call.
import { sql, type Kysely, type Migration } from 'kysely';

export const dataApi: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('data_api_endpoints')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('live_version', 'integer')
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('data_api_endpoints_name', ['organisation_id', 'name'])
      .execute();

    await db.schema
      .createTable('data_api_versions')
      .addColumn('endpoint_id', 'uuid', (col) => col.notNull().references('data_api_endpoints.id').onDelete('cascade'))
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('definition', 'jsonb', (col) => col.notNull())
      .addColumn('json_schema', 'jsonb', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('published_at', 'timestamptz')
      .addPrimaryKeyConstraint('data_api_versions_pk', ['endpoint_id', 'version'])
      .execute();
    await sql`ALTER TABLE data_api_versions ADD CONSTRAINT data_api_versions_status CHECK (status IN ('draft', 'published'))`.execute(db);

    await db.schema
      .createTable('data_api_keys')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('prefix', 'text', (col) => col.notNull().unique())
      .addColumn('secret_hash', 'text', (col) => col.notNull())
      .addColumn('scopes', 'jsonb', (col) => col.notNull())
      .addColumn('fixed_parameters', 'jsonb', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz')
      .addColumn('rate_limit', 'integer', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('data_api_keys_organisation').on('data_api_keys').columns(['organisation_id', 'created_at']).execute();

    // One counter per key and fixed window, incremented with INSERT … ON CONFLICT … RETURNING.
    await db.schema
      .createTable('data_api_rate_windows')
      .addColumn('key_id', 'uuid', (col) => col.notNull())
      .addColumn('window_start', 'timestamptz', (col) => col.notNull())
      .addColumn('calls', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('data_api_rate_windows_pk', ['key_id', 'window_start'])
      .execute();

    await db.schema
      .createTable('data_api_calls')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('endpoint_id', 'uuid')
      .addColumn('endpoint_name', 'text', (col) => col.notNull())
      .addColumn('version', 'integer')
      .addColumn('key_id', 'uuid')
      .addColumn('status', 'integer', (col) => col.notNull())
      .addColumn('latency_ms', 'double precision', (col) => col.notNull())
      .addColumn('rows', 'integer', (col) => col.notNull())
      .addColumn('called_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('data_api_calls_organisation').on('data_api_calls').columns(['organisation_id', 'called_at']).execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up().
  async down(db: Kysely<any>) {
    for (const table of ['data_api_calls', 'data_api_rate_windows', 'data_api_keys', 'data_api_versions', 'data_api_endpoints'])
      await db.schema.dropTable(table).execute();
  },
};
