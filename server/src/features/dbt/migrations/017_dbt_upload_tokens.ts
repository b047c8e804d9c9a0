// Upload tokens: secrets an organisation's catalog admins issue to their dbt jobs (CI) so they can
// upload artifacts without a service account of the identity server. Only a SHA-256 of each
// token is kept; its first characters are kept to tell tokens apart.
import { sql, type Kysely, type Migration } from 'kysely';

export const dbtUploadTokens: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('dbt_upload_tokens')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('token_start', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('dbt_upload_tokens_organisation')
      .on('dbt_upload_tokens')
      .columns(['organisation_id', 'created_at'])
      .execute();
  },
};
