// Every statement the job runner sends to the store about jobs (schedules: scheduleStore.ts). Claims are written so
// that several portal instances can run them at the same moment and still agree: a row is
// claimed with FOR UPDATE SKIP LOCKED, and every later write names the instance holding the
// lease (`locked_by`), so an instance that lost its lease cannot overwrite the new owner's work.
import { sql, type Transaction } from 'kysely';
import type { StoreDb } from '../store/openStore.js';
import type { JobRow, StoreSchema } from '../store/schema.js';
import type { JobEvent, JobView } from './jobTypes.js';

type Db = StoreDb | Transaction<StoreSchema>;

const UNFINISHED = ['queued', 'running'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const seconds = (milliseconds: number) => Math.max(0, milliseconds) / 1000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toJobView(row: JobRow): JobView {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    progress: row.progress,
    message: row.progress_message,
    error: row.error,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    startedBy: row.started_by,
    cancelRequested: row.cancel_requested,
    result: row.result ?? null,
    detail: row.progress_detail ?? null,
    createdAt: iso(row.created_at) ?? '',
    runAt: iso(row.run_at) ?? '',
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

export function toJobEvent(row: JobRow): JobEvent {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    progress: row.progress,
    message: row.progress_message,
    attempts: row.attempts,
    ...(row.error ? { error: row.error } : {}),
    ...(row.progress_detail !== null && row.progress_detail !== undefined ? { detail: row.progress_detail } : {}),
  };
}

export interface NewJob {
  kind: string;
  organisation: string;
  payload: unknown;
  startedBy: string | null;
  runAt: Date | null;
  singletonKey: string | null;
  maxAttempts: number;
}

/**
 * Inserts a queued job; with a singleton key already held by a queued or running job of the
 * same kind and organisation, answers that job instead (`created: false`).
 */
export async function insertJob(db: Db, job: NewJob): Promise<{ row: JobRow; created: boolean }> {
  // A held key may be released between the insert and the look-up (its job just ended): try again.
  for (let tries = 0; tries < 5; tries += 1) {
    const inserted = await sql<JobRow>`
      INSERT INTO jobs (organisation_id, kind, payload, started_by, run_at, singleton_key, max_attempts)
      VALUES (${job.organisation}, ${job.kind}, ${JSON.stringify(job.payload ?? null)}, ${job.startedBy},
              coalesce(${job.runAt?.toISOString() ?? null}::timestamptz, now()), ${job.singletonKey}, ${job.maxAttempts})
      ON CONFLICT (organisation_id, kind, singleton_key) WHERE singleton_key IS NOT NULL AND state IN ('queued', 'running')
      DO NOTHING
      RETURNING *`.execute(db);
    const row = inserted.rows[0];
    if (row) return { row, created: true };
    const held = await db
      .selectFrom('jobs')
      .selectAll()
      .where('organisation_id', '=', job.organisation)
      .where('kind', '=', job.kind)
      .where('singleton_key', '=', job.singletonKey)
      .where('state', 'in', UNFINISHED)
      .executeTakeFirst();
    if (held) return { row: held, created: false };
  }
  throw new Error(`Could not queue a "${job.kind}" job: its singleton key kept changing hands.`);
}

export async function findJob(db: Db, id: string, organisation: string): Promise<JobRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('jobs').selectAll().where('id', '=', id).where('organisation_id', '=', organisation).executeTakeFirst();
}

