/**
 * The dev identity server: oidc-provider dressed as a Keycloak realm (`dataworks`) for the
 * portal's browser app (`dataworks-portal-frontend`, keycloak-js 26). Production uses a real
 * Keycloak; dev, demos and CI use this.
 *
 * Layout: a node:http server answers the Keycloak-only endpoints itself (3p-cookies check,
 * login-status iframe, userinfo, account, registrations, login pages, reset password) and hands
 * the OpenID Connect endpoints to oidc-provider mounted under /realms/dataworks. The iframe
 * pages are in keycloakFrames.ts, the JWT envelope around refresh tokens in refreshTokens.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import Provider, { errors, type Client, type Configuration, type ErrorOut, type Grant, type KoaContext } from 'oidc-provider';
import { AccountStore, displayName, type Account } from './accounts.js';
import { API_AUDIENCE, CLIENT_ID, REALM, type IdentityConfig } from './config.js';
import { DEMO_ACCOUNTS } from './demoAccounts.js';
import { ModelStore } from './fileStore.js';
import { BodyTooLarge, isForm, readBody, redirect, replayRequest, sendHtml, sendJson } from './http.js';
import { verifyRs256, type Claims } from './jwt.js';
import { loadOrCreateKeys, type IdentityKeys } from './keys.js';
import { createLoginActions } from './loginActions.js';
import { jsonLogger, type Logger } from './log.js';
import { errorPage, layout, logoutConfirmPage, messagePage, pageCsp, scriptHash } from './pages.js';
import { redirectUriMatches } from './redirects.js';
import { LOGIN_STATUS_SCRIPT, scriptPage, STEP1_SCRIPT, STEP2_SCRIPT } from './keycloakFrames.js';
import { listenOnHost } from './listen.js';
import { createRefreshTokenEnvelope, reusableRefreshTokens } from './refreshTokens.js';

export interface RunningIdentityServer {
  issuer: string;
  close(): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
}

const OIDC = '/protocol/openid-connect';
const ROUTES = {
  authorization: `${OIDC}/auth`,
  token: `${OIDC}/token`,
  end_session: `${OIDC}/logout`,
  jwks: `${OIDC}/certs`,
  userinfo: `${OIDC}/userinfo`,
  revocation: `${OIDC}/revoke`,
  introspection: `${OIDC}/token/introspect`,
} as const;
const DISCOVERY = '/.well-known/openid-configuration';
/** Resource indicator of the portal API; tokens for it carry `aud: dataworks-portal-api`. */
const API_RESOURCE = 'urn:dataworks:portal-api';
const API_SCOPE = 'openid profile email';
const ACCOUNT_CLIENT_ROLES = ['manage-account', 'manage-account-links', 'view-profile'];
/** Paths (below the realm) that answer credentialed CORS for the configured web origins. */
const CORS_PATHS = new Set<string>([ROUTES.token, ROUTES.userinfo, ROUTES.jwks, ROUTES.end_session, ROUTES.revocation, '/account', DISCOVERY]);
/** oidc-provider routes that may render HTML. */
const HTML_ROUTES = [ROUTES.authorization, ROUTES.end_session];

const COOKIE_NAMES = { session: 'DW_IDENTITY_SESSION', interaction: 'DW_IDENTITY_INTERACTION', resume: 'DW_IDENTITY_RESUME' };

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match?.[1];
}

function errorMessage(out: ErrorOut, error: Error): string {
  const expose = (error as { expose?: unknown }).expose === true;
  if (!expose || out.error === 'server_error') return 'An unexpected error occurred. Please try again later.';
  switch (out.error) {
    case 'invalid_redirect_uri':
      return 'Invalid parameter: redirect_uri';
    case 'invalid_client':
      return 'Client not found.';
    case 'invalid_session':
    case 'session_not_found':
      return 'Your sign-in attempt has expired or was opened in another browser. Go back to the application and sign in again.';
    default:
      return out.error_description ? `${out.error_description} (${out.error})` : out.error;
  }
}

