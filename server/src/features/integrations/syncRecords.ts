// A connection's sync jobs as the pages read them: the platform job runner's record (state,
// attempts, failure, who started it, with the payload naming the connection) joined with what the
// area keeps per attempt (rows, bytes, streams). One read of each per page; nothing is copied
// between the two, so they cannot disagree.
import type { SyncJobSummary } from '@common/integrations/integrationsContract';
import { SYNC_JOB_KIND, syncJobStatus } from '@common/integrations/integrationsRules';
import { z } from 'zod';
import type { JobRecord, JobRunner } from '../../platform/jobs/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { attemptTotals, noAttempts, type AttemptTotals } from './syncJobsStore.js';

/** What a sync job's payload says: the connection, sync or reset, and the one stream it reads again or resets. */
export const syncPayload = z.object({
  connectionId: z.string().uuid(),
  kind: z.enum(['sync', 'reset']),
  stream: z.string().min(1).max(300).optional(),
});
export type SyncPayload = z.infer<typeof syncPayload>;

/** The key every job of a connection holds: one sync or reset of it runs at a time, and its history is found by it. */
export const connectionKey = (connectionId: string) => `connection:${connectionId}`;
/** The platform schedule that starts a connection's scheduled syncs. */
export const scheduleName = (connectionId: string) => `integrations.connection:${connectionId}`;

export function summaryOf(record: JobRecord, totals: AttemptTotals): SyncJobSummary {
  const payload = record.payload as SyncPayload;
  const started = record.startedAt ? Date.parse(record.startedAt) : null;
  const ended = record.finishedAt ? Date.parse(record.finishedAt) : null;
  return {
    id: record.id,
    connectionId: payload.connectionId,
    kind: payload.kind,
    status: syncJobStatus(record.state, record.attempts),
    rowsSynced: totals.rows,
    bytesSynced: totals.bytes,
    createdAt: record.createdAt,
    startedAt: record.startedAt,
    endedAt: record.finishedAt,
    durationMs: started !== null && ended !== null ? ended - started : null,
    attempts: record.attempts,
    failure: record.state === 'succeeded' ? null : (record.error ?? (record.state === 'cancelled' ? totals.lastFailure : null)),
    startedBy: record.startedBy,
  };
}

export function createSyncRecords(db: StoreDb, jobs: JobRunner) {
  async function summaries(organisation: string, records: JobRecord[]): Promise<SyncJobSummary[]> {
    const totals = await attemptTotals(
      db,
      organisation,
      records.map((record) => record.id),
    );
    return records.map((record) => summaryOf(record, totals.get(record.id) ?? noAttempts()));
  }

  return {
    summaries,

    /** One sync job of the organisation with its attempts' totals; null when there is none (or it is not a sync). */
    async get(organisation: string, id: string): Promise<{ summary: SyncJobSummary; totals: AttemptTotals } | null> {
      const [record] = await jobs.list({ kind: SYNC_JOB_KIND, organisation, id, limit: 1 });
      if (!record) return null;
      const totals = (await attemptTotals(db, organisation, [record.id])).get(record.id) ?? noAttempts();
      return { summary: summaryOf(record, totals), totals };
    },

    /** Each connection's newest job, by connection id. */
    async latestByConnection(organisation: string): Promise<Map<string, SyncJobSummary>> {
      const latest = await summaries(organisation, await jobs.latestPerKey(SYNC_JOB_KIND, organisation));
      return new Map(latest.map((summary) => [summary.connectionId, summary]));
    },

    /** A connection's jobs, newest first. */
    async ofConnection(organisation: string, connectionId: string, offset: number, limit: number): Promise<SyncJobSummary[]> {
      return summaries(
        organisation,
        await jobs.list({ kind: SYNC_JOB_KIND, organisation, key: connectionKey(connectionId), offset, limit }),
      );
    },

    async recentFailures(organisation: string, limit: number): Promise<SyncJobSummary[]> {
      return summaries(organisation, await jobs.list({ kind: SYNC_JOB_KIND, organisation, states: ['failed'], limit }));
    },
  };
}

export type SyncRecords = ReturnType<typeof createSyncRecords>;
