// Alert rules: signals (a test failed, a source went stale, a sync failed, a cost anomaly) turned
// into in-app notices, e-mail and webhooks, delivered on the job runner with retries.
import { defineArea } from '../../platform/area/index.js';
import { createEmailSender, smtpConfigured, type SmtpSettings } from '../../platform/notifications/index.js';
import { catalogReadModelPort, catalogSettingsPort, impactSources, type CatalogReadModel } from '../../platform/ports/index.js';
import type { FastifyInstance } from 'fastify';
import type { SignalBus } from '../../platform/signals/index.js';
import { defineDeliveryJob, type DeliveryDeps } from './deliveryJob.js';
import { alertRulesImpactSource } from './impactSource.js';
import { registerAlertRoutes } from './routes/alertRoutes.js';
import { alertSignalListener } from './signalListener.js';
export { ALERT_DELIVERY_JOB } from './deliveryJob.js';
export type { WebhookPolicy } from './webhookPolicy.js';

export interface CatalogAlertsOptions extends DeliveryDeps {
  signals: SignalBus;
  /** The dbt catalog: the tags, domain and owners rule filters look at. */
  catalog: CatalogReadModel;
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
  return options.signals.listen(alertSignalListener(options.db, options.jobs, options.catalog));
}

export const area = defineArea<{
  config: { smtp: SmtpSettings | null; portalUrl: string; catalogAlerts: { webhookTimeoutMs: number; retryBaseDelayMs: number } };
}>({
  id: 'catalog-alerts',
  register({ app, db, jobs, notifications, signals, ports }, { config }) {
    const email = smtpConfigured(config.smtp) ? createEmailSender(config.smtp) : null;
    const stopListening = registerCatalogAlertsArea(app, {
      db,
      jobs,
      signals,
      catalog: ports.later(catalogReadModelPort),
      notify: (request) => notifications.notify(request),
      email,
      webhookPolicy: (organisation) => ports.use(catalogSettingsPort).webhookSettings(organisation),
      portalUrl: config.portalUrl,
      ...config.catalogAlerts,
    });
    ports.extend(impactSources, alertRulesImpactSource(db));
    return {
      close: async () => {
        stopListening();
        email?.close();
      },
    };
  },
});
