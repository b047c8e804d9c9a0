// The portal's HTTP server: the platform (security headers, authentication, the error handler,
// the live channel, jobs, notifications, signals, ports), then every area of app/areas.ts in
// turn, then the browser app. Areas talk to each other only through the ports.
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { PortalConfig } from '../config.js';
import type { AreaContext, AreaLifecycle } from '../platform/area/index.js';
import { registerAuthentication } from '../platform/http/auth/authenticate.js';
import { createRevocationList, withRevocations } from '../platform/http/auth/revocations.js';
import type { TokenVerifier } from '../platform/http/auth/tokenVerifier.js';
import { registerErrorHandler } from '../platform/http/errors.js';
import { RequestLog } from '../platform/http/requestLog.js';
import { registerSecurity } from '../platform/http/security.js';
import { registerSpa } from '../platform/http/spa.js';
import { registerTextGuard } from '../platform/http/textGuard.js';
import { compileRouteSchemasWithZod } from '../platform/http/zodTypeProvider.js';
import { createJobRunner, registerJobRoutes } from '../platform/jobs/index.js';
import { createLiveChannel, registerLiveRoutes } from '../platform/live/index.js';
import { createNotificationsService, registerNotificationRoutes } from '../platform/notifications/index.js';
import { createPortRegistry, frameOriginsPort, uploadTokenVerifierPort } from '../platform/ports/index.js';
import { createSignalBus } from '../platform/signals/index.js';
import type { Store } from '../platform/store/openStore.js';
import type { IdentityService } from '../features/security/area.js';
import type { WarehouseRegistry } from '../features/warehouse/area.js';
import { areas } from './areas.js';

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
  /** Told of every route as it is registered, with its schemas: for what lists the whole API (the hostile-input sweep). */
  onRoute?: (route: RouteOptions) => void;
}

function createFastify(): FastifyInstance {
  return Fastify({
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
}

export async function createPortalServer(config: PortalConfig, deps: PortalDependencies): Promise<FastifyInstance> {
  const app = createFastify();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  compileRouteSchemasWithZod(app);
  // No NUL, unpaired surrogate or absurdly deep body reaches a route's work (400 naming the field).
  registerTextGuard(app);
  registerErrorHandler(app);

  const db = deps.store.db;
  const ports = createPortRegistry();
  // The CSP's frame-src follows the organisations' dashboards (the dashboards area provides them).
  await registerSecurity(app, config, () => ports.find(frameOriginsPort)?.current() ?? []);
  // Revoked sessions and "sign out everywhere" refuse tokens on the next call (security area).
  const revocations = createRevocationList(db);
  // dbt jobs may also present an upload token the organisation issued (the dbt area keeps them).
  registerAuthentication(app, withRevocations(deps.verifyToken, revocations), (token) => ports.use(uploadTokenVerifierPort)(token));
  app.get('/api/health', async () => ({ status: 'ok', store: deps.store.engine }));

  // The live channel, job runner, notifications and signals every area shares (docs/architecture.md).
  const live = createLiveChannel(deps.store.notifier);
  const jobs = createJobRunner({ db, live, log: app.log });
  const notifications = createNotificationsService({ db, live, jobs, log: app.log, smtp: config.smtp, portalUrl: config.portalUrl });
  registerLiveRoutes(app, live, { replay: notifications.liveReplay });
  registerJobRoutes(app, jobs);
  registerNotificationRoutes(app, db, notifications);
  const signals = createSignalBus(app.log);

  const context: AreaContext = {
    app,
    db,
    log: app.log,
    jobs,
    live,
    notifications,
    signals,
    reportSignal: (signal) => signals.report(signal),
    ports,
  };
  const inputs = { config, store: deps.store, warehouses: deps.warehouses, identityService: deps.identityService, revocations };
  const lifecycles: AreaLifecycle[] = [];
  for (const area of areas) {
    const lifecycle = await area.register(context, inputs);
    if (lifecycle) lifecycles.push(lifecycle);
  }
  await jobs.start();
  for (const lifecycle of lifecycles) await lifecycle.start?.();
  app.addHook('onClose', async () => {
    // Newest first: an area closes before those it may still call.
    for (const lifecycle of [...lifecycles].reverse()) await lifecycle.close?.();
    await jobs.stop();
    await live.close();
    notifications.close();
  });
  await registerSpa(app, config);
  return app;
}
