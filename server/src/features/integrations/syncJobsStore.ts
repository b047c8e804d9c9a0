// What the integrations area keeps of its syncs: one row per attempt (rows, bytes, streams, the
// Airbyte job it followed, the log). The sync job itself is the platform job runner's record (kind
// `integrations.sync`, key `connection:<id>`); syncRecords.ts puts the two together. Reads name the
// organisation; writes go by a job id the area's own handler is running.
import { sql } from 'kysely';
import type { StreamProgress } from '@common/integrations/integrationsContract';
import type { StoreDb } from '../../platform/store/openStore.js';

export type AttemptStatus = 'running' | 'succeeded' | 'failed' | 'cancelled';

/** What a job's attempts add up to, for its summary. */
export interface AttemptTotals {
  rows: number;
  bytes: number;
  /** The streams of the newest attempt that recorded any. */
  streams: StreamProgress[];
  /** The Airbyte job the newest attempt that followed one followed. */
  airbyteJobId: number | null;
  /** The newest attempt's failure (a cancelled attempt says why it stopped). */
  lastFailure: string | null;
}

const EMPTY: AttemptTotals = { rows: 0, bytes: 0, streams: [], airbyteJobId: null, lastFailure: null };

/** The totals of each of `jobIds` that has attempts (the others have none yet). */
export async function attemptTotals(db: StoreDb, organisation: string, jobIds: readonly string[]): Promise<Map<string, AttemptTotals>> {
  const totals = new Map<string, AttemptTotals>();
  if (jobIds.length === 0) return totals;
  const rows = await db
    .selectFrom('integration_attempts')
    .select(['job_id', 'number', 'rows_committed', 'bytes_committed', 'streams', 'airbyte_job_id', 'failure'])
    .where('organisation_id', '=', organisation)
    .where('job_id', 'in', [...jobIds])
    .orderBy('job_id')
    .orderBy('number')
    .execute();
  for (const row of rows) {
    const sum = totals.get(row.job_id) ?? { ...EMPTY };
    totals.set(row.job_id, {
      rows: sum.rows + Number(row.rows_committed),
      bytes: sum.bytes + Number(row.bytes_committed),
      streams: row.streams ? (row.streams as StreamProgress[]) : sum.streams,
      airbyteJobId: row.airbyte_job_id === null ? sum.airbyteJobId : Number(row.airbyte_job_id),
      lastFailure: row.failure,
    });
  }
  return totals;
}

export const noAttempts = (): AttemptTotals => ({ ...EMPTY });

export function attemptsOf(db: StoreDb, organisation: string, jobId: string) {
  return db
    .selectFrom('integration_attempts')
    .select(['number', 'status', 'rows_committed', 'bytes_committed', 'failure', 'started_at', 'ended_at'])
    .where('organisation_id', '=', organisation)
    .where('job_id', '=', jobId)
    .orderBy('number')
    .execute();
}

export function logsOf(db: StoreDb, organisation: string, jobId: string) {
  return db
    .selectFrom('integration_attempts')
    .select(['number', 'log', 'started_at'])
    .where('organisation_id', '=', organisation)
    .where('job_id', '=', jobId)
    .orderBy('number')
    .execute();
}

export async function rowsPerDay(db: StoreDb, organisation: string, since: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('integration_attempts as a')
    .select([
      sql<string>`to_char(date_trunc('day', a.started_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`.as('day'),
      sql<string>`sum(a.rows_committed)`.as('rows'),
    ])
    .where('a.organisation_id', '=', organisation)
    .where('a.started_at', '>=', since)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.rows)]));
}

export async function startAttempt(
  db: StoreDb,
  attempt: { jobId: string; number: number; organisation: string; connectionId: string },
): Promise<void> {
  // An earlier attempt still marked running was cut off (the portal stopped); the job runner retried it.
  await db
    .updateTable('integration_attempts')
    .set({ status: 'failed', failure: 'The portal stopped during this attempt.', ended_at: new Date() })
    .where('job_id', '=', attempt.jobId)
    .where('status', '=', 'running')
    .where('number', '<', attempt.number)
    .execute();
  await db
    .insertInto('integration_attempts')
    .values({
      job_id: attempt.jobId,
      number: attempt.number,
      organisation_id: attempt.organisation,
      connection_id: attempt.connectionId,
      status: 'running',
    })
    .onConflict((conflict) =>
      conflict.columns(['job_id', 'number']).doUpdateSet({ status: 'running', started_at: new Date(), ended_at: null }),
    )
    .execute();
}

/** The Airbyte job an attempt follows, kept as soon as it is known. */
export function followAirbyteJob(db: StoreDb, jobId: string, number: number, airbyteJobId: number) {
  return db
    .updateTable('integration_attempts')
    .set({ airbyte_job_id: airbyteJobId })
    .where('job_id', '=', jobId)
    .where('number', '=', number)
    .execute();
}

export function finishAttempt(
  db: StoreDb,
  jobId: string,
  number: number,
  result: { status: AttemptStatus; rows: number; bytes: number; failure: string | null; log: string; streams?: StreamProgress[] },
) {
  return db
    .updateTable('integration_attempts')
    .set({
      status: result.status,
      rows_committed: result.rows,
      bytes_committed: result.bytes,
      failure: result.failure,
      log: result.log,
      ...(result.streams ? { streams: JSON.stringify(result.streams) } : {}),
      ended_at: new Date(),
    })
    .where('job_id', '=', jobId)
    .where('number', '=', number)
    .execute();
}
