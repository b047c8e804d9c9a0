// What the Connections pages read: each connection as the browser shows it (with its source's
// icon, its health and its last job), a connection's sync jobs page by page, one job's attempts
// and logs, and the overview's counts, rows per day and recent failures. Reads only; the
// connection service (connectionsService.ts) answers with these after its changes.
import type {
  ConnectionView,
  OverviewResponse,
  Schedule,
  StreamProgress,
  StreamSelection,
  SyncJobDetail,
  SyncJobSummary,
} from '@common/integrations/integrationsContract';
import { JOBS_PAGE_SIZE, type ConnectionHealth } from '@common/integrations/integrationsRules';
import { HttpError } from '../../platform/http/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { health, summary } from './connectionRules.js';
import {
  attemptsOf,
  connectionById,
  connectionsOf,
  iso,
  isoOrNull,
  jobById,
  jobsOfConnection,
  latestJobs,
  logsOf,
  recentFailures,
  rowsPerDay,
  type ConnectionRow,
} from './integrationsStore.js';
import type { SourcesService } from './sourcesService.js';

export const notFound = (what: string, id: string) => new HttpError(404, 'not_found', `No ${what} "${id}" in your organisation.`);

export async function findConnectionRow(db: StoreDb, organisation: string, id: string): Promise<ConnectionRow> {
  const row = await connectionById(db, organisation, id);
  if (!row) throw notFound('connection', id);
  return row;
}

function toView(row: ConnectionRow, last: SyncJobSummary | undefined, icons: ReadonlyMap<string, string>): ConnectionView {
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
    nextSyncAt: row.status === 'active' ? isoOrNull(row.next_sync_at) : null,
    createdAt: iso(row.created_at),
    engine: row.engine,
  };
}

/** The organisation's connections as the browser shows them (optionally those matching `search`). */
export async function connectionViews(
  deps: { db: StoreDb; sources: SourcesService },
  organisation: string,
  search?: string,
): Promise<ConnectionView[]> {
  const { db } = deps;
  const [rows, last, definitions] = await Promise.all([
    connectionsOf(db, organisation, search),
    latestJobs(db, organisation),
    deps.sources.definitions(organisation),
  ]);
  const lastByConnection = new Map(last.map((row) => [row.connection_id, summary(row)]));
  const icons = new Map(definitions.map((definition) => [definition.id, definition.icon]));
  return rows.map((row) => toView(row, lastByConnection.get(row.id), icons));
}

/** One page of a connection's sync jobs, newest first. */
export async function syncJobPage(db: StoreDb, organisation: string, connectionId: string, page: number) {
  const rows = await jobsOfConnection(db, organisation, connectionId, (page - 1) * JOBS_PAGE_SIZE, JOBS_PAGE_SIZE + 1);
  return { jobs: rows.slice(0, JOBS_PAGE_SIZE).map(summary), hasMore: rows.length > JOBS_PAGE_SIZE };
}

export async function syncJobDetail(db: StoreDb, organisation: string, id: string): Promise<SyncJobDetail> {
  const row = await jobById(db, organisation, id);
  if (!row) throw notFound('job', id);
  const attempts = await attemptsOf(db, id);
  return {
    ...summary(row),
    streams: (row.streams as StreamProgress[] | null) ?? [],
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
export async function syncJobLogs(db: StoreDb, organisation: string, id: string): Promise<string> {
  const row = await jobById(db, organisation, id);
  if (!row) throw notFound('job', id);
  const attempts = await logsOf(db, id);
  return attempts.map((attempt) => `=== Attempt ${attempt.number} (${iso(attempt.started_at)}) ===\n${attempt.log}\n`).join('\n');
}

/** The overview page: connection counts by health, rows synced per day over 30 days, the latest failures. */
export async function connectionsOverview(
  db: StoreDb,
  organisation: string,
  counts: Record<ConnectionHealth, number>,
): Promise<OverviewResponse> {
  const since = new Date(Date.now() - 29 * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const perDay = await rowsPerDay(db, organisation, since);
  const rowsPerDayList = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(since.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    return { day, rows: perDay.get(day) ?? 0 };
  });
  const failures = await recentFailures(db, organisation, 10);
  return {
    counts,
    rowsPerDay: rowsPerDayList,
    recentFailures: failures.map((row) => ({ ...summary(row), connectionName: row.connection_name })),
  };
}
