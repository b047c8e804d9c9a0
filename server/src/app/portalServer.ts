// The portal's HTTP server: security headers, the /api routes (bearer token, access table,
// organisation scope, validated input) and the browser app beside them.
import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { PortalConfig } from '../config.js';
import { dashboardOrigins } from '../features/dashboards/dashboardsStore.js';
import type { Store } from '../platform/store/openStore.js';
import { registerAuthentication } from '../platform/http/auth/authenticate.js';
import type { TokenVerifier } from '../platform/http/auth/tokenVerifier.js';
import { registerErrorHandler } from '../platform/http/errors.js';
import { warehouseHttpError } from '../features/warehouse/routes/httpErrors.js';
import { RequestLog } from '../platform/http/requestLog.js';
import { registerTextGuard } from '../platform/http/textGuard.js';
import { compileRouteSchemasWithZod } from '../platform/http/zodTypeProvider.js';
import { registerDashboardRoutes } from '../features/dashboards/dashboardsRoutes.js';
import { registerLayoutSettingsRoutes } from '../features/layout-settings/layoutSettingsRoutes.js';
import { registerSecurity } from '../platform/http/security.js';
import { registerSpa } from '../platform/http/spa.js';
import { registerWarehouseRoutes } from '../features/warehouse/routes/analyticsRoutes.js';
import { registerWarehouseManagementRoutes } from '../features/warehouse/routes/managementRoutes.js';
import { startChangeRecovery } from '../features/warehouse/routes/changeRecovery.js';
import { registerInsightRoutes } from '../features/warehouse/routes/insightRoutes.js';
import { createCostAnomalyWatch, registerBudgetRoutes, startBudgetEvaluation } from '../features/warehouse/budgets/index.js';
import { createJobRunner, jobHttpError, registerJobRoutes } from '../platform/jobs/index.js';
import { createLiveChannel, registerLiveRoutes } from '../platform/live/index.js';
import {
  createEmailSender,
  createNotificationsService,
  registerNotificationRoutes,
  smtpConfigured,
} from '../platform/notifications/index.js';
import { createSignalBus } from '../platform/signals/index.js';
import { createUsageSyncJobs, settingsFor, type WarehouseRegistry } from '../features/warehouse/index.js';
import { registerUsageSyncRoutes } from '../features/warehouse/routes/usageSyncRoutes.js';
import { dbtHttpError, registerDbtArea, uploadTokenVerifier } from '../features/dbt/index.js';
import { catalogQualityHttpError, registerCatalogQualityArea } from '../features/catalog-quality/index.js';
import { catalogDomainsHttpError, registerCatalogDomainsArea } from '../features/catalog-domains/index.js';
import { registerSupportRoutes, supportHttpError } from '../features/support/index.js';
import { catalogGovernanceHttpError, registerCatalogGovernanceArea } from '../features/catalog-governance/index.js';
import { catalogAlertsHttpError, registerCatalogAlertsArea } from '../features/catalog-alerts/index.js';
import { registerCatalogSettingsArea } from '../features/catalog-settings/index.js';
import { buildSampleArtifacts } from '../features/dbt/sample/sampleArtifacts.js';
import { demoDashboards } from '../features/dashboards/demoSeed.js';
import { registerKnowledgeRoutes, seedKnowledge } from '../features/knowledge/index.js';
import { registerHiveRoutes } from '../features/hive/index.js';
import { registerFeatureRequestRoutes } from '../features/feature-requests/index.js';
import { registerProjectRoutes } from '../features/projects/index.js';
import { registerAssistantRoutes } from '../features/assistant/index.js';
import { createRevocationList, withRevocations } from '../platform/http/auth/revocations.js';
import { registerCurrentAccess } from '../platform/http/auth/currentAccess.js';
import {
  createEmbeddedIdentityService,
  createInvitationMailer,
  KeycloakIdentityService,
  keycloakClientSecret,
  registerSecurityRoutes,
  securityHttpError,
  type IdentityService,
} from '../features/security/index.js';
import { airbyteDestinationOf, integrationsHttpError, registerIntegrationsArea } from '../features/integrations/index.js';
import { loadSecretKey, secretBox } from '../platform/secrets/secretBox.js';
import { dataApiHttpError, registerDataApiArea } from '../features/data-api/index.js';

