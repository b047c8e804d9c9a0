// The dbt area's service: ingestion (whichever way artifacts arrive), the in-memory project
// index, and freshness checks on the shared job runner, with what changes published on the
// live channel. area.ts builds one and hands it to the routes, the watched
// directory and the sample seeding.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { IngestionSummary } from '@common/dbt/artifactsContract';
import { CATALOG_TOPIC, CATALOG_TOPIC_ROUTES as CATALOG_READERS, FRESHNESS_CHECK_JOB } from '@common/dbt/consumeContract';
import type { JobRunner } from '../../platform/jobs/index.js';
import type { LiveChannel } from '../../platform/live/index.js';
import type { NotificationsService } from '../../platform/notifications/index.js';
import { appPaths, catalogAssetPath } from '@common/paths';
import type { StoreDb } from '../../platform/store/openStore.js';
import { runFreshnessCheck, type FreshnessCheckResult, type StatusChange, type WarehouseAccess } from './freshnessCheck.js';
import { ingestArtifacts, type ArtifactSet, type IngestionListener, type IngestOptions } from './ingest.js';
import { createProjectIndexCache, type ProjectIndexCache } from './projectIndex.js';
import { deleteProject } from './projects.js';
import type { Actor } from '../../platform/store/audit.js';
import type { ReportSignal } from '../../platform/signals/index.js';

export interface DbtSettings {
  /** Largest upload (all parts together), bytes. */
  uploadLimitBytes: number;
  /** Watched directory with one folder per organisation; null when off. */
  artifactsDir: string | null;
  /** Minutes between scheduled freshness checks of each organisation; 0 turns them off. */
  freshnessCheckMinutes: number;
  /** Where uploads are streamed to before they are read. */
  tempDir: string;
}

export interface DbtService {
  readonly db: StoreDb;
  readonly settings: DbtSettings;
  readonly index: ProjectIndexCache;
  ingest(set: ArtifactSet, options: IngestOptions): Promise<IngestionSummary>;
  /** Deletes one of the organisation's projects: its nodes, refs, results and ingestions (404 when there is none of that name). */
  deleteProject(organisation: string, project: string, actor: Actor): Promise<void>;
  /** Queues a freshness check of the organisation (one at a time: a queued or running one is answered instead). */
  startFreshnessCheck(organisation: string, startedBy: string | null): Promise<string>;
  /** Puts every organisation with artifacts on the freshness schedule, and builds their project indexes in the background (at start-up). */
  scheduleAll(): Promise<void>;
  /** Minutes between the organisation's scheduled freshness checks (0: none). */
  freshnessMinutes(organisation: string): Promise<number>;
  /** Brings the organisation's freshness schedule in line with its setting (after the setting changed). */
  reschedule(organisation: string): Promise<void>;
}

const scheduleName = (organisation: string) => `${FRESHNESS_CHECK_JOB}:${organisation}`;

/** Who hears of a source's freshness changing: whoever may open the freshness page. */
const FRESHNESS_AUDIENCE = { role: 'admin' } as const;
const unhealthy = new Set(['warn', 'error', 'runtime error']);

/** A change worth telling people about: a source going stale or failing, or recovering. */
function worthNotifying(change: StatusChange): boolean {
  return unhealthy.has(change.to) ? change.from !== change.to : change.to === 'pass' && change.from !== null && unhealthy.has(change.from);
}

function titleOf(change: StatusChange): string {
  switch (change.to) {
    case 'error':
      return `Source ${change.name} is stale (past its error_after)`;
    case 'warn':
      return `Source ${change.name} is getting stale (past its warn_after)`;
    case 'runtime error':
      return `The freshness check of source ${change.name} could not run`;
    default:
      return `Source ${change.name} is fresh again`;
  }
}

