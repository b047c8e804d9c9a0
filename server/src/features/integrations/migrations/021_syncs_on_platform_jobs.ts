// A connection's syncs run on the platform job runner's own record: the `jobs` row is the sync (its
// state, attempts, failure, who started it; payload `{ connectionId, kind }`, key
// `connection:<id>`), and the area keeps only what is its own per attempt — rows, bytes, streams,
// the Airbyte job it followed and the log. Schedules move to the platform's job schedules (cron
// included), so the area's own sweep and `next_sync_at` go. Existing jobs keep their ids, so links
// to them still open; an unfinished one is queued again.
import { sql, type Kysely, type Migration } from 'kysely';

const SYNC_KIND = 'integrations.sync';

export const syncsOnPlatformJobs: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE integration_attempts
      ADD COLUMN organisation_id text, ADD COLUMN connection_id uuid, ADD COLUMN streams jsonb, ADD COLUMN airbyte_job_id bigint`.execute(
      db,
    );
    await sql`UPDATE integration_attempts a SET organisation_id = j.organisation_id, connection_id = j.connection_id
      FROM integration_jobs j WHERE j.id = a.job_id`.execute(db);
    // The job's streams and Airbyte job were the last attempt's.
    await sql`UPDATE integration_attempts a SET streams = j.streams, airbyte_job_id = j.airbyte_job_id
      FROM integration_jobs j
      WHERE j.id = a.job_id AND a.number = (SELECT max(b.number) FROM integration_attempts b WHERE b.job_id = a.job_id)`.execute(db);

    // The runner's old rows only pointed at integration_jobs; the sweep's schedule and jobs go with the sweep.
    await sql`DELETE FROM jobs WHERE kind IN (${SYNC_KIND}, 'integrations.schedule')`.execute(db);
    await sql`DELETE FROM job_schedules WHERE kind = 'integrations.schedule'`.execute(db);
    // At most one unfinished job per connection may hold its key: the newest is queued again, older ones end.
    await sql`
      INSERT INTO jobs (id, organisation_id, kind, payload, state, started_by, singleton_key, attempts, max_attempts,
                        run_at, error, created_at, started_at, finished_at, updated_at)
      SELECT j.id, j.organisation_id, ${SYNC_KIND},
             jsonb_build_object('connectionId', j.connection_id::text, 'kind', j.kind),
             CASE WHEN j.status NOT IN ('pending', 'running', 'incomplete') THEN j.status
                  WHEN row_number() OVER (PARTITION BY j.connection_id, j.status IN ('pending', 'running', 'incomplete')
                                          ORDER BY j.created_at DESC) = 1 THEN 'queued'
                  ELSE 'cancelled' END,
             j.started_by, 'connection:' || j.connection_id::text,
             (SELECT count(*) FROM integration_attempts a WHERE a.job_id = j.id),
             greatest(3, (SELECT count(*) + 1 FROM integration_attempts a WHERE a.job_id = j.id)),
             now(), j.failure, j.created_at, j.started_at,
             CASE WHEN j.status IN ('pending', 'running', 'incomplete') THEN NULL ELSE coalesce(j.ended_at, now()) END,
             now()
      FROM integration_jobs j`.execute(db);
    await sql`UPDATE jobs SET finished_at = now() WHERE kind = ${SYNC_KIND} AND state = 'cancelled' AND finished_at IS NULL`.execute(db);

    // Active scheduled connections get a platform schedule, due when their sync was due.
    await sql`
      INSERT INTO job_schedules (name, organisation_id, kind, payload, every_ms, cron, singleton_key, next_run_at)
      SELECT 'integrations.connection:' || c.id::text, c.organisation_id, ${SYNC_KIND},
             jsonb_build_object('connectionId', c.id::text, 'kind', 'sync'),
             CASE WHEN c.schedule->>'kind' = 'interval' THEN (c.schedule->>'hours')::bigint * 3600000 END,
             CASE WHEN c.schedule->>'kind' = 'cron' THEN c.schedule->>'expression' END,
             'connection:' || c.id::text, coalesce(c.next_sync_at, now())
      FROM integration_connections c
      WHERE c.status = 'active' AND c.schedule->>'kind' IN ('interval', 'cron')`.execute(db);

    await sql`DELETE FROM integration_attempts WHERE organisation_id IS NULL`.execute(db);
    await sql`ALTER TABLE integration_attempts DROP CONSTRAINT integration_attempts_job_id_fkey`.execute(db);
    await sql`ALTER TABLE integration_attempts ALTER COLUMN organisation_id SET NOT NULL, ALTER COLUMN connection_id SET NOT NULL`.execute(
      db,
    );
    await sql`ALTER TABLE integration_attempts ADD CONSTRAINT integration_attempts_job
      FOREIGN KEY (job_id) REFERENCES jobs (id) ON DELETE CASCADE`.execute(db);
    await sql`ALTER TABLE integration_attempts ADD CONSTRAINT integration_attempts_connection
      FOREIGN KEY (connection_id) REFERENCES integration_connections (id) ON DELETE CASCADE`.execute(db);
    await db.schema.createIndex('integration_attempts_day').on('integration_attempts').columns(['organisation_id', 'started_at']).execute();
    await db.schema.dropTable('integration_jobs').execute();
    await db.schema.dropIndex('integration_connections_due').execute();
    await db.schema.alterTable('integration_connections').dropColumn('next_sync_at').execute();
  },
};
