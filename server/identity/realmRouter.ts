// Dispatch of a request to the realm: the Keycloak-only endpoints keycloak-js relies on
// (3p-cookies check, login-status iframe, userinfo, account, registrations) are answered here,
// Keycloak's request shapes are adapted for oidc-provider, and the rest goes to it unchanged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { bearerToken, type BearerAuthenticator } from './bearerAuth.js';
import { accountClaims } from './claims.js';
import { CLIENT_ID, REALM, type IdentityConfig } from './config.js';
import { answerPreflight, corsHeadersFor } from './cors.js';
import { isForm, readBody, redirect, sendHtml, sendJson } from './http.js';
import { LOGIN_STATUS_SCRIPT, scriptPage, STEP1_SCRIPT, STEP2_SCRIPT } from './keycloakFrames.js';
import { layout, messagePage, pageCsp, scriptHash } from './pages.js';
import type { PassToProvider } from './providerBridge.js';
import { DISCOVERY, OIDC, ROUTES } from './realmPaths.js';
import type { TokenEndpoint } from './tokenEndpoint.js';

export interface RealmRouterDeps {
  config: IdentityConfig;
  /** Path of the realm, e.g. /realms/dataworks. */
  prefix: string;
  provider: Provider;
  passToProvider: PassToProvider;
  authenticateBearer: BearerAuthenticator;
  tokenEndpoint: TokenEndpoint;
  /** Answers the login-actions pages; false when `rel` is not one of them. */
  handleLoginAction(req: IncomingMessage, res: ServerResponse, rel: string, url: URL): Promise<boolean>;
}

export type RealmRequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** keycloak-js asks for `openid` alone; Keycloak's default client scopes add profile and email. */
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

export function createRealmRouter(deps: RealmRouterDeps): RealmRequestHandler {
  const { config, prefix, provider, passToProvider, authenticateBearer, tokenEndpoint, handleLoginAction } = deps;

  return async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://identity.invalid');
    const pathname = url.pathname;
    if (pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendHtml(
        res,
        200,
        layout({
          title: 'Identity server',
          body: `<h1>Dataworks dev identity server</h1><p>Realm <code>${REALM}</code>: <a href="${prefix}${DISCOVERY}">OpenID configuration</a>.</p>`,
        }),
      );
      return;
    }
    if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) {
      sendJson(res, 404, { error: 'Realm does not exist' });
      return;
    }
    const rel = pathname.slice(prefix.length) || '/';
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const cors = corsHeadersFor(rel, origin, config.webOrigins);

    if (req.method === 'OPTIONS') {
      answerPreflight(req, res, rel, origin, config.webOrigins);
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
          sendHtml(
            res,
            200,
            messagePage({
              title: 'Account',
              message:
                'Account management is not available on the dev identity server. Your name, email and organisation come from the demo data or from registration.',
            }),
          );
          return;
        }
        const account = authenticateBearer(req, res, cors);
        if (account) {
          sendJson(
            res,
            200,
            {
              id: account.id,
              username: account.username,
              email: account.email,
              firstName: account.firstName,
              lastName: account.lastName,
              emailVerified: account.emailVerified,
              attributes: { organization: [...account.organizations] },
            },
            cors,
          );
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
          await tokenEndpoint.forwardRequest(req, res, rel, url.search, cors, passToProvider);
          return;
        }
        break;
      default:
        if (await handleLoginAction(req, res, rel, url)) return;
    }
    await passToProvider(req, res, `${rel}${url.search}`);
  };
}
