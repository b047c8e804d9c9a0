// Putting connections' syncs on the platform job runner: "Sync now" and "Reset" queue a job unless
// one of the connection is already queued or running (then that one is answered), and each active
// scheduled connection has a platform schedule (every N hours, or a cron expression) whose ticks
// queue the same kind of job under the same key. Progress reaches the pages on the runner's `job`
// live topic.
import type { Schedule, SyncJobSummary } from '@common/integrations/integrationsContract';
import { SYNC_JOB_KIND } from '@common/integrations/integrationsRules';
import type { JobRunner } from '../../platform/jobs/index.js';
import { noAttempts } from './syncJobsStore.js';
import { connectionKey, scheduleName, summaryOf, type SyncPayload } from './syncRecords.js';
import type { SyncRecords } from './syncRecords.js';

export interface SyncQueueDeps {
  jobs: JobRunner;
  records: SyncRecords;
}

export function createSyncQueue({ jobs, records }: SyncQueueDeps) {
  /** Queues a sync (or reset) unless one is already queued or running: then that one is answered. */
  async function enqueue(
    organisation: string,
    connectionId: string,
    kind: SyncPayload['kind'],
    startedBy: string | null,
    stream?: string,
  ): Promise<SyncJobSummary> {
    // For a reset, the stream to reset; for a sync, the stream to read again from the start first.
    const payload: SyncPayload = { connectionId, kind, ...(stream ? { stream } : {}) };
    const queued = await jobs.enqueue({ kind: SYNC_JOB_KIND, organisation, payload, startedBy, singletonKey: connectionKey(connectionId) });
    if (queued.created) return summaryOf({ ...queued.job, payload, key: connectionKey(connectionId) }, noAttempts());
    const existing = await records.get(organisation, queued.job.id);
    return existing ? existing.summary : summaryOf({ ...queued.job, payload, key: connectionKey(connectionId) }, noAttempts());
  }

  /** Makes the connection's platform schedule match its schedule and status (none when manual or paused). */
  async function applySchedule(connection: { id: string; organisation: string; schedule: Schedule; status: 'active' | 'paused' }) {
    const { schedule } = connection;
    if (schedule.kind === 'manual' || connection.status === 'paused') {
      await jobs.unschedule(scheduleName(connection.id));
      return;
    }
    const payload: SyncPayload = { connectionId: connection.id, kind: 'sync' };
    await jobs.schedule({
      name: scheduleName(connection.id),
      kind: SYNC_JOB_KIND,
      organisation: connection.organisation,
      payload,
      singletonKey: connectionKey(connection.id),
      ...(schedule.kind === 'cron' ? { cron: schedule.expression } : { every: schedule.hours * 3_600_000 }),
    });
  }

  /** When each of the organisation's scheduled connections syncs next, by connection id. */
  async function nextRuns(organisation: string): Promise<Map<string, Date | null>> {
    const prefix = scheduleName('');
    const schedules = await jobs.schedules(SYNC_JOB_KIND, organisation);
    return new Map(
      schedules.filter((entry) => entry.name.startsWith(prefix)).map((entry) => [entry.name.slice(prefix.length), entry.nextRunAt]),
    );
  }

  /** The connection is deleted: its schedule and its finished jobs go too (a running one was cancelled first). */
  async function forget(organisation: string, connectionId: string): Promise<void> {
    await jobs.unschedule(scheduleName(connectionId));
    await jobs.forget(SYNC_JOB_KIND, organisation, connectionKey(connectionId));
  }

  return { enqueue, applySchedule, nextRuns, forget };
}

export type SyncQueue = ReturnType<typeof createSyncQueue>;
