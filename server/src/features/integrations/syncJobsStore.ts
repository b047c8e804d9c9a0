// The integrations area's sync jobs and their attempts in the portal store: a job per sync or reset
// (with its attempt count), each attempt's rows, bytes, failure and log, and the totals the
// overview reads. Reads name the organisation; writes go by a job's id, taken from a row already
// read for the organisation or from a job the area itself queued.
import { sql } from 'kysely';
import type { StoreDb } from '../../platform/store/openStore.js';

export type JobRow = NonNullable<Awaited<ReturnType<typeof jobById>>>;

function jobs(db: StoreDb) {
  return db
    .selectFrom('integration_jobs as j')
    .select([
      'j.id',
      'j.organisation_id',
      'j.connection_id',
      'j.runner_job_id',
      'j.kind',
      'j.status',
      'j.rows_synced',
      'j.bytes_synced',
      'j.streams',
      'j.failure',
      'j.airbyte_job_id',
      'j.started_by',
      'j.created_at',
      'j.started_at',
      'j.ended_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('integration_attempts as a')
        .select((inner) => inner.fn.count<number>('a.number').as('n'))
        .whereRef('a.job_id', '=', 'j.id')
        .as('attempts'),
    );
}

export function jobById(db: StoreDb, organisation: string, id: string) {
  return jobs(db).where('j.organisation_id', '=', organisation).where('j.id', '=', id).executeTakeFirst();
}

export function jobsOfConnection(db: StoreDb, organisation: string, connectionId: string, offset: number, limit: number) {
  return jobs(db)
    .where('j.organisation_id', '=', organisation)
    .where('j.connection_id', '=', connectionId)
    .orderBy('j.created_at', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The newest job of each of the organisation's connections. */
export function latestJobs(db: StoreDb, organisation: string) {
  return jobs(db)
    .where('j.organisation_id', '=', organisation)
    .where('j.id', 'in', (eb) =>
      eb
        .selectFrom('integration_jobs as newest')
        .select('newest.id')
        .distinctOn('newest.connection_id')
        .where('newest.organisation_id', '=', organisation)
        .orderBy('newest.connection_id')
        .orderBy('newest.created_at', 'desc'),
    )
    .execute();
}

export function recentFailures(db: StoreDb, organisation: string, limit: number) {
  return jobs(db)
    .innerJoin('integration_connections as c', 'c.id', 'j.connection_id')
    .select('c.name as connection_name')
    .where('j.organisation_id', '=', organisation)
    .where('j.status', '=', 'failed')
    .orderBy('j.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function rowsPerDay(db: StoreDb, organisation: string, since: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('integration_attempts as a')
    .innerJoin('integration_jobs as j', 'j.id', 'a.job_id')
    .select([
      sql<string>`to_char(date_trunc('day', a.started_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`.as('day'),
      sql<string>`sum(a.rows_committed)`.as('rows'),
    ])
    .where('j.organisation_id', '=', organisation)
    .where('a.started_at', '>=', since)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.rows)]));
}

export async function insertJob(
  db: StoreDb,
  row: { organisation: string; connectionId: string; kind: 'sync' | 'reset'; startedBy: string | null },
): Promise<string> {
  const { id } = await db
    .insertInto('integration_jobs')
    .values({
      organisation_id: row.organisation,
      connection_id: row.connectionId,
      kind: row.kind,
      status: 'pending',
      started_by: row.startedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function updateJob(
  db: StoreDb,
  id: string,
  change: {
    status?: JobRow['status'];
    runnerJobId?: string;
    airbyteJobId?: number;
    rowsSynced?: number;
    bytesSynced?: number;
    streams?: unknown;
    failure?: string | null;
    startedAt?: Date;
    endedAt?: Date | null;
  },
) {
  return db
    .updateTable('integration_jobs')
    .set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.runnerJobId !== undefined ? { runner_job_id: change.runnerJobId } : {}),
      ...(change.airbyteJobId !== undefined ? { airbyte_job_id: change.airbyteJobId } : {}),
      ...(change.rowsSynced !== undefined ? { rows_synced: change.rowsSynced } : {}),
      ...(change.bytesSynced !== undefined ? { bytes_synced: change.bytesSynced } : {}),
      ...(change.streams !== undefined ? { streams: JSON.stringify(change.streams) } : {}),
      ...(change.failure !== undefined ? { failure: change.failure } : {}),
      ...(change.startedAt !== undefined ? { started_at: change.startedAt } : {}),
      ...(change.endedAt !== undefined ? { ended_at: change.endedAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export function jobByRunnerId(db: StoreDb, organisation: string, runnerJobId: string) {
  return jobs(db).where('j.organisation_id', '=', organisation).where('j.runner_job_id', '=', runnerJobId).executeTakeFirst();
}

export function deleteJob(db: StoreDb, id: string) {
  return db.deleteFrom('integration_jobs').where('id', '=', id).execute();
}

export function attemptsOf(db: StoreDb, jobId: string) {
  return db
    .selectFrom('integration_attempts')
    .select(['number', 'status', 'rows_committed', 'bytes_committed', 'failure', 'started_at', 'ended_at'])
    .where('job_id', '=', jobId)
    .orderBy('number')
    .execute();
}

export function logsOf(db: StoreDb, jobId: string) {
  return db
    .selectFrom('integration_attempts')
    .select(['number', 'log', 'started_at'])
    .where('job_id', '=', jobId)
    .orderBy('number')
    .execute();
}

export async function startAttempt(db: StoreDb, jobId: string, number: number): Promise<void> {
  // An earlier attempt still marked running was cut off (the portal stopped); the job runner retried it.
  await db
    .updateTable('integration_attempts')
    .set({ status: 'failed', failure: 'The portal stopped during this attempt.', ended_at: new Date() })
    .where('job_id', '=', jobId)
    .where('status', '=', 'running')
    .where('number', '<', number)
    .execute();
  await db
    .insertInto('integration_attempts')
    .values({ job_id: jobId, number, status: 'running' })
    .onConflict((conflict) =>
      conflict.columns(['job_id', 'number']).doUpdateSet({ status: 'running', started_at: new Date(), ended_at: null }),
    )
    .execute();
}

export function finishAttempt(
  db: StoreDb,
  jobId: string,
  number: number,
  result: { status: 'succeeded' | 'failed' | 'cancelled'; rows: number; bytes: number; failure: string | null; log: string },
) {
  return db
    .updateTable('integration_attempts')
    .set({
      status: result.status,
      rows_committed: result.rows,
      bytes_committed: result.bytes,
      failure: result.failure,
      log: result.log,
      ended_at: new Date(),
    })
    .where('job_id', '=', jobId)
    .where('number', '=', number)
    .execute();
}
