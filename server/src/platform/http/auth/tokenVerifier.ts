// Verifies the bearer access tokens the browser sends: RS256 signature against the realm's
// JWKS (fetched once, cached, fetched again when a token names an unknown key id), issuer,
// audience and expiry, then reads the claims the portal needs. `alg: none`, HS256 tricks,
// other issuers and expired tokens are all refused here.
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import { HttpError } from '../errors.js';

export interface Caller {
  subject: string;
  username: string;
  /** The one organisation the user belongs to; null when the token carries none. */
  organisation: string | null;
  roles: string[];
  name?: string;
  email?: string;
  /** Whether the identity service verified the e-mail address (`email_verified`); joining by domain needs it. */
  emailVerified?: boolean;
  /** The sign-in session the token belongs to (`sid`), when the token names one. */
  sessionId?: string;
  /** When the token was issued (`iat`, epoch seconds). */
  issuedAt?: number;
}

export interface TokenSettings {
  issuer: string;
  audience: string;
  jwksUrl: string;
}

const organisationId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/);

// Keycloak 26 emits `organization` as a list of aliases, or as a map alias → attributes
// when organisation attributes are mapped; both shapes are accepted.
const claimsSchema = z.object({
  sub: z.string().min(1),
  preferred_username: z.string().min(1).optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  realm_access: z.object({ roles: z.array(z.string()) }).optional(),
  sid: z.string().min(1).max(200).optional(),
  iat: z.number().optional(),
  organization: z.union([z.array(organisationId), z.record(organisationId, z.unknown())]).optional(),
});

function organisationOf(claim: z.infer<typeof claimsSchema>['organization']): string | null {
  if (!claim) return null;
  const ids = Array.isArray(claim) ? claim : Object.keys(claim);
  return ids[0] ?? null;
}

export interface TokenVerifier {
  (token: string): Promise<Caller>;
  /**
   * The caller of a token already verified and still good, without waiting; undefined when the
   * token must be checked (the call above). Lets the request hook answer most requests without
   * a promise (bench:api).
   */
  cached?(token: string): Caller | undefined;
}

/** How many verified tokens are remembered; the oldest is dropped beyond this. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenVerifier(settings: TokenSettings): TokenVerifier {
  const keys = createRemoteJWKSet(new URL(settings.jwksUrl), {
    // A token with an unknown `kid` triggers a fetch, but at most every 30 s, so a flood of
    // forged tokens cannot turn into a flood of requests to the identity server.
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
    timeoutDuration: 5_000,
  });

  // A token that passed every check stays good until it expires (JWTs are not revoked here),
  // so repeat calls with it skip the signature check: the RSA verification dominates the
  // cost of an API call. Keyed by the token's SHA-256, bounded, and never past `exp`.
  const verified = new Map<string, { caller: Caller; expiresAt: number }>();

  const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');
  const cachedCaller = (key: string): Caller | undefined => {
    const hit = verified.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt > Date.now()) return hit.caller;
    verified.delete(key);
    return undefined;
  };

  const verify: TokenVerifier = async (token) => {
    const key = keyOf(token);
    const hit = cachedCaller(key);
    if (hit) return hit;
    const { caller, expiresAt } = await verifyNow(token);
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(key, { caller, expiresAt });
    return caller;
  };
  verify.cached = (token) => cachedCaller(keyOf(token));
  return verify;

  async function verifyNow(token: string): Promise<{ caller: Caller; expiresAt: number }> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      // Keys that cannot be fetched are our problem, not the caller's: 503, so the browser
      // does not throw away a good session.
      if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) {
        throw new HttpError(503, 'unavailable', 'The sign-in service cannot be reached to check the access token.');
      }
      throw new HttpError(401, 'invalid_token', describeJoseError(error));
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw new HttpError(401, 'invalid_token', 'The access token lacks the claims the portal needs.');
    const data = claims.data;
    const caller: Caller = {
      subject: data.sub,
      username: data.preferred_username ?? data.sub,
      organisation: organisationOf(data.organization),
      roles: data.realm_access?.roles ?? [],
      name: data.name,
      email: data.email,
      emailVerified: data.email_verified === true,
      ...(data.sid ? { sessionId: data.sid } : {}),
      ...(data.iat !== undefined ? { issuedAt: data.iat } : {}),
    };
    return { caller, expiresAt: Number(payload.exp) * 1000 };
  }
}

function describeJoseError(error: joseErrors.JOSEError): string {
  if (error instanceof joseErrors.JWTExpired) return 'The access token has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `The access token's "${error.claim}" claim is not accepted.`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'The access token signature is not valid.';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'The access token is not signed with RS256.';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'The access token was not signed by the identity server.';
  return 'The access token is not valid.';
}
