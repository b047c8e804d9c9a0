// Custom connector definitions of an organisation: programs speaking the Airbyte protocol that an
// administrator registered from the portal's connector directory, with the spec they answered.
import { sql, type Kysely, type Migration } from 'kysely';

export const integrationDefinitions: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('integration_definitions')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('kind', 'text', (col) => col.notNull())
      // The program's file name inside the connector directory (CONNECTOR_EXECUTABLES_DIR).
      .addColumn('program', 'text', (col) => col.notNull())
      .addColumn('spec', 'jsonb', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('integration_definitions_name', ['organisation_id', 'name'])
      .execute();
    await sql`ALTER TABLE integration_definitions ADD CONSTRAINT integration_definitions_kind CHECK (kind IN ('executable'))`.execute(db);
  },
};
