// The dbt layer: artifacts uploaded by the organisation's dbt jobs (or read from a watched
// directory) become the catalog, lineage, exposures and source freshness. Demo organisations
// start with the sample project's artifacts, built on their sample warehouse.
import { DEMO_ORGANISATIONS } from '@common/demo/demoOrganisations';
import { defineArea } from '../../platform/area/index.js';
import {
  allIngestionListeners,
  catalogReadModelPort,
  dashboardsPort,
  type DashboardsDirectory,
  catalogSettingsPort,
  ingestionListeners,
  uploadTokenVerifierPort,
  warehouseAccessPort,
} from '../../platform/ports/index.js';
import { buildSampleProjects } from '../../samples/dbt/sampleArtifacts.js';
import { uploadTokenVerifier } from './uploadTokens.js';
import { catalogReadModel } from './catalogReadModel.js';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../../platform/jobs/index.js';
import type { LiveChannel } from '../../platform/live/index.js';
import type { NotificationsService } from '../../platform/notifications/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { watchArtifactsDirectory } from './artifactsDirectory.js';
import { createDbtService, type DbtService } from './dbtService.js';
import type { WarehouseAccess } from './freshnessCheck.js';
import type { IngestionListener } from './ingest.js';
import { registerArtifactRoutes } from './routes/artifactRoutes.js';
import { registerCatalogRoutes } from './routes/catalogRoutes.js';
import { registerConsumeRoutes } from './routes/consumeRoutes.js';
import { seedSampleArtifacts, type SampleBuilder, type SampleWarehouse } from './sampleSeed.js';
import { registerUploadTokenRoutes } from './routes/uploadTokenRoutes.js';
import { registerProjectRoutes } from './routes/projectRoutes.js';
import type { ReportSignal } from '../../platform/signals/index.js';
export { uploadTokenVerifier } from './uploadTokens.js';
export type { WarehouseAccess } from './freshnessCheck.js';
export type { IngestionListener } from './ingest.js';
export type { SampleBuilder, SampleWarehouse } from './sampleSeed.js';

export interface DbtAreaOptions {
  db: StoreDb;
  live: LiveChannel;
  jobs: JobRunner;
  dataDir: string;
  settings: { uploadLimitBytes: number; artifactsDir: string | null; freshnessCheckMinutes: number };
  /** Reads on an organisation's warehouse (freshness checks). */
  warehouse: WarehouseAccess;
  /** Where a source's freshness changing is told (the notifications service). */
  notify?: NotificationsService['notify'];
  /** An organisation's own freshness check interval (the catalog settings). */
  freshnessMinutes?: (organisation: string) => Promise<number>;
  /** Where source freshness going to warn or error is reported as a signal. */
  reportSignal?: ReportSignal;
  /** Told of every ingestion's results inside its transaction (data quality states, incidents). */
  ingestionListener?: IngestionListener;
  /** The organisation's dashboards, which name exposures' dashboards by URL. */
  dashboards: DashboardsDirectory;
  /** The demo organisations to give the sample project on first start (DEMO_DATA on); null: none. */
  sample: { organisations: readonly string[]; warehouse: SampleWarehouse; build: SampleBuilder; portalUrl: string } | null;
}

export interface DbtArea {
  service: DbtService;
  /** Work to start once the portal serves: the sample, the schedules, the watched directory. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Registers the routes and the freshness job kind (before the job runner starts). */
export async function registerDbtArea(app: FastifyInstance, options: DbtAreaOptions): Promise<DbtArea> {
  const service = createDbtService({
    db: options.db,
    live: options.live,
    jobs: options.jobs,
    log: app.log,
    warehouse: options.warehouse,
    notify: options.notify,
    reportSignal: options.reportSignal,
    freshnessMinutes: options.freshnessMinutes,
    listener: options.ingestionListener,
    settings: { ...options.settings, tempDir: path.join(options.dataDir, 'tmp', 'dbt-uploads') },
  });
  await registerArtifactRoutes(app, service);
  registerUploadTokenRoutes(app, options.db);
  registerProjectRoutes(app, service);
  registerCatalogRoutes(app, service);
  registerConsumeRoutes(app, service, options.dashboards);

  let closeWatcher: (() => Promise<void>) | null = null;
  let sampling: Promise<unknown> = Promise.resolve();
  const stopping = new AbortController();
  return {
    service,
    async start() {
      await service.scheduleAll();
      if (options.settings.artifactsDir) {
        const watcher = await watchArtifactsDirectory({
          directory: options.settings.artifactsDir,
          stateFile: path.join(options.dataDir, 'dbt-artifacts-directory.json'),
          service,
          log: app.log,
        });
        closeWatcher = () => watcher.close();
      }
      // In the background: generating a sample warehouse takes a few seconds and nothing waits for it.
      if (options.sample) sampling = seedSampleArtifacts({ service, log: app.log, signal: stopping.signal, ...options.sample });
    },
    async close() {
      stopping.abort();
      await closeWatcher?.();
      // A sample build in progress stops at its next step (the signal) and is waited for, so it
      // writes nothing after the store closes; an organisation whose sample was not ingested gets
      // it at the next start.
      await sampling.catch(() => undefined);
    },
  };
}

export const area = defineArea<{
  config: {
    dataDir: string;
    demoData: boolean;
    portalUrl: string;
    dbt: { uploadLimitBytes: number; artifactsDir: string | null; freshnessCheckMinutes: number };
  };
}>({
  id: 'dbt',
  async register({ app, db, live, jobs, notifications, reportSignal, ports }, { config }) {
    ports.provide(uploadTokenVerifierPort, uploadTokenVerifier(db));
    ports.provide(catalogReadModelPort, catalogReadModel(db));
    const warehouse = () => ports.use(warehouseAccessPort);
    const settings = ports.use(catalogSettingsPort);
    const dbt = await registerDbtArea(app, {
      db,
      live,
      jobs,
      dataDir: config.dataDir,
      settings: config.dbt,
      warehouse: (organisation) => warehouse().readEngine(organisation),
      notify: (request) => notifications.notify(request),
      reportSignal,
      freshnessMinutes: (organisation) => settings.freshnessCheckMinutes(organisation),
      // Every area that keeps state derived from the artifacts, in the order they registered.
      ingestionListener: allIngestionListeners(ports.contributions(ingestionListeners)),
      dashboards: ports.later(dashboardsPort),
      sample: config.demoData
        ? {
            organisations: DEMO_ORGANISATIONS,
            warehouse: (organisation) => warehouse().sampleEngine(organisation),
            build: buildSampleProjects,
            portalUrl: config.portalUrl,
          }
        : null,
    });
    // A changed freshness setting moves the organisation's scheduled checks.
    const stopFollowing = settings.onChange(async (organisation, section) => {
      if (section === 'freshness') await dbt.service.reschedule(organisation);
    });
    return {
      start: () => dbt.start(),
      close: async () => {
        stopFollowing();
        await dbt.close();
      },
    };
  },
});
