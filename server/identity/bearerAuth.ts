// The Keycloak-only endpoints that take an access token (userinfo, account) are answered by
// this server rather than oidc-provider, so they check the token themselves: our signature,
// issuer and audience, not expired, and its session still signed in.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Account, AccountStore } from './accounts.js';
import { API_AUDIENCE, REALM } from './config.js';
import type { ModelStore } from './fileStore.js';
import { sendJson } from './http.js';
import { verifyRs256 } from './jwt.js';
import type { IdentityKeys } from './keys.js';
import { asString, nowSeconds } from './scalars.js';

/** Verifies a bearer access token of this realm; answers the account or sends 401. */
export type BearerAuthenticator = (req: IncomingMessage, res: ServerResponse, cors: Record<string, string>) => Account | undefined;

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match?.[1];
}

export function createBearerAuthenticator(
  issuer: string,
  keys: IdentityKeys,
  store: ModelStore,
  accounts: AccountStore,
): BearerAuthenticator {
  return (req, res, cors) => {
    const token = bearerToken(req);
    const claims = token ? verifyRs256(token, keys.publicKeys) : undefined;
    const audience = claims?.aud;
    const audOk = audience === API_AUDIENCE || (Array.isArray(audience) && audience.includes(API_AUDIENCE));
    const sid = asString(claims?.sid);
    const live =
      claims &&
      claims.iss === issuer &&
      audOk &&
      typeof claims.exp === 'number' &&
      claims.exp > nowSeconds() &&
      sid !== '' &&
      store.findBy('Session', (payload) =>
        Object.values((payload.authorizations ?? {}) as Record<string, { sid?: string }>).some((entry) => entry?.sid === sid),
      ) !== undefined;
    const account = live ? accounts.findById(asString(claims.sub)) : undefined;
    if (!account) {
      const error = token ? 'invalid_token' : 'invalid_request';
      sendJson(
        res,
        401,
        { error, error_description: token ? 'Token verification failed' : 'Missing bearer token' },
        {
          ...cors,
          'WWW-Authenticate': `Bearer realm="${REALM}", error="${error}"`,
        },
      );
      return undefined;
    }
    return account;
  };
}
