// keycloak-js treats refresh tokens as JWTs and expects Keycloak's extra token-response fields;
// oidc-provider's refresh tokens are opaque. This glue wraps them on the way out of the token
// endpoint and unwraps them on the way into the token and revocation endpoints.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { KoaContext } from 'oidc-provider';
import { BodyTooLarge, isForm, readBody, replayRequest, sendJson } from './http.js';
import { verifyRs256 } from './jwt.js';
import type { IdentityKeys } from './keys.js';
import type { PassToProvider } from './providerBridge.js';
import { ROUTES } from './realmPaths.js';
import { createRefreshTokenEnvelope } from './refreshTokens.js';

export interface TokenEndpoint {
  /** Rewrites a successful token response (run by oidc-provider's middleware after it answered). */
  shapeResponse(ctx: KoaContext): Promise<void>;
  /** Hands a POST to the token or revocation endpoint to oidc-provider with its refresh token unwrapped. */
  forwardRequest(
    req: IncomingMessage,
    res: ServerResponse,
    rel: string,
    search: string,
    cors: Record<string, string>,
    passToProvider: PassToProvider,
  ): Promise<void>;
}

export function createTokenEndpoint(provider: Provider, issuer: string, keys: IdentityKeys): TokenEndpoint {
  const { wrapRefreshToken, unwrapRefreshToken } = createRefreshTokenEnvelope(provider, issuer, keys.refreshTokenKey);

  async function shapeResponse(ctx: KoaContext): Promise<void> {
    if (ctx.path !== ROUTES.token || ctx.status !== 200 || typeof ctx.body !== 'object' || ctx.body === null) return;
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

  async function forwardRequest(
    req: IncomingMessage,
    res: ServerResponse,
    rel: string,
    search: string,
    cors: Record<string, string>,
    passToProvider: PassToProvider,
  ): Promise<void> {
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

  return { shapeResponse, forwardRequest };
}
