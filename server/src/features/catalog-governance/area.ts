// Glossary, Classifications and Metrics. Personal-data scans and metric values read the organisation's warehouse.
import { defineArea } from '../../platform/area/index.js';
import { warehouseAccessPort } from '../../platform/ports/index.js';
import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../../platform/jobs/index.js';
import type { NotificationsService } from '../../platform/notifications/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { registerClassificationRoutes } from './routes/classificationRoutes.js';
import { registerGlossaryRoutes } from './routes/glossaryRoutes.js';
import { registerMetricsRoutes } from './routes/metricsRoutes.js';
import { registerSettingsRoutes } from './routes/settingsRoutes.js';
import { defineSuggestionScanJob, type GovernanceWarehouse } from './suggestions.js';
import { createTermNotices } from './termNotices.js';
export type { GovernanceWarehouse } from './suggestions.js';

export interface CatalogGovernanceOptions {
  db: StoreDb;
  jobs: JobRunner;
  warehouse: GovernanceWarehouse;
  /** Reviewers hear of terms submitted to them, submitters of decisions; null sends nothing. */
  notifications: Pick<NotificationsService, 'notify' | 'rememberUser'> | null;
}

/** Registers the routes and the suggestion scan's job kind (before the job runner starts). */
export function registerCatalogGovernanceArea(app: FastifyInstance, options: CatalogGovernanceOptions): void {
  defineSuggestionScanJob(options);
  registerGlossaryRoutes(app, {
    db: options.db,
    notifications: options.notifications,
    notices: createTermNotices(
      options.db,
      options.notifications ? (request) => (options.notifications as NonNullable<typeof options.notifications>).notify(request) : null,
      app.log,
    ),
  });
  registerClassificationRoutes(app, { db: options.db, jobs: options.jobs });
  registerMetricsRoutes(app, { db: options.db, warehouse: options.warehouse });
  registerSettingsRoutes(app, options.db);
}

export const area = defineArea({
  id: 'catalog-governance',
  register({ app, db, jobs, notifications, ports }) {
    registerCatalogGovernanceArea(app, {
      db,
      jobs,
      notifications,
      warehouse: (organisation) => ports.use(warehouseAccessPort).readEngine(organisation),
    });
  },
});
