// Jobs carry a small kind-specific detail with their progress (a sync's rows per stream, say), so
// one live topic serves every kind of work; schedules may run at the times a cron expression names
// instead of every N milliseconds, and may name the singleton key their jobs take (a connection's
// scheduled sync shares its key with "Sync now", so the two never run at once).
import { sql, type Kysely, type Migration } from 'kysely';

export const jobDetailsAndCron: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema.alterTable('jobs').addColumn('progress_detail', 'jsonb').execute();
    await db.schema.alterTable('job_schedules').addColumn('cron', 'text').execute();
    await db.schema.alterTable('job_schedules').addColumn('singleton_key', 'text').execute();
    await sql`ALTER TABLE job_schedules ALTER COLUMN every_ms DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE job_schedules ADD CONSTRAINT job_schedules_when CHECK ((every_ms IS NULL) <> (cron IS NULL))`.execute(db);
    await db.schema.createIndex('job_schedules_organisation_kind').on('job_schedules').columns(['organisation_id', 'kind']).execute();
    // An area's own jobs are listed by their key (a connection's syncs, newest first).
    await sql`CREATE INDEX jobs_kind_key_created ON jobs (organisation_id, kind, singleton_key, created_at DESC)`.execute(db);
  },
};
