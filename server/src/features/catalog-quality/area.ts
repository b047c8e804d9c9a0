// Data Quality and the Incident Manager: dbt test states, profiles taken on the organisation's
// warehouse, and incidents opened from failing tests. It listens to every dbt ingestion.
import { defineArea } from '../../platform/area/index.js';
import {
  catalogSettingsPort,
  ingestionListeners,
  organisationMembersPort,
  warehouseAccessPort,
  type OrganisationMembers,
} from '../../platform/ports/index.js';
import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../../platform/jobs/index.js';
import type { NotificationsService } from '../../platform/notifications/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { createIncidentNotices } from './incidentNotices.js';
import { qualityIngestionListener, type QualityIngestionListener, type ReportSignal } from './ingestionListener.js';
import { defineProfileJob, type QualityWarehouse } from './profiles.js';
import { registerIncidentRoutes } from './routes/incidentRoutes.js';
import { registerQualityRoutes } from './routes/qualityRoutes.js';
export type { QualityWarehouse } from './profiles.js';

export interface CatalogQualityOptions {
  db: StoreDb;
  jobs: JobRunner;
  warehouse: QualityWarehouse;
  notifications: Pick<NotificationsService, 'notify' | 'rememberUser'> | null;
  settings: { profileSampleRows: number };
  /** An organisation's own profiler sample size (the catalog settings); without it, `settings.profileSampleRows`. */
  profileSampleRows?: (organisation: string) => Promise<number>;
  /** Where the area reports its signals (failing tests, incident moves); null: nowhere. */
  reportSignal?: ReportSignal | null;
  /** The organisation's members (the security area's port): who an incident may be assigned to. */
  directory?: OrganisationMembers | null;
}

export interface CatalogQualityArea {
  /** Handed to the dbt layer: folds each ingestion's results into test states and opens incidents. */
  ingestionListener: QualityIngestionListener;
}

/** Registers the routes and the profile job kind (before the job runner starts). */
export function registerCatalogQualityArea(app: FastifyInstance, options: CatalogQualityOptions): CatalogQualityArea {
  const notices = createIncidentNotices(
    options.notifications ? (request) => (options.notifications as NonNullable<typeof options.notifications>).notify(request) : null,
    app.log,
  );
  defineProfileJob({
    db: options.db,
    jobs: options.jobs,
    warehouse: options.warehouse,
    sampleRows: options.profileSampleRows ?? (async () => options.settings.profileSampleRows),
  });
  registerQualityRoutes(app, { db: options.db, jobs: options.jobs, warehouse: options.warehouse });
  const report = options.reportSignal ?? null;
  registerIncidentRoutes(app, {
    db: options.db,
    notifications: options.notifications,
    notices,
    reportSignal: report,
    directory: options.directory ?? null,
  });
  return { ingestionListener: qualityIngestionListener(notices, report ? { db: options.db, report } : null) };
}

export const area = defineArea<{ config: { catalogQuality: { profileSampleRows: number } } }>({
  id: 'catalog-quality',
  register({ app, db, jobs, notifications, reportSignal, ports }, { config }) {
    const quality = registerCatalogQualityArea(app, {
      db,
      jobs,
      warehouse: (organisation) => ports.use(warehouseAccessPort).readEngine(organisation),
      notifications,
      settings: config.catalogQuality,
      profileSampleRows: (organisation) => ports.use(catalogSettingsPort).profileSampleRows(organisation),
      reportSignal,
      directory: ports.find(organisationMembersPort),
    });
    ports.extend(ingestionListeners, quality.ingestionListener);
  },
});