export interface PortalDependencies {
  store: Store;
  verifyToken: TokenVerifier;
  /** Each organisation's warehouse (Snowflake or the embedded sample). */
  warehouses: WarehouseRegistry;
  /**
   * The organisation's identity service for the security area; by default the embedded
   * identity server's admin API (config.identityAdmin). A Keycloak-backed one is passed here.
   */
  identityService?: IdentityService;
  /** Adds routes served beside the API (e.g. the demo dashboards); called before the SPA fallback. */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
  /** Told of every route as it is registered, with its schemas: for what lists the whole API (the hostile-input sweep). */
  onRoute?: (route: RouteOptions) => void;
}

/** Dashboard origins for the CSP, read at start and again after each dashboard change. */
function dashboardOriginCache(store: Store, log: FastifyInstance['log']) {
  let origins: readonly string[] = [];
  const refresh = () =>
    dashboardOrigins(store.db).then(
      (list) => {
        origins = list;
      },
      (error: unknown) => log.error({ err: error }, 'could not read dashboard origins'),
    );
  return { current: () => origins, refresh };
}

/** The organisation's identity service: the embedded identity server's admin API, or a real Keycloak's (IDENTITY_ADMIN_API). */
async function identityServiceFor(config: PortalConfig): Promise<IdentityService> {
  const { identityAdmin } = config;
  if (identityAdmin.api === 'keycloak') {
    const clientSecret = await keycloakClientSecret({ clientSecret: identityAdmin.clientSecret, secretFile: identityAdmin.secretFile });
    return new KeycloakIdentityService({
      url: identityAdmin.url,
      realm: config.identity.realm,
      clientId: identityAdmin.clientId,
      clientSecret,
      timeoutMs: 10_000,
    });
  }
  return createEmbeddedIdentityService({ url: identityAdmin.url, realm: config.identity.realm, secretFile: identityAdmin.secretFile });
}

