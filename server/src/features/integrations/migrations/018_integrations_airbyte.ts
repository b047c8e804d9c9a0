// The scale-out engine (Airbyte): which Airbyte workspace and destination hold an organisation's
// connections, which engine runs each connection, and the Airbyte ids the portal's objects map to.
// A connection keeps the engine it was created on; existing connections stay on the embedded one.
import { sql, type Kysely, type Migration } from 'kysely';

export const integrationsAirbyte: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('integration_airbyte_workspaces')
      .addColumn('organisation_id', 'text', (col) => col.primaryKey())
      .addColumn('workspace_id', 'text', (col) => col.notNull())
      .addColumn('destination_id', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .alterTable('integration_connections')
      .addColumn('engine', 'text', (col) =>
        col
          .notNull()
          .defaultTo('embedded')
          .check(sql`engine IN ('embedded', 'airbyte')`),
      )
      .execute();
    await db.schema.alterTable('integration_connections').addColumn('airbyte_source_id', 'text').execute();
    await db.schema.alterTable('integration_connections').addColumn('airbyte_connection_id', 'text').execute();
    await db.schema.alterTable('integration_jobs').addColumn('airbyte_job_id', 'bigint').execute();
  },
};
