// oidc-provider configured as the Keycloak realm keycloak-js expects: one public client,
// Keycloak's claims and token lifetimes, refresh tokens with Keycloak's reuse rules, and the
// file-backed store. Everything that decides what a token says or how long it lives is here.
import Provider, { errors, type Client, type Configuration, type Grant, type KoaContext } from 'oidc-provider';
import type { AccountStore } from './accounts.js';
import { accessTokenClaims, accountClaims } from './claims.js';
import { API_AUDIENCE, CLIENT_ID, type IdentityConfig } from './config.js';
import type { ModelStore } from './fileStore.js';
import { API_RESOURCE, saveGrant } from './grants.js';
import type { IdentityKeys } from './keys.js';
import type { Logger } from './log.js';
import { renderLogoutSource, renderPostLogoutSuccess, renderProviderError } from './providerPages.js';
import { ROUTES } from './realmPaths.js';
import { redirectUriMatches } from './redirects.js';
import { reusableRefreshTokens } from './refreshTokens.js';
import { nowSeconds } from './scalars.js';
import type { ServiceClient } from './serviceClients.js';
import type { OrganisationStore } from './organisations.js';
import { PORTAL_ADMIN_CLIENT_ID, type PortalAdminClient } from './portalAdminClient.js';

const API_SCOPE = 'openid profile email';
const COOKIE_NAMES = { session: 'DW_IDENTITY_SESSION', interaction: 'DW_IDENTITY_INTERACTION', resume: 'DW_IDENTITY_RESUME' };

export interface IdentityProviderDeps {
  config: IdentityConfig;
  keys: IdentityKeys;
  store: ModelStore;
  accounts: AccountStore;
  log: Logger;
  /** Path of the realm, e.g. /realms/dataworks. */
  prefix: string;
  /** Confidential clients of the client-credentials grant (service accounts). */
  serviceClients?: readonly ServiceClient[];
  /** Each organisation's session lifetimes (and MFA rule, applied at sign-in). */
  organisations: OrganisationStore;
  /** The portal's client for the admin API (adminApi.ts). */
  adminClient: PortalAdminClient;
  /** Told when a member signs themselves out (RP-initiated logout). */
  onSignedOut?: (ctx: KoaContext, session: { uid?: string; accountId?: string }) => void;
}

export interface IdentityProvider {
  provider: Provider;
  /** Grants the requested scopes without a consent screen; answers the grant id. */
  grantFor(accountId: string, clientId: string, scope: string, existing?: Grant): Promise<string>;
}

export function createIdentityProvider({
  config,
  keys,
  store,
  accounts,
  log,
  prefix,
  serviceClients = [],
  organisations,
  adminClient,
  onSignedOut,
}: IdentityProviderDeps): IdentityProvider {
  const serviceClientById = new Map(serviceClients.map((client) => [client.clientId, client]));
  const longCookie = { httpOnly: true, sameSite: 'lax' as const, signed: true, path: `${prefix}/` };
  const shortCookie = { httpOnly: true, sameSite: 'lax' as const, signed: true };

  const policyOf = (accountId: unknown) =>
    organisations.policyForOrganisations(typeof accountId === 'string' ? (accounts.findById(accountId)?.organizations ?? []) : []);

  const grantFor = (accountId: string, clientId: string, scope: string, existing?: Grant): Promise<string> =>
    saveGrant(provider, accountId, clientId, scope, existing);

  const configuration: Configuration = {
    adapter: (model: string) =>
      model === 'RefreshToken' && !config.revokeRefreshToken ? reusableRefreshTokens(store.adapterFor(model)) : store.adapterFor(model),
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
      ...serviceClients.map((client) => ({
        client_id: client.clientId,
        client_secret: client.secret,
        client_name: `dbt artifact uploads (${client.organisation})`,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic' as const,
      })),
      {
        client_id: adminClient.clientId,
        client_secret: adminClient.secret,
        client_name: 'Dataworks portal: organisation administration',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic' as const,
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
      // Service accounts (dbt uploads from CI) get the same short-lived tokens as people.
      ClientCredentials: config.accessTokenTtl,
      AuthorizationCode: 60,
      // A refresh token never outlives the organisation's session idle time: each refresh
      // rotates it, so an idle session can no longer get tokens once that time has passed.
      RefreshToken: (_ctx, token) => Math.min(config.refreshTokenTtl, policyOf(token.accountId).sessionIdleSeconds),
      Interaction: 1800,
      Grant: config.sessionTtl,
      Session: (_ctx, session) => {
        const loginTs = typeof session.loginTs === 'number' ? session.loginTs : nowSeconds();
        const lifetime = Math.min(config.sessionTtl, policyOf(session.accountId).sessionMaxSeconds);
        return Math.max(1, loginTs + lifetime - nowSeconds());
      },
    },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      clientCredentials: { enabled: true },
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
        logoutSource: (ctx: KoaContext, form: string) =>
          renderLogoutSource(ctx, form, { provider, log, sessionCookie: longCookie, onSignedOut }),
        postLogoutSuccessSource: renderPostLogoutSuccess,
      },
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.findById(sub);
      // A disabled account gets no more tokens, even from a session that is still open.
      if (!account || !account.enabled) return undefined;
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
      if (token.kind === 'ClientCredentials') {
        // A Keycloak service account's token: its username, organisation and realm roles.
        if (token.clientId === PORTAL_ADMIN_CLIENT_ID) {
          // No organisation and no realm role: the portal API refuses this token; only the
          // identity server's admin API accepts it.
          return { typ: 'Bearer', azp: PORTAL_ADMIN_CLIENT_ID, preferred_username: `service-account-${PORTAL_ADMIN_CLIENT_ID}` };
        }
        const client = token.clientId ? serviceClientById.get(token.clientId) : undefined;
        if (!client) return undefined;
        return {
          typ: 'Bearer',
          azp: client.clientId,
          preferred_username: `service-account-${client.clientId}`,
          organization: [client.organisation],
          realm_access: { roles: [...client.roles] },
        };
      }
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = accounts.findById(token.accountId);
      if (!account) return undefined;
      return accessTokenClaims(account, token);
    },
    issueRefreshToken: async (_ctx, client) => client.clientId === CLIENT_ID,
    // Every refresh hands out a new refresh token (its lifetime starts again, as Keycloak's
    // does). Whether the old one stays usable is IDENTITY_REVOKE_REFRESH_TOKEN's choice, made
    // in the adapter above: off, it is never marked used, so oidc-provider's reuse detection
    // (which ends the grant) never fires.
    rotateRefreshToken: true,
    expiresWithSession: async () => true,
    clientBasedCORS: (_ctx, origin) => config.webOrigins.includes(origin),
    renderError: renderProviderError,
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

  return { provider, grantFor };
}
