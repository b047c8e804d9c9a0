// Keycloak answers credentialed CORS for the client's web origins on exactly the endpoints
// keycloak-js calls with fetch/XHR. oidc-provider has its own CORS rules, so on these paths
// its headers are replaced by ours, and preflights never reach it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KoaContext } from 'oidc-provider';
import { DISCOVERY, ROUTES } from './realmPaths.js';
import { asString } from './scalars.js';

/** Paths (below the realm) that answer credentialed CORS for the configured web origins. */
export const CORS_PATHS = new Set<string>([
  ROUTES.token,
  ROUTES.userinfo,
  ROUTES.jwks,
  ROUTES.end_session,
  ROUTES.revocation,
  '/account',
  DISCOVERY,
]);

export function corsHeaders(origin: string | undefined, webOrigins: readonly string[]): Record<string, string> {
  if (origin && webOrigins.includes(origin)) {
    return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' };
  }
  return { Vary: 'Origin' };
}

/** The CORS headers an answer on `rel` carries; none off the CORS paths. */
export function corsHeadersFor(rel: string, origin: string | undefined, webOrigins: readonly string[]): Record<string, string> {
  return CORS_PATHS.has(rel) ? corsHeaders(origin, webOrigins) : {};
}

export function answerPreflight(
  req: IncomingMessage,
  res: ServerResponse,
  rel: string,
  origin: string | undefined,
  webOrigins: readonly string[],
): void {
  if (CORS_PATHS.has(rel) && origin && webOrigins.includes(origin)) {
    res.writeHead(204, {
      ...corsHeaders(origin, webOrigins),
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': asString(req.headers['access-control-request-headers']) || 'Authorization, Content-Type',
      'Access-Control-Max-Age': '3600',
    });
  } else {
    res.writeHead(204, { Vary: 'Origin' });
  }
  res.end();
}

/** Drops oidc-provider's CORS headers from an answer and, on the CORS paths, sets ours. */
export function replaceProviderCors(ctx: KoaContext, webOrigins: readonly string[]): void {
  for (const header of Object.keys(ctx.response.headers)) {
    if (header.toLowerCase().startsWith('access-control-')) ctx.remove(header);
  }
  if (CORS_PATHS.has(ctx.path)) {
    for (const [name, value] of Object.entries(corsHeaders(ctx.get('Origin') || undefined, webOrigins))) {
      if (name === 'Vary') ctx.vary('Origin');
      else ctx.set(name, value);
    }
  }
}