export async function startIdentityServer(config: IdentityConfig, options: StartOptions = {}): Promise<RunningIdentityServer> {
  const log = options.log ?? jsonLogger;
  const prefix = new URL(config.issuer).pathname.replace(/\/$/, '');

  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const keys: IdentityKeys = await loadOrCreateKeys(config.dataDir, log);
  const store = await ModelStore.open(path.join(config.dataDir, 'oidc-store.json'));
  const accounts = await AccountStore.open(path.join(config.dataDir, 'accounts.json'), {
    failures: config.lockoutFailures,
    seconds: config.lockoutSeconds,
  });
  if (config.demo) {
    const added = await accounts.seedDemo(DEMO_ACCOUNTS);
    if (added > 0) log('info', 'demo accounts seeded (password = username)', { count: added, usernames: DEMO_ACCOUNTS.map((demo) => demo.username) });
  } else {
    // Demo mode may have been on in an earlier start (e.g. on loopback): their passwords are
    // public, so they must not outlive it.
    const removed = await accounts.removeDemo(DEMO_ACCOUNTS);
    if (removed.length > 0) log('warn', 'demo mode is off: removed the demo accounts that still had their demo password', { usernames: removed });
  }

  const longCookie = { httpOnly: true, sameSite: 'lax' as const, signed: true, path: `${prefix}/` };
  const shortCookie = { httpOnly: true, sameSite: 'lax' as const, signed: true };

  function accountClaims(account: Account): Claims {
    return {
      sub: account.id,
      name: displayName(account),
      given_name: account.firstName,
      family_name: account.lastName,
      preferred_username: account.username,
      email: account.email,
      email_verified: account.emailVerified,
      // Like Keycloak, a user outside every organisation gets no `organization` claim at all.
      ...(account.organizations.length > 0 ? { organization: [...account.organizations] } : {}),
    };
  }

  async function grantFor(accountId: string, clientId: string, scope: string, existing?: Grant): Promise<string> {
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const scopes = scope.split(' ').filter((value) => value !== '');
    if (scopes.length > 0) {
      grant.addOIDCScope(scopes.join(' '));
      grant.addResourceScope(API_RESOURCE, scopes.join(' '));
    }
    return grant.save();
  }

  async function revokeGrant(grantId: string): Promise<void> {
    await Promise.all([
      provider.AccessToken.revokeByGrantId(grantId),
      provider.RefreshToken.revokeByGrantId(grantId),
      provider.AuthorizationCode.revokeByGrantId(grantId),
    ]);
    const grant = await provider.Grant.find(grantId);
    if (grant) await grant.destroy();
  }

  function setPageCsp(ctx: KoaContext): void {
    ctx.set('Content-Security-Policy', pageCsp({ scriptHashes: ["'self'"] }));
  }

  const configuration: Configuration = {
    adapter: (model: string) => (model === 'RefreshToken' && !config.revokeRefreshToken ? reusableRefreshTokens(store.adapterFor(model)) : store.adapterFor(model)),
    clients: [
      {
        client_id: CLIENT_ID,
        client_name: 'Dataworks portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        response_modes: ['query', 'fragment'],
        redirect_uris: config.redirectUris,
        post_logout_redirect_uris: config.redirectUris,
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys, names: COOKIE_NAMES, long: longCookie, short: shortCookie },
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub', 'organization'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    scopes: ['openid', 'profile', 'email'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: { ...ROUTES },
    conformIdTokenClaims: false,
    allowOmittingSingleRegisteredRedirectUri: false,
    extraParams: ['dw_screen'],
    clockTolerance: 5,
    ttl: {
      AccessToken: config.accessTokenTtl,
      IdToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      RefreshToken: config.refreshTokenTtl,
      Interaction: 1800,
      Grant: config.sessionTtl,
      Session: (_ctx, session) => {
        const loginTs = typeof session.loginTs === 'number' ? session.loginTs : nowSeconds();
        return Math.max(1, loginTs + config.sessionTtl - nowSeconds());
      },
    },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => API_RESOURCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: KoaContext, resource: string) => {
          if (resource !== API_RESOURCE) throw new errors.InvalidTarget();
          return {
            audience: API_AUDIENCE,
            scope: API_SCOPE,
            accessTokenTTL: config.accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContext, form: string) => {
          const hint = ctx.oidc.entities.IdTokenHint;
          const session = ctx.oidc.session;
          if (hint && session?.accountId && hint.payload.sub === session.accountId) {
            // A valid id_token_hint of the signed-in user: sign out without asking (Keycloak).
            for (const authorization of Object.values(session.authorizations ?? {})) {
              if (authorization.grantId) await revokeGrant(authorization.grantId);
            }
            await session.destroy();
            ctx.cookies.set(provider.cookieName('session'), null, longCookie);
            const params = ctx.oidc.params ?? {};
            const postLogout = str(params.post_logout_redirect_uri);
            let target: string;
            if (postLogout) {
              const url = new URL(postLogout);
              if (str(params.state)) url.searchParams.set('state', str(params.state));
              target = url.href;
            } else {
              target = ctx.oidc.urlFor('end_session_success');
            }
            log('info', 'signed out', { accountId: hint.payload.sub });
            ctx.status = 303;
            ctx.redirect(target);
            return;
          }
          setPageCsp(ctx);
          ctx.type = 'html';
          ctx.body = logoutConfirmPage(form, ctx.host);
        },
        postLogoutSuccessSource: async (ctx: KoaContext) => {
          setPageCsp(ctx);
          ctx.type = 'html';
          ctx.body = messagePage({ title: 'Signed out', message: 'You have been signed out.', tone: 'success' });
        },
      },
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.findById(sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => ({ ...accountClaims(account), sub: account.id }) };
    },
    loadExistingGrant: async (ctx) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      let grant = grantId ? await provider.Grant.find(grantId) : undefined;
      if (grant && (grant.accountId !== session.accountId || grant.clientId !== client.clientId)) grant = undefined;
      const scope = [...ctx.oidc.requestParamScopes].join(' ');
      const id = await grantFor(session.accountId, client.clientId, scope, grant);
      return provider.Grant.find(id);
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = accounts.findById(token.accountId);
      if (!account) return undefined;
      const { sub: _sub, ...claims } = accountClaims(account);
      return {
        typ: 'Bearer',
        azp: token.clientId,
        sid: token.sid,
        realm_access: { roles: [...account.realmRoles] },
        resource_access: { account: { roles: [...ACCOUNT_CLIENT_ROLES] } },
        ...claims,
      };
    },
    issueRefreshToken: async (_ctx, client) => client.clientId === CLIENT_ID,
    // Every refresh hands out a new refresh token (its lifetime starts again, as Keycloak's
    // does). Whether the old one stays usable is IDENTITY_REVOKE_REFRESH_TOKEN's choice, made
    // in the adapter above: off, it is never marked used, so oidc-provider's reuse detection
    // (which ends the grant) never fires.
    rotateRefreshToken: true,
    expiresWithSession: async () => true,
    clientBasedCORS: (_ctx, origin) => config.webOrigins.includes(origin),
    renderError: async (ctx, out, error) => {
      setPageCsp(ctx);
      ctx.type = 'html';
      ctx.body = errorPage(errorMessage(out, error));
    },
    interactions: {
      url: (_ctx, interaction) => `${prefix}/login-actions/authenticate/${interaction.uid}`,
    },
  };

  // The callbacks above refer to `provider`; they only run once requests arrive.
  const provider = new Provider(config.issuer, configuration);

  // Keycloak-style redirect URIs: a registered `.../*` accepts any path below it.
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(this: Client, value: string): boolean {
    return redirectUriMatches(value, this.redirectUris);
  };
  provider.Client.prototype.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowed(this: Client, value: string): boolean {
    return redirectUriMatches(value, this.postLogoutRedirectUris ?? []);
  };

  // Keycloak puts `sid` in every id token (and this server in every access token).
  provider.Client.prototype.includeSid = function includeSid(): boolean {
    return true;
  };

  provider.on('server_error', (_ctx, err) => {
    const error = err instanceof Error ? err : new Error(String(err));
    log('error', 'identity server error', { error: error.message, stack: error.stack });
  });
  for (const event of ['authorization.error', 'grant.error', 'end_session.error', 'userinfo.error']) {
    provider.on(event, (_ctx, err) => {
      const error = err as { error?: string; error_description?: string; error_detail?: string };
      log('warn', event, { error: error.error, description: error.error_description, detail: error.error_detail });
    });
  }

  function corsHeaders(origin: string | undefined): Record<string, string> {
    if (origin && config.webOrigins.includes(origin)) {
      return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' };
    }
    return { Vary: 'Origin' };
  }

  /** Wraps an opaque refresh token in a signed JWT (keycloak-js decodes refresh tokens). */
  const { wrapRefreshToken, unwrapRefreshToken } = createRefreshTokenEnvelope(provider, config.issuer, keys.refreshTokenKey);

  provider.use(async (ctx, next) => {
    const isHtmlRoute = HTML_ROUTES.some((route) => ctx.path === route || ctx.path.startsWith(`${route}/`));
    if (isHtmlRoute) ctx.set('Content-Security-Policy', pageCsp({ scriptHashes: ["'self'"] }));
    try {
      await next();
    } finally {
      for (const header of Object.keys(ctx.response.headers)) {
        if (header.toLowerCase().startsWith('access-control-')) ctx.remove(header);
      }
      if (CORS_PATHS.has(ctx.path)) {
        for (const [name, value] of Object.entries(corsHeaders(ctx.get('Origin') || undefined))) {
          if (name === 'Vary') ctx.vary('Origin');
          else ctx.set(name, value);
        }
      }
      if (!isHtmlRoute && ctx.type !== 'text/html') ctx.remove('Content-Security-Policy');
    }
    if (ctx.path === ROUTES.token && ctx.status === 200 && typeof ctx.body === 'object' && ctx.body !== null) {
      const body = ctx.body as Record<string, unknown>;
      if (typeof body.refresh_token === 'string') {
        const wrapped = await wrapRefreshToken(body.refresh_token);
        if (wrapped) {
          body.refresh_token = wrapped.token;
          body.refresh_expires_in = wrapped.expiresIn;
        } else {
          delete body.refresh_token;
        }
      }
      const access = typeof body.access_token === 'string' ? verifyRs256(body.access_token, keys.publicKeys) : undefined;
      if (access && typeof access.sid === 'string') body.session_state = access.sid;
      body['not-before-policy'] = 0;
    }
  });

  const providerCallback = provider.callback();
  const handleLoginAction = createLoginActions({ config, provider, accounts, store, log, prefix, grantFor: (a, c, s) => grantFor(a, c, s) });

  function passToProvider(req: IncomingMessage, res: ServerResponse, relativeUrl: string): Promise<void> {
    const request = req as IncomingMessage & { originalUrl?: string };
    request.originalUrl = `${prefix}${relativeUrl}`;
    request.url = relativeUrl;
    return providerCallback(request, res);
  }

  /** Verifies a bearer access token of this realm; answers the account or sends 401. */
  function authenticateBearer(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>): Account | undefined {
    const token = bearerToken(req);
    const claims = token ? verifyRs256(token, keys.publicKeys) : undefined;
    const audience = claims?.aud;
    const audOk = audience === API_AUDIENCE || (Array.isArray(audience) && audience.includes(API_AUDIENCE));
    const sid = str(claims?.sid);
    const live = claims && claims.iss === config.issuer && audOk && typeof claims.exp === 'number' && claims.exp > nowSeconds()
      && sid !== '' && store.findBy('Session', (payload) => Object.values((payload.authorizations ?? {}) as Record<string, { sid?: string }>).some((entry) => entry?.sid === sid)) !== undefined;
    const account = live ? accounts.findById(str(claims.sub)) : undefined;
    if (!account) {
      const error = token ? 'invalid_token' : 'invalid_request';
      sendJson(res, 401, { error, error_description: token ? 'Token verification failed' : 'Missing bearer token' }, {
        ...cors,
        'WWW-Authenticate': `Bearer realm="${REALM}", error="${error}"`,
      });
      return undefined;
    }
    return account;
  }

  async function handleToken(req: IncomingMessage, res: ServerResponse, rel: string, search: string, cors: Record<string, string>): Promise<void> {
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (err) {
      if (!(err instanceof BodyTooLarge)) throw err;
      sendJson(res, 400, { error: 'invalid_request', error_description: 'request body too large' }, cors);
      return;
    }
    if (isForm(req)) {
      const params = new URLSearchParams(body.toString('utf8'));
      const field = rel === ROUTES.token ? 'refresh_token' : 'token';
      const values = params.getAll(field);
      const wrapped = values.length === 1 && (rel === ROUTES.revocation || params.get('grant_type') === 'refresh_token');
      if (wrapped) {
        const result = unwrapRefreshToken(values[0] ?? '');
        if ('error' in result) {
          if (rel === ROUTES.token) {
            sendJson(res, 400, { error: 'invalid_grant', error_description: result.error }, cors);
            return;
          }
        } else {
          params.set(field, result.opaque);
          body = Buffer.from(params.toString(), 'utf8');
        }
      }
    }
    await passToProvider(replayRequest(req, body), res, `${rel}${search}`);
  }

  function withDefaultScopes(url: URL): string {
    const params = new URLSearchParams(url.search);
    const scope = params.get('scope');
    if (scope !== null && params.getAll('scope').length === 1) {
      const scopes = scope.split(' ').filter((value) => value !== '');
      if (scopes.includes('openid')) {
        for (const extra of ['profile', 'email']) if (!scopes.includes(extra)) scopes.push(extra);
        params.set('scope', scopes.join(' '));
      }
    }
    const text = params.toString();
    return text ? `?${text}` : '';
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://identity.invalid');
    const pathname = url.pathname;
    if (pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendHtml(res, 200, layout({
        title: 'Identity server',
        body: `<h1>Dataworks dev identity server</h1><p>Realm <code>${REALM}</code>: <a href="${prefix}${DISCOVERY}">OpenID configuration</a>.</p>`,
      }));
      return;
    }
    if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) {
      sendJson(res, 404, { error: 'Realm does not exist' });
      return;
    }
    const rel = pathname.slice(prefix.length) || '/';
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const cors = CORS_PATHS.has(rel) ? corsHeaders(origin) : {};

    if (req.method === 'OPTIONS') {
      if (CORS_PATHS.has(rel) && origin && config.webOrigins.includes(origin)) {
        res.writeHead(204, {
          ...cors,
          'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
          'Access-Control-Allow-Headers': str(req.headers['access-control-request-headers']) || 'Authorization, Content-Type',
          'Access-Control-Max-Age': '3600',
        });
      } else {
        res.writeHead(204, { Vary: 'Origin' });
      }
      res.end();
      return;
    }

    switch (rel) {
      case '/':
        if (req.method === 'GET') {
          sendJson(res, 200, {
            realm: REALM,
            'token-service': `${config.issuer}${OIDC}`,
            'account-service': `${config.issuer}/account`,
            'tokens-not-before': 0,
          });
          return;
        }
        break;
      case `${OIDC}/3p-cookies/step1.html`:
      case `${OIDC}/3p-cookies/step2.html`: {
        const script = rel.endsWith('step1.html') ? STEP1_SCRIPT : STEP2_SCRIPT;
        sendHtml(res, 200, scriptPage('3rd party cookies check', script), {
          csp: pageCsp({ scriptHashes: [scriptHash(script)], frameAncestors: ["'self'", ...config.webOrigins] }),
        });
        return;
      }
      case `${OIDC}/login-status-iframe.html`:
        sendHtml(res, 200, scriptPage('Login status', LOGIN_STATUS_SCRIPT), {
          csp: `${pageCsp({ scriptHashes: [scriptHash(LOGIN_STATUS_SCRIPT)], frameAncestors: ["'self'", ...config.webOrigins] })}; connect-src 'self'`,
        });
        return;
      case `${OIDC}/login-status-iframe.html/init`: {
        const ok = url.searchParams.get('client_id') === CLIENT_ID && config.webOrigins.includes(url.searchParams.get('origin') ?? '');
        res.writeHead(ok ? 204 : 403, { 'Cache-Control': 'no-store' });
        res.end();
        return;
      }
      case `${OIDC}/login-status-iframe.html/status`: {
        const session = await provider.Session.get(provider.createContext(req, res));
        const sid = session.accountId ? session.sidFor(url.searchParams.get('client_id') ?? '') : undefined;
        sendJson(res, 200, sid ? { sid } : {});
        return;
      }
      case ROUTES.userinfo: {
        if (req.method !== 'GET' && req.method !== 'POST') break;
        const account = authenticateBearer(req, res, cors);
        if (account) sendJson(res, 200, accountClaims(account), cors);
        return;
      }
      case '/account': {
        if (req.method !== 'GET') break;
        if (!bearerToken(req) && (req.headers.accept ?? '').includes('text/html')) {
          sendHtml(res, 200, messagePage({ title: 'Account', message: 'Account management is not available on the dev identity server. Your name, email and organisation come from the demo data or from registration.' }));
          return;
        }
        const account = authenticateBearer(req, res, cors);
        if (account) {
          sendJson(res, 200, {
            id: account.id,
            username: account.username,
            email: account.email,
            firstName: account.firstName,
            lastName: account.lastName,
            emailVerified: account.emailVerified,
            attributes: { organization: [...account.organizations] },
          }, cors);
        }
        return;
      }
      case `${OIDC}/registrations`:
        if (req.method !== 'GET') break;
        url.searchParams.set('dw_screen', 'register');
        await passToProvider(req, res, `${ROUTES.authorization}${withDefaultScopes(url)}`);
        return;
      case ROUTES.authorization:
        if (req.method === 'GET') {
          url.searchParams.delete('dw_screen');
          await passToProvider(req, res, `${ROUTES.authorization}${withDefaultScopes(url)}`);
          return;
        }
        break;
      case ROUTES.end_session:
        if (req.method === 'POST') {
          // keycloak-js posts a form; answer with the GET form of the same request.
          const form = isForm(req) ? new URLSearchParams((await readBody(req)).toString('utf8')) : new URLSearchParams();
          const query = new URLSearchParams();
          for (const name of ['id_token_hint', 'client_id', 'post_logout_redirect_uri', 'state', 'ui_locales', 'logout_hint']) {
            for (const value of form.getAll(name)) query.append(name, value);
          }
          const search = query.toString();
          redirect(res, `${prefix}${ROUTES.end_session}${search ? `?${search}` : ''}`, 303, cors);
          return;
        }
        break;
      case ROUTES.token:
      case ROUTES.revocation:
        if (req.method === 'POST') {
          await handleToken(req, res, rel, url.search, cors);
          return;
        }
        break;
      default:
        if (await handleLoginAction(req, res, rel, url)) return;
    }
    await passToProvider(req, res, `${rel}${url.search}`);
  }

  const requestListener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err: unknown) => {
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
  const { servers, port } = await listenOnHost(() => {
    const server = createServer(requestListener);
    server.keepAliveTimeout = 5000;
    return server;
  }, config.host, config.port);
  log('info', 'identity server listening', { host: config.host, port, issuer: config.issuer, dataDir: config.dataDir, demo: config.demo, revokeRefreshToken: config.revokeRefreshToken });

  let closing: Promise<void> | undefined;
  return {
    issuer: config.issuer,
    close() {
      closing ??= (async () => {
        await Promise.all(servers.map((server: Server) => new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 2000).unref();
        })));
        await Promise.all([store.flush(), accounts.flush()]);
        log('info', 'identity server stopped');
      })();
      return closing;
    },
  };
}
