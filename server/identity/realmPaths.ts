// The Keycloak URL layout below /realms/dataworks in one place, so the provider's routes, the
// router's dispatch and the CORS allow-list cannot drift apart.

export const OIDC = '/protocol/openid-connect';

/** oidc-provider's endpoints moved to the paths keycloak-js expects of a Keycloak realm. */
export const ROUTES = {
  authorization: `${OIDC}/auth`,
  token: `${OIDC}/token`,
  end_session: `${OIDC}/logout`,
  jwks: `${OIDC}/certs`,
  userinfo: `${OIDC}/userinfo`,
  revocation: `${OIDC}/revoke`,
  introspection: `${OIDC}/token/introspect`,
} as const;

export const DISCOVERY = '/.well-known/openid-configuration';

/** oidc-provider routes that may render HTML. */
export const HTML_ROUTES = [ROUTES.authorization, ROUTES.end_session];

/** Path of the realm on this server (e.g. /realms/dataworks), taken from the issuer URL. */
export function realmPrefix(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/$/, '');
}
