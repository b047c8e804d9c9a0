// Background jobs and their recurring schedules. Every portal instance serving this store
// claims work from `jobs` (FOR UPDATE SKIP LOCKED plus a lease in `locked_until`), so a job
// runs once however many instances there are, and a crashed instance's job is taken over
// when its lease runs out. `job_schedules` holds when each recurring job is due next.
import { sql, type Kysely, type Migration } from 'kysely';

export const jobs: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('state', 'text', (col) => col.notNull().defaultTo('queued'))
      // The subject of the user who started it; null for scheduled and system work.
      .addColumn('started_by', 'text')
      .addColumn('singleton_key', 'text')
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('run_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('locked_by', 'text')
      .addColumn('locked_until', 'timestamptz')
      .addColumn('cancel_requested', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('progress', 'double precision')
      .addColumn('progress_message', 'text')
      .addColumn('error', 'text')
      .addColumn('result', 'jsonb')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('started_at', 'timestamptz')
      .addColumn('finished_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_state CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled'))`.execute(
      db,
    );
    await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_progress CHECK (progress IS NULL OR (progress >= 0 AND progress <= 1))`.execute(db);
    // What the runners look for: due queued jobs, and running jobs whose lease may have run out.
    await sql`CREATE INDEX jobs_queued_due ON jobs (run_at) WHERE state = 'queued'`.execute(db);
    await sql`CREATE INDEX jobs_running_lease ON jobs (locked_until) WHERE state = 'running'`.execute(db);
    await db.schema.createIndex('jobs_organisation_created').on('jobs').columns(['organisation_id', 'created_at']).execute();
    // A singleton key is held by at most one unfinished job of a kind in an organisation.
    await sql`CREATE UNIQUE INDEX jobs_singleton ON jobs (organisation_id, kind, singleton_key) WHERE singleton_key IS NOT NULL AND state IN ('queued', 'running')`.execute(
      db,
    );

    await db.schema
      .createTable('job_schedules')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('every_ms', 'bigint', (col) => col.notNull().check(sql`every_ms > 0`))
      .addColumn('next_run_at', 'timestamptz', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('job_schedules_next_run').on('job_schedules').column('next_run_at').execute();
  },
};