/** The newest job of `kind` for `organisation` in any state, if any (e.g. when a scan last ran). */
export async function findLatestJob(db: Db, kind: string, organisation: string): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest queued or running job of `kind` for `organisation`, if any. */
export async function findActiveJob(db: Db, kind: string, organisation: string): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('organisation_id', '=', organisation)
    .where('state', 'in', ['queued', 'running'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type Claim = { kind: 'claimed'; row: JobRow } | { kind: 'settled'; row: JobRow };

/**
 * Takes the next due job of one of `kinds`: a queued one whose time has come, or a running one
 * whose lease ran out (its instance died). Rows another instance is claiming right now are
 * skipped, not waited for. A taken-over job that had used its last attempt, or that was asked
 * to stop, is ended here instead of being run again (`settled`).
 */
export async function claimNextJob(db: StoreDb, kinds: readonly string[], instanceId: string, leaseMs: number): Promise<Claim | null> {
  if (kinds.length === 0) return null;
  return db.transaction().execute(async (trx) => {
    const candidate = await sql<JobRow>`
      SELECT * FROM jobs
      WHERE kind IN (${sql.join(kinds)})
        AND ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
      ORDER BY run_at, created_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED`.execute(trx);
    const row = candidate.rows[0];
    if (!row) return null;
    if (row.state === 'running' && (row.cancel_requested || row.attempts >= row.max_attempts)) {
      const settled = await sql<JobRow>`
        UPDATE jobs SET
          state = CASE WHEN cancel_requested THEN 'cancelled' ELSE 'failed' END,
          error = CASE WHEN cancel_requested THEN error ELSE 'The portal instance running this job stopped before it finished.' END,
          locked_by = NULL, locked_until = NULL, finished_at = now(), updated_at = now()
        WHERE id = ${row.id}
        RETURNING *`.execute(trx);
      return { kind: 'settled' as const, row: settled.rows[0] ?? row };
    }
    const claimed = await sql<JobRow>`
      UPDATE jobs SET
        state = 'running', attempts = attempts + 1, locked_by = ${instanceId},
        locked_until = now() + make_interval(secs => ${seconds(leaseMs)}),
        started_at = coalesce(started_at, now()), updated_at = now()
      WHERE id = ${row.id}
      RETURNING *`.execute(trx);
    const taken = claimed.rows[0];
    return taken ? { kind: 'claimed' as const, row: taken } : null;
  });
}

/** Renews the lease; null when this instance no longer holds it (taken over, or ended). */
export async function renewLease(
  db: StoreDb,
  id: string,
  instanceId: string,
  leaseMs: number,
): Promise<{ cancelRequested: boolean } | null> {
  const renewed = await sql<{ cancel_requested: boolean }>`
    UPDATE jobs SET locked_until = now() + make_interval(secs => ${seconds(leaseMs)})
    WHERE id = ${id} AND locked_by = ${instanceId} AND state = 'running'
    RETURNING cancel_requested`.execute(db);
  const row = renewed.rows[0];
  return row ? { cancelRequested: row.cancel_requested } : null;
}

export async function saveProgress(
  db: StoreDb,
  id: string,
  instanceId: string,
  fraction: number,
  message: string | null,
  detail?: unknown,
): Promise<JobRow | undefined> {
  return db
    .updateTable('jobs')
    .set({
      progress: fraction,
      progress_message: message,
      ...(detail !== undefined ? { progress_detail: JSON.stringify(detail) } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('locked_by', '=', instanceId)
    .where('state', '=', 'running')
    .returningAll()
    .executeTakeFirst();
}

export async function markSucceeded(db: StoreDb, id: string, instanceId: string, result: unknown): Promise<JobRow | undefined> {
  return db
    .updateTable('jobs')
    .set({
      state: 'succeeded',
      progress: 1,
      result: result === undefined ? null : JSON.stringify(result),
      error: null,
      locked_by: null,
      locked_until: null,
      finished_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('locked_by', '=', instanceId)
    .where('state', '=', 'running')
    .returningAll()
    .executeTakeFirst();
}

export async function markCancelled(db: StoreDb, id: string, instanceId: string): Promise<JobRow | undefined> {
  return db
    .updateTable('jobs')
    .set({ state: 'cancelled', locked_by: null, locked_until: null, finished_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('locked_by', '=', instanceId)
    .where('state', '=', 'running')
    .returningAll()
    .executeTakeFirst();
}

/**
 * A failed attempt: queued again after `retryDelayMs` while attempts remain, failed after the
 * last one, cancelled if a cancel was asked meanwhile. The message is kept; the stack is not.
 */
export async function markAttemptFailed(
  db: StoreDb,
  id: string,
  instanceId: string,
  error: string,
  retryDelayMs: number,
): Promise<JobRow | undefined> {
  const updated = await sql<JobRow>`
    UPDATE jobs SET
      state = CASE WHEN cancel_requested THEN 'cancelled' WHEN attempts < max_attempts THEN 'queued' ELSE 'failed' END,
      run_at = CASE WHEN NOT cancel_requested AND attempts < max_attempts THEN now() + make_interval(secs => ${seconds(retryDelayMs)}) ELSE run_at END,
      finished_at = CASE WHEN cancel_requested OR attempts >= max_attempts THEN now() ELSE NULL END,
      error = ${error}, locked_by = NULL, locked_until = NULL, updated_at = now()
    WHERE id = ${id} AND locked_by = ${instanceId} AND state = 'running'
    RETURNING *`.execute(db);
  return updated.rows[0];
}

/** The runner is stopping: the interrupted attempt does not count, and any instance may take the job now. */
export async function releaseJob(db: StoreDb, id: string, instanceId: string): Promise<JobRow | undefined> {
  const released = await sql<JobRow>`
    UPDATE jobs SET state = 'queued', attempts = greatest(attempts - 1, 0), run_at = now(),
      locked_by = NULL, locked_until = NULL, updated_at = now()
    WHERE id = ${id} AND locked_by = ${instanceId} AND state = 'running'
    RETURNING *`.execute(db);
  return released.rows[0];
}

/** A queued job ends at once; a running one is asked to stop (its runner sees the flag). */
export async function requestCancel(db: StoreDb, id: string, organisation: string): Promise<JobRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const updated = await sql<JobRow>`
    UPDATE jobs SET
      cancel_requested = true,
      state = CASE WHEN state = 'queued' THEN 'cancelled' ELSE state END,
      finished_at = CASE WHEN state = 'queued' THEN now() ELSE finished_at END,
      updated_at = now()
    WHERE id = ${id} AND organisation_id = ${organisation} AND state IN ('queued', 'running')
    RETURNING *`.execute(db);
  return updated.rows[0] ?? (await findJob(db, id, organisation));
}

/** An area's own jobs of `kind`, newest first: all of them, or those holding `key`, optionally in `states`. */
export async function listJobs(
  db: StoreDb,
  query: {
    kind: string;
    organisation: string;
    id?: string;
    key?: string;
    states?: readonly JobRow['state'][];
    offset: number;
    limit: number;
  },
): Promise<JobRow[]> {
  if (query.id !== undefined && !UUID.test(query.id)) return [];
  let select = db.selectFrom('jobs').selectAll().where('organisation_id', '=', query.organisation).where('kind', '=', query.kind);
  if (query.id !== undefined) select = select.where('id', '=', query.id);
  if (query.key !== undefined) select = select.where('singleton_key', '=', query.key);
  if (query.states) select = select.where('state', 'in', query.states);
  return select.orderBy('created_at', 'desc').orderBy('id').offset(query.offset).limit(query.limit).execute();
}

/** The newest job of `kind` for each key the organisation's jobs hold (a connection's last sync, say). */
export async function latestJobPerKey(db: StoreDb, kind: string, organisation: string): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .distinctOn('singleton_key')
    .where('organisation_id', '=', organisation)
    .where('kind', '=', kind)
    .where('singleton_key', 'is not', null)
    .orderBy('singleton_key')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Forgets the finished jobs of `kind` holding `key` (what they were about is gone); answers how many. */
export async function deleteFinishedJobs(db: StoreDb, kind: string, organisation: string, key: string): Promise<number> {
  const deleted = await db
    .deleteFrom('jobs')
    .where('organisation_id', '=', organisation)
    .where('kind', '=', kind)
    .where('singleton_key', '=', key)
    .where('state', 'not in', UNFINISHED)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
