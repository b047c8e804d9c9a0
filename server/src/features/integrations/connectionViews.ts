// What the Connections pages read: each connection as the browser shows it (with its source's
// icon, its health, its last job and when its schedule runs next), a connection's sync jobs page by
// page, one job's attempts and logs, and the overview's counts, rows per day and recent failures.
// Reads only; the connection service (connectionsService.ts) answers with these after its changes.
// The jobs come from the platform runner's records (syncRecords.ts), the schedules from its job
// schedules (syncQueue.ts).
import type {
  ConnectionView,
  OverviewResponse,
  Schedule,
  StreamSelection,
  SyncJobDetail,
  SyncJobSummary,
} from '@common/integrations/integrationsContract';
import { JOBS_PAGE_SIZE, type ConnectionHealth } from '@common/integrations/integrationsRules';
import { HttpError } from '../../platform/http/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { health } from './connectionRules.js';
import { connectionById, connectionsOf, type ConnectionRow } from './connectionsStore.js';
import { iso, isoOrNull } from './integrationsStore.js';
import type { SourcesService } from './sourcesService.js';
import { attemptsOf, logsOf, rowsPerDay } from './syncJobsStore.js';
import type { SyncQueue } from './syncQueue.js';
import type { SyncRecords } from './syncRecords.js';

export interface ViewDeps {
  db: StoreDb;
  sources: SourcesService;
  records: SyncRecords;
  queue: SyncQueue;
}

export const notFound = (what: string, id: string) => new HttpError(404, 'not_found', `No ${what} "${id}" in your organisation.`);

export async function findConnectionRow(db: StoreDb, organisation: string, id: string): Promise<ConnectionRow> {
  const row = await connectionById(db, organisation, id);
  if (!row) throw notFound('connection', id);
  return row;
}

function toView(
  row: ConnectionRow,
  last: SyncJobSummary | undefined,
  nextRun: Date | null | undefined,
  icons: ReadonlyMap<string, string>,
): ConnectionView {
  return {
    id: row.id,
    name: row.name,
    source: { id: row.source_id, name: row.source_name, definitionId: row.definition_id, icon: icons.get(row.definition_id) ?? 'plug' },
    destinationSchema: row.destination_schema,
    status: row.status,
    health: health(row, last),
    schedule: row.schedule as Schedule,
    streams: row.streams as StreamSelection[],
    lastJob: last ?? null,
    nextSyncAt: row.status === 'active' && nextRun ? nextRun.toISOString() : null,
    createdAt: iso(row.created_at),
    engine: row.engine,
  };
}

/** The organisation's connections as the browser shows them (optionally those matching `search`). */
export async function connectionViews(deps: ViewDeps, organisation: string, search?: string): Promise<ConnectionView[]> {
  const [rows, last, nextRuns, definitions] = await Promise.all([
    connectionsOf(deps.db, organisation, search),
    deps.records.latestByConnection(organisation),
    deps.queue.nextRuns(organisation),
    deps.sources.definitions(organisation),
  ]);
  const icons = new Map(definitions.map((definition) => [definition.id, definition.icon]));
  return rows.map((row) => toView(row, last.get(row.id), nextRuns.get(row.id), icons));
}

/** One page of a connection's sync jobs, newest first. */
export async function syncJobPage(records: SyncRecords, organisation: string, connectionId: string, page: number) {
  const jobs = await records.ofConnection(organisation, connectionId, (page - 1) * JOBS_PAGE_SIZE, JOBS_PAGE_SIZE + 1);
  return { jobs: jobs.slice(0, JOBS_PAGE_SIZE), hasMore: jobs.length > JOBS_PAGE_SIZE };
}

export async function syncJobDetail(deps: ViewDeps, organisation: string, id: string): Promise<SyncJobDetail> {
  const found = await deps.records.get(organisation, id);
  if (!found) throw notFound('job', id);
  const attempts = await attemptsOf(deps.db, organisation, id);
  return {
    ...found.summary,
    streams: found.totals.streams,
    attemptList: attempts.map((attempt) => ({
      number: attempt.number,
      status: attempt.status,
      startedAt: iso(attempt.started_at),
      endedAt: isoOrNull(attempt.ended_at),
      rowsCommitted: Number(attempt.rows_committed),
      bytesCommitted: Number(attempt.bytes_committed),
      failure: attempt.failure,
    })),
  };
}

/** A job's attempt logs, one after another under a heading each. */
export async function syncJobLogs(deps: ViewDeps, organisation: string, id: string): Promise<string> {
  if (!(await deps.records.get(organisation, id))) throw notFound('job', id);
  const attempts = await logsOf(deps.db, organisation, id);
  return attempts.map((attempt) => `=== Attempt ${attempt.number} (${iso(attempt.started_at)}) ===\n${attempt.log}\n`).join('\n');
}

/** The overview page: connection counts by health, rows synced per day over 30 days, the latest failures. */
export async function connectionsOverview(
  deps: ViewDeps,
  organisation: string,
  counts: Record<ConnectionHealth, number>,
): Promise<OverviewResponse> {
  const { db } = deps;
  const since = new Date(Date.now() - 29 * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const perDay = await rowsPerDay(db, organisation, since);
  const rowsPerDayList = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(since.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    return { day, rows: perDay.get(day) ?? 0 };
  });
  const failures = await deps.records.recentFailures(organisation, 10);
  const names = new Map((await connectionsOf(db, organisation)).map((row) => [row.id, row.name]));
  return {
    counts,
    rowsPerDay: rowsPerDayList,
    recentFailures: failures.flatMap((job) => {
      const connectionName = names.get(job.connectionId);
      return connectionName === undefined ? [] : [{ ...job, connectionName }];
    }),
  };
}
