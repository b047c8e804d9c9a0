// Putting connections' syncs on the platform job runner: a sync or reset is queued unless one of
// the connection is already queued or running (then that one is answered), the schedule sweep
// queues the syncs that are due, and each job's progress is published to the Integrations pages.
import type { StreamProgress, Schedule, SyncJobSummary } from '@common/integrations/integrationsContract';
import { INTEGRATIONS_PAGES, SYNC_PROGRESS_EVENT } from '@common/integrations/integrationsRules';
import type { JobRunner } from '../../platform/jobs/index.js';
import type { LiveChannel } from '../../platform/live/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { summary } from './connectionRules.js';
import { notFound } from './connectionViews.js';
import { IntegrationConflictError } from './errors.js';
import {
  deleteJob,
  dueConnections,
  insertJob,
  jobById,
  jobByRunnerId,
  updateConnection,
  updateJob,
  type JobRow,
} from './integrationsStore.js';
import { nextRun } from './schedules.js';
import type { SyncJobDeps } from './syncJob.js';

export const SYNC_JOB = 'integrations.sync';
export const SCHEDULE_JOB = 'integrations.schedule';

export interface SyncQueueDeps {
  db: StoreDb;
  jobs: JobRunner;
  live: LiveChannel;
  log: SyncJobDeps['log'];
}

export function createSyncQueue(deps: SyncQueueDeps) {
  const { db } = deps;

  async function publish(
    organisation: string,
    job: JobRow,
    attempt: number,
    progress: { rowsRead: number; rowsCommitted: number; streams: StreamProgress[] },
  ) {
    await deps.live
      .publish({
        organisation,
        topic: SYNC_PROGRESS_EVENT,
        routes: INTEGRATIONS_PAGES,
        alsoUserId: job.started_by,
        data: { jobId: job.id, connectionId: job.connection_id, status: job.status, attempt, ...progress },
      })
      .catch(() => undefined);
  }

  /** Queues a sync (or reset) unless one is already queued or running: then that one is answered. */
  async function enqueue(
    organisation: string,
    connectionId: string,
    kind: 'sync' | 'reset',
    startedBy: string | null,
    stream?: string,
  ): Promise<SyncJobSummary> {
    const jobId = await insertJob(db, { organisation, connectionId, kind, startedBy });
    // For a reset, the stream to reset; for a sync, the stream to read again from the start first.
    const queued = await deps.jobs.enqueue({
      kind: SYNC_JOB,
      organisation,
      payload: { jobId, ...(stream ? { stream } : {}) },
      startedBy,
      singletonKey: `connection:${connectionId}`,
    });
    if (!queued.created) {
      await deleteJob(db, jobId);
      const existing = await jobByRunnerId(db, organisation, queued.job.id);
      if (existing) return summary(existing);
      throw new IntegrationConflictError('A sync of this connection is already starting; try again in a moment.');
    }
    await updateJob(db, jobId, { runnerJobId: queued.job.id });
    const row = await jobById(db, organisation, jobId);
    if (!row) throw notFound('job', jobId);
    await publish(organisation, row, 0, { rowsRead: 0, rowsCommitted: 0, streams: [] });
    return summary(row);
  }

  /** Enqueues the syncs that are due and moves each connection's next run on. */
  async function sweep(): Promise<unknown> {
    const now = new Date();
    const due = await dueConnections(db, now, 100);
    for (const connection of due) {
      const next = nextRun(connection.schedule as Schedule, now);
      await updateConnection(db, connection.organisation_id, connection.id, { nextSyncAt: next });
      await enqueue(connection.organisation_id, connection.id, 'sync', null).catch((error: unknown) =>
        deps.log.warn({ err: error, connection: connection.id }, 'could not start a scheduled sync'),
      );
    }
    return { started: due.length };
  }

  return { publish, enqueue, sweep };
}
