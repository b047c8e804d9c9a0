// Integrations: connectors on the Airbyte protocol that sync sources into the organisation's
// warehouse, run by the embedded engine or, to scale out, by an Airbyte instance. Secrets are
// sealed with the portal's key.
import { readFile } from 'node:fs/promises';
import { defineArea } from '../../platform/area/index.js';
import { warehouseAccessPort } from '../../platform/ports/index.js';
import { loadSecretKey, secretBox } from '../../platform/secrets/secretBox.js';
import { airbyteDestinationOf } from './airbyte/airbyteConfigs.js';
import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../../platform/jobs/index.js';
import type { NotifyRequest } from '../../platform/notifications/index.js';
import type { SecretBox } from '../../platform/secrets/secretBox.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { SyncDestination } from './destination/checkpointWriter.js';
import { createAirbyteApiClient, type AirbyteSettings } from './airbyte/airbyteApiClient.js';
import { createAirbyteEngine } from './airbyte/airbyteEngine.js';
import { createConnectionsService } from './connectionsService.js';
import { registerIntegrationsRoutes } from './integrationsRoutes.js';
import { createDefinitionsCatalog } from './definitionsCatalog.js';
import { createSourcesService, type EngineSettings } from './sourcesService.js';
import type { ReportSignal } from '../../platform/signals/index.js';
export { airbyteDestinationOf } from './airbyte/airbyteConfigs.js';

export interface IntegrationsSettings extends EngineSettings {
  maxAttempts: number;
  retryBaseDelayMs: number;
  /** Where operators place connector programs an administrator may register. */
  executablesDir: string;
  /** Each organisation's files (the files source reads `<filesDir>/<organisation>` only); unset, local files are not read. */
  filesDir?: string;
  /** The scale-out engine's Airbyte instance; `pollMs`: how often its running jobs are asked how they stand. */
  airbyte?: AirbyteSettings & { pollMs: number };
}

export interface IntegrationsArea {
  db: StoreDb;
  jobs: JobRunner;
  notify(request: NotifyRequest): Promise<unknown>;
  /** Where a failed sync is reported as a signal (the catalog's alert rules listen). */
  reportSignal?: ReportSignal;
  /** Where an organisation's syncs land: its warehouse and, on Snowflake, the load database. */
  warehouse(organisation: string): Promise<SyncDestination>;
  /** The organisation's warehouse as an Airbyte destination configuration, or why Airbyte cannot write to it. */
  airbyteDestination(organisation: string): Promise<{ configuration: Record<string, unknown> } | { reason: string }>;
  secrets: SecretBox;
  projectRoot: string;
  settings: IntegrationsSettings;
}

/** Registers the routes and the job kinds; call before the job runner starts. */
export async function registerIntegrationsArea(app: FastifyInstance, area: IntegrationsArea) {
  const catalog = createDefinitionsCatalog(area.db, {
    projectRoot: area.projectRoot,
    executablesDir: area.settings.executablesDir,
    privateNetworks: area.settings.privateNetworks,
    filesDir: area.settings.filesDir,
  });
  const sources = createSourcesService({ db: area.db, secrets: area.secrets, catalog, engine: area.settings });
  const airbyteSettings = area.settings.airbyte;
  const airbyte = airbyteSettings
    ? {
        engine: createAirbyteEngine({ client: createAirbyteApiClient(airbyteSettings), db: area.db, destination: area.airbyteDestination }),
        pollMs: airbyteSettings.pollMs,
      }
    : undefined;
  const connections = createConnectionsService({
    db: area.db,
    jobs: area.jobs,
    notify: area.notify,
    reportSignal: area.reportSignal,
    warehouse: area.warehouse,
    sources,
    engine: area.settings,
    airbyte,
    log: app.log,
  });
  connections.start();
  registerIntegrationsRoutes(app, sources, connections);
  return { sources, connections };
}

export const area = defineArea<{ config: { secretsKey: string | undefined; dataDir: string; integrations: IntegrationsSettings } }>({
  id: 'integrations',
  async register({ app, db, jobs, notifications, reportSignal, ports }, { config }) {
    const warehouse = () => ports.use(warehouseAccessPort);
    await registerIntegrationsArea(app, {
      db,
      jobs,
      notify: (request) => notifications.notify(request),
      reportSignal,
      warehouse: (organisation) => warehouse().loadTarget(organisation),
      // On the scale-out engine, Airbyte writes into the same Snowflake account, signed in with the same key.
      airbyteDestination: async (organisation) =>
        airbyteDestinationOf((await warehouse().snowflakeAccount(organisation)) ?? undefined, (file) => readFile(file, 'utf8')),
      secrets: secretBox(await loadSecretKey({ settingValue: config.secretsKey, dataDir: config.dataDir })),
      projectRoot: process.cwd(),
      settings: config.integrations,
    });
  },
});
