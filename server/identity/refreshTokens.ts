// keycloak-js decodes refresh tokens as JWTs, but oidc-provider's are opaque: each one is
// handed out inside an HS256 JWT envelope (its id as `jti`, never past its session) and
// unwrapped again when it comes back to the token endpoint.
import type Provider from 'oidc-provider';
import type { ModelAdapter } from './fileStore.js';
import { signHs256, verifyHs256 } from './jwt.js';

/**
 * Keycloak's default ("Revoke Refresh Token" off): a refresh token stays valid until it
 * expires, however often it is used. Two tabs refreshing with the same token, or a retry after
 * a lost answer, must not end the session, so used refresh tokens are never marked consumed
 * (oidc-provider treats a consumed one coming back as theft and revokes the whole grant).
 */
export function reusableRefreshTokens(adapter: ModelAdapter): ModelAdapter {
  return { ...adapter, consume: async () => undefined };
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function createRefreshTokenEnvelope(provider: Provider, issuer: string, key: Buffer) {
  async function wrapRefreshToken(opaque: string): Promise<{ token: string; expiresIn: number } | undefined> {
    const refreshToken = await provider.RefreshToken.find(opaque);
    if (!refreshToken) return undefined;
    let exp = refreshToken.exp;
    if (refreshToken.sessionUid) {
      const session = await provider.Session.findByUid(refreshToken.sessionUid);
      if (session?.exp) exp = Math.min(exp, session.exp);
    }
    const iat = nowSeconds();
    const token = signHs256(
      {
        exp,
        iat,
        jti: opaque,
        iss: issuer,
        aud: issuer,
        sub: refreshToken.accountId,
        typ: 'Refresh',
        azp: refreshToken.clientId,
        sid: refreshToken.sid,
        scope: refreshToken.scope,
      },
      key,
    );
    return { token, expiresIn: Math.max(0, exp - iat) };
  }

  function unwrapRefreshToken(value: string): { opaque: string } | { error: string } {
    const claims = verifyHs256(value, key);
    if (!claims || claims.typ !== 'Refresh' || claims.iss !== issuer || typeof claims.jti !== 'string') {
      return { error: 'Invalid refresh token' };
    }
    if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds()) return { error: 'Token is not active' };
    return { opaque: claims.jti };
  }

  return { wrapRefreshToken, unwrapRefreshToken };
}
