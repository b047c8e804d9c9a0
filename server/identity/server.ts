/**
 * The dev identity server: oidc-provider dressed as a Keycloak realm (`dataworks`) for the
 * portal's browser app (`dataworks-portal-frontend`, keycloak-js 26). Production uses a real
 * Keycloak; dev, demos and CI use this.
 *
 * Layout: a node:http server answers the Keycloak-only endpoints itself (realmRouter.ts,
 * loginActions.ts) and hands the OpenID Connect endpoints to oidc-provider mounted under
 * /realms/dataworks (providerConfig.ts, providerBridge.ts). This file opens the stores, wires
 * the parts together and owns the listening sockets.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { AccountStore } from './accounts.js';
import { createBearerAuthenticator } from './bearerAuth.js';
import type { IdentityConfig } from './config.js';
import { DEMO_ACCOUNTS } from './demoAccounts.js';
import { ModelStore } from './fileStore.js';
import { BodyTooLarge, sendHtml } from './http.js';
import { loadOrCreateKeys, type IdentityKeys } from './keys.js';
import { listenOnHost } from './listen.js';
import { jsonLogger, type Logger } from './log.js';
import { createLoginActions } from './loginActions.js';
import { createOutbox } from './outbox.js';
import { errorPage } from './pages.js';
import { mountProvider, shapeProviderResponses } from './providerBridge.js';
import { createIdentityProvider } from './providerConfig.js';
import { createRealmRouter } from './realmRouter.js';
import { realmPrefix } from './realmPaths.js';
import { createTokenEndpoint } from './tokenEndpoint.js';
import { demoServiceClients, loadServiceClients } from './serviceClients.js';
import type { KoaContext } from 'oidc-provider';
import { createAdminApi } from './adminApi.js';
import { createLoginSteps } from './loginSteps.js';
import { OrganisationStore } from './organisations.js';
import { OtpCredentialStore } from './otpCredentials.js';
import { loadPortalAdminClient } from './portalAdminClient.js';
import { createSessionTracker } from './sessionTracker.js';
import { SignInEventLog } from './signInEvents.js';

/** How often sessions past their organisation's idle or maximum lifetime are ended. */
const SESSION_SWEEP_MS = 10_000;

export interface RunningIdentityServer {
  issuer: string;
  close(): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
}