export async function createPortalServer(config: PortalConfig, deps: PortalDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines in the same shape as the identity server's: ISO time, level name, component.
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      redact: ['req.headers.authorization'],
      base: { component: 'portal' },
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label: string) => ({ level: label }) },
    },
    bodyLimit: 1024 * 1024,
    // Long path parameters reach validation (400 naming the field) instead of a bare 404.
    routerOptions: { maxParamLength: 2048 },
    // Request ids in the logs are our own; a client-sent X-Request-Id is not trusted.
    requestIdHeader: false,
    // One line per request, at a level by outcome (requestLog.ts).
    logController: new RequestLog(),
    return503OnClosing: true,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  compileRouteSchemasWithZod(app);
  // No NUL, unpaired surrogate or absurdly deep body reaches a route's work (400 naming the field).
  registerTextGuard(app);
  registerErrorHandler(app, [
    warehouseHttpError,
    jobHttpError,
    dbtHttpError,
    catalogQualityHttpError,
    catalogGovernanceHttpError,
    catalogDomainsHttpError,
    catalogAlertsHttpError,
    supportHttpError,
    dataApiHttpError,
    securityHttpError,
    integrationsHttpError,
  ]);

  const origins = dashboardOriginCache(deps.store, app.log);
  await origins.refresh();
  // Another instance may change dashboards too; pick that up within a minute.
  const timer = setInterval(() => void origins.refresh(), 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  await registerSecurity(app, config, origins.current);
  // Revoked sessions and "sign out everywhere" refuse tokens on the next call (security area).
  const revocations = createRevocationList(deps.store.db);
  // dbt jobs may also present an upload token the organisation issued (dbt layer, Catalog Settings).
  registerAuthentication(app, withRevocations(deps.verifyToken, revocations), uploadTokenVerifier(deps.store.db));
  // Sensitive changes (security, API keys, warehouse roles, connector secrets, catalog settings)
  // are authorised on the caller's current roles in the identity service, not the token's.
  const identity = deps.identityService ?? (await identityServiceFor(config));
  registerCurrentAccess(app, (organisation, caller) => identity.currentAccess(organisation, caller.subject));

  app.get('/api/health', async () => ({ status: 'ok', store: deps.store.engine }));
  registerDashboardRoutes(app, deps.store.db, () => void origins.refresh());
  registerLayoutSettingsRoutes(app, deps.store.db);
  registerWarehouseRoutes(app, deps.warehouses, deps.store.db);
  registerWarehouseManagementRoutes(app, deps.warehouses, deps.store.db);
  registerInsightRoutes(app, deps.warehouses);

  // The live channel and the job runner every area shares (docs/architecture.md).
  const live = createLiveChannel(deps.store.notifier);
  const jobs = createJobRunner({ db: deps.store.db, live, log: app.log });
  // The one notifications service every area calls; reconnecting browsers get what they missed.
  const notifications = createNotificationsService({
    db: deps.store.db,
    live,
    jobs,
    log: app.log,
    smtp: config.smtp,
    portalUrl: config.portalUrl,
  });
  registerLiveRoutes(app, live, { replay: notifications.liveReplay });
  registerJobRoutes(app, jobs);
  registerNotificationRoutes(app, deps.store.db, notifications);
  // Signals: areas report what happens (a test failed, a sync failed); the catalog's alert rules listen.
  const signals = createSignalBus(app.log);
  const reportSignal = (signal: Parameters<typeof signals.report>[0]) => signals.report(signal);
  const watchCostAnomalies = createCostAnomalyWatch(reportSignal);
  // Optimize budgets: evaluated hourly on the job runner, alerting through the notifications service.
  const notifyBudget = (request: Parameters<typeof notifications.notify>[0]) => notifications.notify(request);
  const budgetScheduler = await startBudgetEvaluation({ db: deps.store.db, registry: deps.warehouses, jobs, notify: notifyBudget });
  registerBudgetRoutes(app, { db: deps.store.db, registry: deps.warehouses, scheduler: budgetScheduler, notify: notifyBudget });
  // The Optimize pages read per-organisation usage copies, kept up to date on the job runner.
  const usageSyncs = createUsageSyncJobs({
    jobs,
    log: app.log,
    // A budget is judged on the figures as soon as they move.
    afterSync: async (organisation) => {
      await budgetScheduler.evaluateNow(organisation);
      // A day that cost far more than the days before it is a signal (cost_anomaly).
      await watchCostAnomalies(organisation, await deps.warehouses.forOrganisation(organisation));
    },
    usageOf: async (organisation) => {
      const usage = (await deps.warehouses.forOrganisation(organisation)).usage;
      if (!usage) throw new Error(`The warehouse of ${organisation} has no usage copy.`);
      return usage;
    },
  });
  deps.warehouses.useUsageSync(usageSyncs.opened);
  registerUsageSyncRoutes(app, deps.warehouses, usageSyncs);
  await registerSupportRoutes(app, deps.store.db, notifications);
  // The knowledge areas and the help assistant; the demo organisations start with articles about the portal.
  if (config.demoData) await seedKnowledge(deps.store.db, Object.keys(demoDashboards));
  registerKnowledgeRoutes(app, deps.store.db);
  registerHiveRoutes(app, deps.store.db);
  registerFeatureRequestRoutes(app, deps.store.db, notifications);
  registerProjectRoutes(app, deps.store.db);
  registerAssistantRoutes(app, deps.store.db);
  const invitations = createInvitationMailer(config.smtp, app.log);
  app.addHook('onClose', async () => invitations.close());
  registerSecurityRoutes(app, {
    identity,
    db: deps.store.db,
    revocations,
    invitations,
  });
  // Catalog settings: each organisation's own values over the portal's settings, read by the areas
  // below; a changed freshness schedule is applied by the dbt layer (registered further down).
  let rescheduleFreshness: (organisation: string) => Promise<void> = async () => undefined;
  const catalogSettings = registerCatalogSettingsArea(app, {
    db: deps.store.db,
    defaults: {
      webhooks: { allowedHosts: [] },
      freshness: { checkMinutes: config.dbt.freshnessCheckMinutes },
      profiler: { sampleRows: config.catalogQuality.profileSampleRows },
      externalCatalog: { url: config.catalogUrl || null },
      artifactsDir: config.dbt.artifactsDir,
      uploadLimitBytes: config.dbt.uploadLimitBytes,
    },
    freshnessChanged: (organisation) => rescheduleFreshness(organisation),
  });
  // Data Quality and the Incident Manager: profiles on the organisation's warehouse; the dbt layer
  // tells it of every ingestion through the listener it returns.
  const catalogQuality = registerCatalogQualityArea(app, {
    db: deps.store.db,
    jobs,
    warehouse: async (organisation) => (await deps.warehouses.forOrganisation(organisation)).readEngine(),
    notifications,
    settings: config.catalogQuality,
    profileSampleRows: (organisation) => catalogSettings.profileSampleRows(organisation),
    reportSignal,
  });
  // Domains, Data Products and cost per asset: the builds and reads of dbt nodes come from the
  // warehouse's usage copy (60 days of builds for a 30-day window and its trend, 30 days of reads).
  registerCatalogDomainsArea(app, {
    db: deps.store.db,
    costs: async (organisation) => (await deps.warehouses.forOrganisation(organisation)).dbtNodeCost(60, 30),
  });
  // Glossary, Classifications and Metrics: personal-data scans and metric values read the organisation's warehouse.
  registerCatalogGovernanceArea(app, {
    db: deps.store.db,
    jobs,
    notifications,
    warehouse: async (organisation) => (await deps.warehouses.forOrganisation(organisation)).readEngine(),
  });
  // The dbt layer reaches warehouses only through these two functions (features never import each other).
  const dbt = await registerDbtArea(app, {
    db: deps.store.db,
    live,
    jobs,
    dataDir: config.dataDir,
    settings: config.dbt,
    warehouse: async (organisation) => (await deps.warehouses.forOrganisation(organisation)).readEngine(),
    notify: (request) => notifications.notify(request),
    reportSignal,
    freshnessMinutes: (organisation) => catalogSettings.freshnessCheckMinutes(organisation),
    ingestionListener: catalogQuality.ingestionListener,
    sample: config.demoData
      ? {
          organisations: Object.keys(demoDashboards),
          warehouse: async (organisation) => {
            const warehouse = await deps.warehouses.forOrganisation(organisation);
            return warehouse.info.sample ? warehouse.readEngine() : null;
          },
          build: buildSampleArtifacts,
          portalUrl: config.portalUrl,
        }
      : null,
  });
  rescheduleFreshness = (organisation) => dbt.service.reschedule(organisation);
  // Data APIs: endpoint SQL runs on the organisation's warehouse engine, handed in here.
  const dataApi = await registerDataApiArea(app, {
    db: deps.store.db,
    warehouse: async (organisation) => (await deps.warehouses.forOrganisation(organisation)).readEngine(),
    portalUrl: config.portalUrl,
    demoOrganisations: config.demoData ? Object.keys(demoDashboards) : null,
  });
  // The alert rules that turn signals into in-app notices, e-mail and webhooks.
  const alertEmail = smtpConfigured(config.smtp) ? createEmailSender(config.smtp) : null;
  app.addHook('onClose', async () => alertEmail?.close());
  registerCatalogAlertsArea(app, {
    db: deps.store.db,
    jobs,
    signals,
    notify: (request) => notifications.notify(request),
    email: alertEmail,
    webhookPolicy: (organisation) => catalogSettings.webhookSettings(organisation),
    portalUrl: config.portalUrl,
    ...config.catalogAlerts,
  });
  // Integrations: connectors write into the organisation's warehouse; their secrets are sealed with the portal's key.
  await registerIntegrationsArea(app, {
    db: deps.store.db,
    jobs,
    live,
    notify: (request) => notifications.notify(request),
    reportSignal,
    warehouse: async (organisation) => ({
      engine: (await deps.warehouses.forOrganisation(organisation)).readEngine(),
      database: settingsFor(deps.warehouses.settings, organisation).snowflake?.loadDatabase ?? null,
    }),
    // On the scale-out engine, Airbyte writes into the same Snowflake account, signed in with the same key.
    airbyteDestination: (organisation) =>
      airbyteDestinationOf(settingsFor(deps.warehouses.settings, organisation).snowflake, (file) => readFile(file, 'utf8')),
    secrets: secretBox(await loadSecretKey({ settingValue: config.secretsKey, dataDir: config.dataDir })),
    projectRoot: process.cwd(),
    settings: config.integrations,
  });
  // Before serving: settle the audit of any warehouse change a crash interrupted.
  await startChangeRecovery(deps.store, deps.warehouses, jobs, app.log);
  await jobs.start();
  await dbt.start();
  app.addHook('onClose', async () => {
    await dbt.close();
    await dataApi.close();
    await jobs.stop();
    await live.close();
    notifications.close();
  });
  await deps.extraRoutes?.(app);
  await registerSpa(app, config);
  return app;
}
