// The integrations area's rows in the portal store: sources, connections, sync jobs and their
// attempts. Every read and write names the organisation; another organisation's row is "not
// found". Views in the contract's shapes are built by the service, not here.
import { sql } from 'kysely';
import type { StoreDb } from '../../platform/store/openStore.js';

const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
export const iso = (value: Date | string): string => new Date(value).toISOString();

// ---- Sources ---------------------------------------------------------------------------------------

export function sourcesOf(db: StoreDb, organisation: string) {
  return db
    .selectFrom('integration_sources as s')
    .leftJoin('integration_connections as c', 'c.source_id', 's.id')
    .select(['s.id', 's.name', 's.definition_id', 's.config', 's.secrets_sealed', 's.created_at', 's.updated_at'])
    .select((eb) => eb.fn.count<number>('c.id').as('connection_count'))
    .where('s.organisation_id', '=', organisation)
    .groupBy('s.id')
    .orderBy('s.name')
    .execute();
}

export function sourceById(db: StoreDb, organisation: string, id: string) {
  return db
    .selectFrom('integration_sources')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertSource(
  db: StoreDb,
  row: {
    organisation: string;
    name: string;
    definitionId: string;
    config: Record<string, unknown>;
    sealed: (id: string) => string | null;
    createdBy: string;
  },
) {
  return db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('integration_sources')
      .values({
        organisation_id: row.organisation,
        name: row.name,
        definition_id: row.definitionId,
        config: JSON.stringify(row.config),
        secrets_sealed: null,
        created_by: row.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The secrets are sealed for this source's id (bound in), so the id must exist first.
    await tx
      .updateTable('integration_sources')
      .set({ secrets_sealed: row.sealed(id) })
      .where('id', '=', id)
      .execute();
    return id;
  });
}

export function updateSource(
  db: StoreDb,
  organisation: string,
  id: string,
  change: { name?: string; config?: Record<string, unknown>; secretsSealed?: string | null },
) {
  return db
    .updateTable('integration_sources')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.config !== undefined ? { config: JSON.stringify(change.config) } : {}),
      ...(change.secretsSealed !== undefined ? { secrets_sealed: change.secretsSealed } : {}),
      updated_at: new Date(),
    })
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function deleteSource(db: StoreDb, organisation: string, id: string) {
  return db.deleteFrom('integration_sources').where('organisation_id', '=', organisation).where('id', '=', id).executeTakeFirst();
}

// ---- Connections -----------------------------------------------------------------------------------

export type ConnectionRow = NonNullable<Awaited<ReturnType<typeof connectionById>>>;

function connections(db: StoreDb) {
  return db
    .selectFrom('integration_connections as c')
    .innerJoin('integration_sources as s', 's.id', 'c.source_id')
    .select([
      'c.id',
      'c.organisation_id',
      'c.name',
      'c.source_id',
      's.name as source_name',
      's.definition_id',
      'c.destination_schema',
      'c.status',
      'c.schedule',
      'c.streams',
      'c.catalog',
      'c.generation',
      'c.next_sync_at',
      'c.created_at',
      'c.engine',
      'c.airbyte_source_id',
      'c.airbyte_connection_id',
    ]);
}

export function connectionById(db: StoreDb, organisation: string, id: string) {
  return connections(db).where('c.organisation_id', '=', organisation).where('c.id', '=', id).executeTakeFirst();
}

export function connectionsOf(db: StoreDb, organisation: string, search?: string) {
  let query = connections(db).where('c.organisation_id', '=', organisation);
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    query = query.where((eb) => eb.or([eb('c.name', 'ilike', pattern), eb('s.name', 'ilike', pattern)]));
  }
  return query.orderBy('c.name').execute();
}

export async function insertConnection(
  db: StoreDb,
  row: {
    organisation: string;
    name: string;
    sourceId: string;
    destinationSchema: string;
    schedule: unknown;
    streams: unknown;
    catalog: unknown;
    nextSyncAt: Date | null;
    createdBy: string;
    engine?: 'embedded' | 'airbyte';
  },
): Promise<string> {
  const { id } = await db
    .insertInto('integration_connections')
    .values({
      organisation_id: row.organisation,
      name: row.name,
      source_id: row.sourceId,
      destination_schema: row.destinationSchema,
      schedule: JSON.stringify(row.schedule),
      streams: JSON.stringify(row.streams),
      catalog: JSON.stringify(row.catalog),
      next_sync_at: row.nextSyncAt,
      created_by: row.createdBy,
      engine: row.engine,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function updateConnection(
  db: StoreDb,
  organisation: string,
  id: string,
  change: {
    name?: string;
    status?: 'active' | 'paused';
    schedule?: unknown;
    streams?: unknown;
    catalog?: unknown;
    nextSyncAt?: Date | null;
    generation?: number;
    airbyteSourceId?: string | null;
    airbyteConnectionId?: string | null;
  },
) {
  return db
    .updateTable('integration_connections')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.schedule !== undefined ? { schedule: JSON.stringify(change.schedule) } : {}),
      ...(change.streams !== undefined ? { streams: JSON.stringify(change.streams) } : {}),
      ...(change.catalog !== undefined ? { catalog: JSON.stringify(change.catalog) } : {}),
      ...(change.nextSyncAt !== undefined ? { next_sync_at: change.nextSyncAt } : {}),
      ...(change.generation !== undefined ? { generation: change.generation } : {}),
      ...(change.airbyteSourceId !== undefined ? { airbyte_source_id: change.airbyteSourceId } : {}),
      ...(change.airbyteConnectionId !== undefined ? { airbyte_connection_id: change.airbyteConnectionId } : {}),
      updated_at: new Date(),
    })
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function deleteConnection(db: StoreDb, organisation: string, id: string) {
  return db.deleteFrom('integration_connections').where('organisation_id', '=', organisation).where('id', '=', id).executeTakeFirst();
}

/** Active connections whose next scheduled sync is due, across organisations. */
export function dueConnections(db: StoreDb, now: Date, limit: number) {
  return db
    .selectFrom('integration_connections')
    .select(['id', 'organisation_id', 'schedule'])
    .where('status', '=', 'active')
    .where('next_sync_at', 'is not', null)
    .where('next_sync_at', '<=', now)
    .orderBy('next_sync_at')
    .limit(limit)
    .execute();
}

// ---- Jobs and attempts -----------------------------------------------------------------------------

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

export { isoOrNull };