export async function startIdentityServer(config: IdentityConfig, options: StartOptions = {}): Promise<RunningIdentityServer> {
  const log = options.log ?? jsonLogger;
  const prefix = realmPrefix(config.issuer);

  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const keys: IdentityKeys = await loadOrCreateKeys(config.dataDir, log);
  const store = await ModelStore.open(path.join(config.dataDir, 'oidc-store.json'));
  const accounts = await AccountStore.open(path.join(config.dataDir, 'accounts.json'), {
    failures: config.lockoutFailures,
    seconds: config.lockoutSeconds,
  });
  if (config.demo) {
    const added = await accounts.seedDemo(DEMO_ACCOUNTS);
    if (added > 0)
      log('info', 'demo accounts seeded (password = username)', { count: added, usernames: DEMO_ACCOUNTS.map((demo) => demo.username) });
  } else {
    // Demo mode may have been on in an earlier start (e.g. on loopback): their passwords are
    // public, so they must not outlive it.
    const removed = await accounts.removeDemo(DEMO_ACCOUNTS);
    if (removed.length > 0)
      log('warn', 'demo mode is off: removed the demo accounts that still had their demo password', { usernames: removed });
  }

  const serviceClients = await loadServiceClients(
    config.dataDir,
    [...(config.demo ? demoServiceClients(DEMO_ACCOUNTS.map((demo) => demo.organization)) : []), ...config.serviceClients],
    log,
  );
  // The organisation's own sign-in: policies and groups, one-time-code credentials, the
  // sign-in event log, the portal's admin client and what it sees of sessions.
  const organisations = await OrganisationStore.open(path.join(config.dataDir, 'organisations.json'), {
    requireMfa: false,
    sessionIdleSeconds: config.refreshTokenTtl,
    sessionMaxSeconds: config.sessionTtl,
  });
  if (config.demo) await organisations.seedDemoGroups();
  const otp = await OtpCredentialStore.open(path.join(config.dataDir, 'otp-credentials.json'));
  const events = await SignInEventLog.open(path.join(config.dataDir, 'events.jsonl'));
  const adminClient = await loadPortalAdminClient(config.dataDir);
  const sessions = createSessionTracker({ store, accounts, organisations, events, sessionTtl: config.sessionTtl });

  // oidc-provider's events pass Koa contexts; `ip` is Koa's, `loginTs` the Session model's.
  type EventContext = KoaContext & { ip?: string };
  const recordSignOut = (ctx: EventContext, session: { uid?: string; accountId?: string } | undefined) => {
    void sessions
      .signedOut(session?.uid, session?.accountId, ctx.ip || null, ctx.oidc.client?.clientId ?? null)
      .catch((err: unknown) => log('warn', 'could not record a sign-out', { error: String(err) }));
  };
  const { provider, grantFor } = createIdentityProvider({
    config,
    keys,
    store,
    accounts,
    log,
    prefix,
    serviceClients,
    organisations,
    adminClient,
    onSignedOut: (ctx, session) => recordSignOut(ctx, session),
  });
  provider.on('authorization.success', (...args: unknown[]) => {
    const ctx = args[0] as EventContext;
    const session = ctx.oidc.session as { uid?: string; accountId?: string; loginTs?: number } | undefined;
    void sessions
      .touch(session?.uid, session?.accountId, ctx.get('user-agent') || null, ctx.ip || null, session?.loginTs)
      .catch((err: unknown) => log('warn', 'could not record session activity', { error: String(err) }));
  });
  provider.on('grant.success', (...args: unknown[]) => {
    const ctx = args[0] as EventContext;
    const entities = ctx.oidc.entities as {
      RefreshToken?: { sessionUid?: string; accountId?: string };
      AuthorizationCode?: { sessionUid?: string; accountId?: string };
    };
    const token = entities.RefreshToken ?? entities.AuthorizationCode;
    void sessions
      .touch(token?.sessionUid, token?.accountId, null, ctx.ip || null)
      .catch((err: unknown) => log('warn', 'could not record session activity', { error: String(err) }));
  });
  // Signing out after the confirmation page ends in oidc-provider's own action.
  provider.on('end_session.success', (...args: unknown[]) =>
    recordSignOut(args[0] as EventContext, (args[0] as EventContext).oidc.session as { uid?: string; accountId?: string } | undefined),
  );
  const steps = createLoginSteps({ provider, accounts, store, organisations, otp, events, otpIssuer: 'Dataworks', prefix });
  const handleAdmin = createAdminApi({
    issuer: config.issuer,
    keys,
    accounts,
    store,
    organisations,
    otp,
    sessions,
    events,
    log,
    portalUrl: (config.redirectUris[0] ?? 'http://localhost:3000/*').replace(/\*$/, ''),
  });
  const sweeper = setInterval(() => {
    sessions.sweep().catch((err: unknown) => log('warn', 'session sweep failed', { error: String(err) }));
  }, SESSION_SWEEP_MS);
  sweeper.unref();
  const tokenEndpoint = createTokenEndpoint(provider, config.issuer, keys);
  shapeProviderResponses(provider, { webOrigins: config.webOrigins, shapeTokenResponse: tokenEndpoint.shapeResponse });
  const handle = createRealmRouter({
    config,
    prefix,
    provider,
    passToProvider: mountProvider(provider, prefix),
    authenticateBearer: createBearerAuthenticator(config.issuer, keys, store, accounts),
    tokenEndpoint,
    handleLoginAction: createLoginActions({
      config,
      provider,
      accounts,
      store,
      log,
      prefix,
      grantFor: (a, c, s) => grantFor(a, c, s),
      steps,
      outbox: createOutbox(config.dataDir, log),
    }),
  });

  const dispatch = async (req: IncomingMessage, res: ServerResponse) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (await handleAdmin(req, res, pathname)) return;
    await handle(req, res);
  };
  const requestListener = (req: IncomingMessage, res: ServerResponse) => {
    dispatch(req, res).catch((err: unknown) => {
      if (err instanceof BodyTooLarge) {
        if (!res.headersSent) sendHtml(res, 413, errorPage('The request was too large.'));
        return;
      }
      const error = err instanceof Error ? err : new Error(String(err));
      log('error', 'request failed', { method: req.method, path: (req.url ?? '').split('?')[0], error: error.message, stack: error.stack });
      if (!res.headersSent) sendHtml(res, 500, errorPage('An unexpected error occurred. Please try again later.'));
      else res.destroy();
    });
  };
  const { servers, port } = await listenOnHost(
    () => {
      const server = createServer(requestListener);
      server.keepAliveTimeout = 5000;
      return server;
    },
    config.host,
    config.port,
  );
  log('info', 'identity server listening', {
    host: config.host,
    port,
    issuer: config.issuer,
    dataDir: config.dataDir,
    demo: config.demo,
    revokeRefreshToken: config.revokeRefreshToken,
  });

  let closing: Promise<void> | undefined;
  return {
    issuer: config.issuer,
    close() {
      closing ??= (async () => {
        await Promise.all(
          servers.map(
            (server: Server) =>
              new Promise<void>((resolve) => {
                server.close(() => resolve());
                server.closeIdleConnections();
                setTimeout(() => server.closeAllConnections(), 2000).unref();
              }),
          ),
        );
        clearInterval(sweeper);
        await Promise.all([store.flush(), accounts.flush(), organisations.flush(), otp.flush(), events.flush()]);
        log('info', 'identity server stopped');
      })();
      return closing;
    },
  };
}
