// Catalog alerts (issue "Catalog, advanced"): rules that turn signals (a failing test, a stale
// source, an incident's move, a failed connector sync, a cost anomaly) into deliveries to the
// in-app inbox, e-mail or a Slack-compatible webhook, with a delivery log and retries. It hears
// signals through the platform's signal bus and reads the dbt layer's nodes for filters; what it
// needs from elsewhere (where webhooks may go, e-mail) comes in from app/portalServer.ts.
import type { FastifyInstance } from 'fastify';
import type { SignalBus } from '../../platform/signals/index.js';
import { defineDeliveryJob, type DeliveryDeps } from './deliveryJob.js';
import { registerAlertRoutes } from './routes/alertRoutes.js';
import { alertSignalListener } from './signalListener.js';

export { catalogAlertsHttpError } from './errors.js';
export { ALERT_DELIVERY_JOB } from './deliveryJob.js';
export type { WebhookPolicy } from './webhookPolicy.js';

export interface CatalogAlertsOptions extends DeliveryDeps {
  signals: SignalBus;
}

/** Registers the routes, the delivery job kind (before the job runner starts) and the signal listener. */
export function registerCatalogAlertsArea(app: FastifyInstance, options: CatalogAlertsOptions): () => void {
  defineDeliveryJob(options);
  registerAlertRoutes(app, {
    db: options.db,
    jobs: options.jobs,
    emailAvailable: options.email !== null,
    webhookPolicy: options.webhookPolicy,
  });
  return options.signals.listen(alertSignalListener(options.db, options.jobs));
}
