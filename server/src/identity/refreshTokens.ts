// keycloak-js decodes refresh tokens as JWTs, but oidc-provider's are opaque: each one is
// handed out inside an HS256 JWT envelope (its id as `jti`, never past its session) and
// unwrapped again when it comes back to the token endpoint.
import type Provider from 'oidc-provider';
import { signHs256, verifyHs256 } from './jwt.js';

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
    const token = signHs256({
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
    }, key);
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