export function createDbtService(options: {
  db: StoreDb;
  live: LiveChannel;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  warehouse: WarehouseAccess;
  settings: DbtSettings;
  /** The notifications service; without it, status changes are only logged. */
  notify?: NotificationsService['notify'];
  /** Told of every ingestion's results (data quality, incidents). */
  listener?: IngestionListener;
  /** An organisation's own freshness check interval (the catalog settings); without it, `settings.freshnessCheckMinutes`. */
  freshnessMinutes?: (organisation: string) => Promise<number>;
  /** Where source freshness going to warn or error is reported as a signal (the alert rules listen). */
  reportSignal?: ReportSignal;
}): DbtService {
  const { db, live, jobs, log, settings } = options;
  const index = createProjectIndexCache(db);

  // The catalog settings may set an organisation's own interval; otherwise the portal's.
  const freshnessMinutes = async (organisation: string) =>
    options.freshnessMinutes ? options.freshnessMinutes(organisation) : settings.freshnessCheckMinutes;
  const schedule = async (organisation: string) => {
    const minutes = await freshnessMinutes(organisation);
    if (minutes <= 0) {
      await jobs.unschedule(scheduleName(organisation));
      return;
    }
    await jobs.schedule({
      name: scheduleName(organisation),
      kind: FRESHNESS_CHECK_JOB,
      organisation,
      every: minutes * 60_000,
      payload: {},
    });
  };

  const announce = async (organisation: string, result: FreshnessCheckResult) => {
    for (const change of result.changes) {
      log.info(
        {
          event: 'dbt.freshness.status_changed',
          organisation,
          source: change.uniqueId,
          name: change.name,
          from: change.from,
          to: change.to,
        },
        'notification event: source freshness changed',
      );
      if (options.reportSignal && (change.to === 'warn' || change.to === 'error')) {
        void options.reportSignal({
          organisation,
          kind: change.to === 'warn' ? 'freshness_warn' : 'freshness_error',
          title: titleOf(change),
          body: change.from ? `Its freshness went from ${change.from} to ${change.to}.` : `Its first check answered ${change.to}.`,
          link: catalogAssetPath(change.uniqueId),
          assetId: change.uniqueId,
          facts: { from: change.from, to: change.to },
        });
      }
      if (!options.notify || !worthNotifying(change)) continue;
      // One notice per change through the notifications service (inbox, live, e-mail for those who asked).
      await options
        .notify({
          organisation,
          audience: FRESHNESS_AUDIENCE,
          type: 'freshness_status_change',
          title: titleOf(change),
          body: change.from ? `Its freshness went from ${change.from} to ${change.to}.` : `Its first check answered ${change.to}.`,
          link: appPaths.freshness,
          data: { uniqueId: change.uniqueId, from: change.from, to: change.to },
        })
        .catch((error: unknown) =>
          log.error({ err: error, organisation, source: change.uniqueId }, 'could not send the freshness notification'),
        );
    }
    await live.publish({
      organisation,
      topic: CATALOG_TOPIC,
      routes: CATALOG_READERS,
      data: { type: 'freshness', checked: result.checked, changed: result.changes.length },
    });
  };

  jobs.define(
    FRESHNESS_CHECK_JOB,
    async ({ organisation, progress, signal }) => {
      const warehouse = await options.warehouse(organisation);
      if (!warehouse) throw new Error('This organisation has no warehouse the portal can query.');
      const startedAt = new Date();
      const result = await runFreshnessCheck({
        db,
        organisation,
        warehouse,
        signal,
        progress: (done, total, name) =>
          progress({
            fraction: total === 0 ? 1 : done / total,
            message: done < total ? `Checking ${name} (${done + 1} of ${total})` : `Checked ${total} sources`,
          }),
      });
      await announce(organisation, result);
      // Stale sources open incidents (or count on the open ones); the check itself stands if that fails.
      await options.listener
        ?.freshnessChecked?.(db, { organisation, startedAt })
        .catch((error: unknown) => log.error({ err: error, organisation }, 'could not open the incidents of the freshness check'));
      return { checked: result.checked, counts: result.counts, changes: result.changes.length };
    },
    // A failed scheduled check is simply the next tick's work; "check now" can be pressed again.
    { payload: z.object({}), maxAttempts: 1, routes: ['freshness'] },
  );

  return {
    db,
    settings,
    index,
    async ingest(set, ingestOptions) {
      const summary = await ingestArtifacts(db, set, ingestOptions, options.listener);
      index.invalidate(ingestOptions.organisation);
      // Built now rather than on the first page view after the ingestion (seconds for a large project).
      void index.get(ingestOptions.organisation).catch((error: unknown) => log.error({ err: error }, 'could not index the dbt project'));
      await schedule(ingestOptions.organisation).catch((error: unknown) =>
        log.error({ err: error }, 'could not schedule the freshness check'),
      );
      await live.publish({
        organisation: ingestOptions.organisation,
        topic: CATALOG_TOPIC,
        routes: CATALOG_READERS,
        data: { type: 'ingested', ingestionId: summary.id },
      });
      log.info(
        { organisation: ingestOptions.organisation, origin: ingestOptions.origin, ingestion: summary.id, counts: summary.counts },
        'dbt artifacts ingested',
      );
      return summary;
    },
    async deleteProject(organisation, project, actor) {
      await deleteProject(db, organisation, project, actor, options.listener);
      index.invalidate(organisation);
      await live.publish({ organisation, topic: CATALOG_TOPIC, routes: CATALOG_READERS, data: { type: 'project_deleted', project } });
      log.info({ organisation, project }, 'dbt project deleted');
    },
    async startFreshnessCheck(organisation, startedBy) {
      const { job } = await jobs.enqueue({ kind: FRESHNESS_CHECK_JOB, organisation, payload: {}, startedBy, singletonKey: 'freshness' });
      return job.id;
    },
    freshnessMinutes,
    async reschedule(organisation) {
      // Only organisations with artifacts are on the schedule.
      const current = await db
        .selectFrom('dbt_ingestions')
        .select('id')
        .where('organisation_id', '=', organisation)
        .where('is_current', '=', true)
        .limit(1)
        .executeTakeFirst();
      if (current) await schedule(organisation);
    },
    async scheduleAll() {
      const rows = await db.selectFrom('dbt_ingestions').select('organisation_id').distinct().where('is_current', '=', true).execute();
      for (const row of rows) await schedule(row.organisation_id);
      // Loaded now rather than by the first search or lineage request after a restart.
      void (async () => {
        for (const row of rows)
          await index.get(row.organisation_id).catch((error: unknown) => log.error({ err: error }, 'could not index the dbt project'));
      })();
    },
  };
}
