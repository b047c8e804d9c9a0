/**
 * Usage syncs on the shared job runner: a schedule per organisation (every
 * USAGE_SYNC_INTERVAL_MINUTES), the first fill queued as soon as a copy opens empty, and "sync
 * now" from the page. One sync per organisation at a time: jobs carry a singleton key, and the
 * sync itself refuses to run twice on one copy. Progress goes out as the job's progress on the
 * live channel.
 *
 * The copies are files of the instance's data directory, like the embedded warehouse they are
 * read beside; a deployment of several instances keeps the warehouse layer on one of them.
 */
import { z } from 'zod';
import { USAGE_SYNC_JOB_KIND } from '@common/warehouse/usageSyncContract';
import type { JobView } from '@common/jobs/jobsContract';
import { JobCancelledError, type JobLog, type JobRunner } from '../../../platform/jobs/index.js';
import type { OrganisationUsage } from './organisationUsage.js';
import { UsageSyncBusyError, UsageSyncCancelledError } from './usageSync.js';

export interface UsageSyncJobs {
  /** Queues a sync of `organisation` (or answers the one already queued or running). */
  request(organisation: string, startedBy: string | null): Promise<JobView>;
  /** The sync queued or running now, if any. */
  active(organisation: string): Promise<JobView | null>;
  /** For the registry: schedules an opened copy's syncs, and fills it at once if it is empty. */
  opened(usage: OrganisationUsage): void;
}

export interface UsageSyncJobDeps {
  jobs: JobRunner;
  /** The organisation's usage copy (opening its warehouse if need be). */
  usageOf(organisation: string): Promise<OrganisationUsage>;
  /** Run after each successful sync (budgets are evaluated against the new figures). */
  afterSync?(organisation: string): Promise<void>;
  log: JobLog;
}

const SINGLETON = 'usage-sync';

export function createUsageSyncJobs(deps: UsageSyncJobDeps): UsageSyncJobs {
  deps.jobs.define(
    USAGE_SYNC_JOB_KIND,
    async ({ organisation, signal, progress }) => {
      const usage = await deps.usageOf(organisation);
      try {
        const result = await usage.sync({ signal, onProgress: (update) => progress(update) });
        await deps
          .afterSync?.(organisation)
          .catch((error: unknown) => deps.log.warn({ err: error, organisation }, 'budgets could not be evaluated after a usage sync'));
        return {
          kind: result.kind,
          rowsCopied: result.rowsCopied,
          sourceStatements: result.sourceStatements,
          milliseconds: result.milliseconds,
        };
      } catch (error) {
        // A scheduled tick meeting a sync already under way has nothing to do.
        if (error instanceof UsageSyncBusyError) return { skipped: error.message };
        if (error instanceof UsageSyncCancelledError) throw new JobCancelledError();
        throw error;
      }
    },
    // Followed live on the Optimize pages (the usage copy's progress bar).
    {
      payload: z.object({}),
      maxAttempts: 3,
      retryBaseDelayMs: 30_000,
      routes: ['snowflakeCost', 'snowflakeQueries', 'snowflakeWarehouses', 'snowflakeUsers'],
    },
  );

  const request = async (organisation: string, startedBy: string | null) =>
    (await deps.jobs.enqueue({ kind: USAGE_SYNC_JOB_KIND, organisation, payload: {}, startedBy, singletonKey: SINGLETON })).job;

  return {
    request,
    active: (organisation) => deps.jobs.active(USAGE_SYNC_JOB_KIND, organisation),
    opened(usage) {
      const organisation = usage.organisation;
      const scheduled = deps.jobs.schedule({
        name: `${SINGLETON}:${organisation}`,
        kind: USAGE_SYNC_JOB_KIND,
        organisation,
        every: usage.settings.intervalMs,
        payload: {},
      });
      const first = usage.isReady() ? Promise.resolve() : request(organisation, null).then(() => undefined);
      Promise.all([scheduled, first]).catch((error: unknown) =>
        deps.log.error({ err: error, organisation }, 'could not schedule the usage sync'),
      );
    },
  };
}
