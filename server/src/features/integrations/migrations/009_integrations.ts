// The integrations area: sources (a connector with its configuration; secret fields encrypted
// apart), connections from a source into the organisation's warehouse, and their sync jobs with
// one row per attempt, as Airbyte's job resource has them. The state a sync resumes from is NOT
// here: it lives in the warehouse beside the data it describes (destination/checkpointWriter.ts).
import { sql, type Kysely, type Migration } from 'kysely';

export const integrations: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('integration_sources')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('definition_id', 'text', (col) => col.notNull())
      // The configuration with its secret fields masked; the secrets are in `secrets_sealed`.
      .addColumn('config', 'jsonb', (col) => col.notNull())
      .addColumn('secrets_sealed', 'text')
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('integration_sources_name', ['organisation_id', 'name'])
      .execute();

    await db.schema
      .createTable('integration_connections')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('source_id', 'uuid', (col) => col.notNull().references('integration_sources.id').onDelete('restrict'))
      .addColumn('destination_schema', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
      .addColumn('schedule', 'jsonb', (col) => col.notNull())
      // The streams as chosen in the page (selection, sync modes, cursor, primary key) and the
      // catalog the source discovered for them (their JSON schemas), which a sync configures.
      .addColumn('streams', 'jsonb', (col) => col.notNull())
      .addColumn('catalog', 'jsonb', (col) => col.notNull())
      // Raised by a reset: rows written before it belong to an earlier generation.
      .addColumn('generation', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('next_sync_at', 'timestamptz')
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('integration_connections_name', ['organisation_id', 'name'])
      .execute();
    await sql`ALTER TABLE integration_connections ADD CONSTRAINT integration_connections_status CHECK (status IN ('active', 'paused'))`.execute(
      db,
    );
    await db.schema.createIndex('integration_connections_due').on('integration_connections').columns(['status', 'next_sync_at']).execute();

    await db.schema
      .createTable('integration_jobs')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('connection_id', 'uuid', (col) => col.notNull().references('integration_connections.id').onDelete('cascade'))
      // The platform job runner's job that carries out this sync (retries, lease, cancel).
      .addColumn('runner_job_id', 'uuid')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('rows_synced', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('bytes_synced', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('streams', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('failure', 'text')
      .addColumn('started_by', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('started_at', 'timestamptz')
      .addColumn('ended_at', 'timestamptz')
      .execute();
    await sql`ALTER TABLE integration_jobs ADD CONSTRAINT integration_jobs_kind CHECK (kind IN ('sync', 'reset'))`.execute(db);
    await sql`ALTER TABLE integration_jobs ADD CONSTRAINT integration_jobs_status CHECK (status IN ('pending', 'running', 'succeeded', 'failed', 'cancelled', 'incomplete'))`.execute(
      db,
    );
    await db.schema.createIndex('integration_jobs_connection').on('integration_jobs').columns(['connection_id', 'created_at']).execute();
    await db.schema
      .createIndex('integration_jobs_organisation')
      .on('integration_jobs')
      .columns(['organisation_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('integration_attempts')
      .addColumn('job_id', 'uuid', (col) => col.notNull().references('integration_jobs.id').onDelete('cascade'))
      .addColumn('number', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('rows_committed', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('bytes_committed', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('failure', 'text')
      // The attempt's log (connector output and the engine's notes), secrets masked, size-capped.
      .addColumn('log', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('ended_at', 'timestamptz')
      .addPrimaryKeyConstraint('integration_attempts_pk', ['job_id', 'number'])
      .execute();
  },
};
