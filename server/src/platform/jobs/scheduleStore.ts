// The job runner's statements about schedules: creating and updating them (every N ms or a cron
// expression), what is due, and taking one tick. A tick is taken so that several portal instances
// can look at the same moment and still enqueue it once: the due row is locked FOR UPDATE SKIP
// LOCKED, moved to its next time and the job enqueued in the same transaction.
import { sql, type Kysely } from 'kysely';
import type { StoreDb } from '../store/openStore.js';
import type { JobRow, StoreSchema } from '../store/schema.js';
import { nextScheduledRun, type ScheduleTimes } from './scheduleTimes.js';

export interface ScheduleDefinition extends ScheduleTimes {
  name: string;
  kind: string;
  organisation: string;
  payload: unknown;
  singletonKey: string | null;
}

/**
 * Creates or updates a schedule. A new one is first due one interval from now (or at the cron
 * expression's next time); an update keeps the earlier of the two due times, except that a new
 * cron expression takes its own next time.
 */
export async function upsertSchedule(db: StoreDb, schedule: ScheduleDefinition): Promise<void> {
  const next = nextScheduledRun(schedule, new Date());
  const nextRunAt = next ? next.toISOString() : 'infinity';
  await sql`
    INSERT INTO job_schedules (name, organisation_id, kind, payload, every_ms, cron, singleton_key, next_run_at)
    VALUES (${schedule.name}, ${schedule.organisation}, ${schedule.kind}, ${JSON.stringify(schedule.payload ?? null)},
            ${schedule.everyMs}, ${schedule.cron}, ${schedule.singletonKey}, ${nextRunAt}::timestamptz)
    ON CONFLICT (name) DO UPDATE SET
      organisation_id = excluded.organisation_id, kind = excluded.kind, payload = excluded.payload,
      every_ms = excluded.every_ms, cron = excluded.cron, singleton_key = excluded.singleton_key,
      next_run_at = CASE
        WHEN excluded.cron IS NOT NULL AND job_schedules.cron IS DISTINCT FROM excluded.cron THEN excluded.next_run_at
        ELSE least(job_schedules.next_run_at, excluded.next_run_at) END,
      updated_at = now()`.execute(db);
}

/** The schedules of `kind` for `organisation` with when each runs next (null: never again). */
export async function schedulesOf(
  db: StoreDb,
  kind: string,
  organisation: string,
): Promise<Array<{ name: string; nextRunAt: Date | null }>> {
  const rows = await db
    .selectFrom('job_schedules')
    .select(['name', 'next_run_at'])
    .where('kind', '=', kind)
    .where('organisation_id', '=', organisation)
    .execute();
  return rows.map((row) => {
    const at = new Date(row.next_run_at);
    return { name: row.name, nextRunAt: Number.isFinite(at.getTime()) ? at : null };
  });
}

export async function deleteSchedule(db: StoreDb, name: string): Promise<boolean> {
  const deleted = await db.deleteFrom('job_schedules').where('name', '=', name).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export async function dueScheduleNames(db: StoreDb, kinds: readonly string[]): Promise<string[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .selectFrom('job_schedules')
    .select('name')
    .where('kind', 'in', kinds)
    .where('next_run_at', '<=', sql<Date>`now()`)
    .execute();
  return rows.map((row) => row.name);
}

export interface ScheduleTick {
  kind: string;
  organisation: string;
  payload: unknown;
  singletonKey: string | null;
}

/**
 * One tick of a schedule, taken atomically: the due row is locked (another instance skips it),
 * moved to its next time and the job enqueued in the same transaction. The next tick counts from
 * now, so a store that was down for hours runs the work once, not once per missed interval.
 */
export async function takeScheduleTick(
  db: StoreDb,
  name: string,
  enqueue: (trx: Kysely<StoreSchema>, tick: ScheduleTick) => Promise<JobRow>,
): Promise<JobRow | null> {
  return db.transaction().execute(async (trx) => {
    const due = await sql<{
      kind: string;
      organisation_id: string;
      payload: unknown;
      every_ms: string | number | null;
      cron: string | null;
      singleton_key: string | null;
      now: Date;
    }>`
      SELECT kind, organisation_id, payload, every_ms, cron, singleton_key, now() AS now FROM job_schedules
      WHERE name = ${name} AND next_run_at <= now()
      FOR UPDATE SKIP LOCKED`.execute(trx);
    const schedule = due.rows[0];
    if (!schedule) return null;
    const next = nextScheduledRun(
      { everyMs: schedule.every_ms === null ? null : Number(schedule.every_ms), cron: schedule.cron },
      new Date(schedule.now),
    );
    await sql`UPDATE job_schedules SET next_run_at = ${next ? next.toISOString() : 'infinity'}::timestamptz, updated_at = now()
      WHERE name = ${name}`.execute(trx);
    return enqueue(trx, {
      kind: schedule.kind,
      organisation: schedule.organisation_id,
      payload: schedule.payload,
      singletonKey: schedule.singleton_key,
    });
  });
}
