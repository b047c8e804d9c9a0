/**
 * Settings of the dev identity server (a Keycloak-compatible OpenID Connect server used for
 * local development, demos and CI; production uses a real Keycloak).
 *
 * Every setting is an environment variable; all are optional.
 *
 * | Variable                     | Default                  | Meaning |
 * |------------------------------|--------------------------|---------|
 * | IDENTITY_PORT                | 8180                     | TCP port the server listens on. |
 * | IDENTITY_HOST                | HOST, else localhost     | Interface to listen on; by default the portal's own (`HOST`), so both are exposed alike. `localhost` means its IPv4 and IPv6 loopback addresses. |
 * | IDENTITY_PUBLIC_URL          | http://localhost:8180    | Public base URL, no trailing slash. The issuer is `${IDENTITY_PUBLIC_URL}/realms/dataworks`. |
 * | DATA_DIR                     | ./data                   | Data directory; the server keeps its files under `${DATA_DIR}/identity/`. |
 * | IDENTITY_ACCESS_TOKEN_TTL    | 300                      | Access-token lifetime in seconds. |
 * | IDENTITY_REFRESH_TOKEN_TTL   | 1800                     | Refresh-token lifetime in seconds (renewed on every refresh, never past the session). |
 * | IDENTITY_SESSION_TTL         | 36000                    | Sign-in session lifetime in seconds. |
 * | IDENTITY_REDIRECT_URIS       | http://localhost:3000/*  | Comma-separated redirect and post-logout URIs of the portal client; a trailing `/*` matches any path below (Keycloak style). |
 * | IDENTITY_WEB_ORIGINS         | http://localhost:3000    | Comma-separated origins that get credentialed CORS answers. |
 * | IDENTITY_DEMO                | on for a loopback host   | `true`: seed the demo accounts (password = username) and list them on the sign-in page; `false`: none, and demo accounts left from an earlier start that still have the demo password are removed. Unset: on only while the server listens on a loopback host (localhost, 127.x.x.x, ::1), so demo passwords are never reachable from the network unless asked for. |
 * | IDENTITY_REVOKE_REFRESH_TOKEN| false                    | Keycloak's "Revoke Refresh Token". `false` (Keycloak's default): a refresh token stays valid until it expires, however often it is used (two tabs, a retry after a lost answer). `true`: each refresh token is good for one use; using one again is taken as theft and ends the whole session. |
 * | IDENTITY_LOCKOUT_FAILURES    | 5                        | Consecutive failed sign-ins that lock an account. |
 * | IDENTITY_LOCKOUT_SECONDS     | 900                      | How long a locked account stays locked. |
 * | IDENTITY_SERVICE_CLIENTS     | (none)                   | Service accounts for dbt artifact uploads (client-credentials grant): comma-separated `clientId:organisation[:secret]`. A missing secret is generated once and kept in `${DATA_DIR}/identity/service-clients.json`. Demo mode adds `dataworks-dbt-<organisation>` for each demo organisation. Their tokens carry the organisation, the API audience and the realm role `dbt-uploader`. |
 *
 * Invalid values make `loadIdentityConfig` throw an Error that names the variable.
 */
import path from 'node:path';
import { parseServiceClients, type ServiceClientSpec } from './serviceClients.js';

export const REALM = 'dataworks';
export const CLIENT_ID = 'dataworks-portal-frontend';
export const API_AUDIENCE = 'dataworks-portal-api';

export interface IdentityConfig {
  /** TCP port to listen on. */
  port: number;
  /** Interface to listen on (`localhost`: both loopback addresses). */
  host: string;
  /** Public base URL without trailing slash, e.g. http://localhost:8180. */
  publicUrl: string;
  /** `${publicUrl}/realms/dataworks`. */
  issuer: string;
  /** Absolute directory holding the server's files (`${DATA_DIR}/identity`). */
  dataDir: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  sessionTtl: number;
  redirectUris: string[];
  webOrigins: string[];
  demo: boolean;
  /** Single-use refresh tokens, reuse ending the session (Keycloak's "Revoke Refresh Token"). */
  revokeRefreshToken: boolean;
  lockoutFailures: number;
  lockoutSeconds: number;
  /** Client-credentials clients of IDENTITY_SERVICE_CLIENTS (demo ones are added at start). */
  serviceClients: ServiceClientSpec[];
}

type Env = Record<string, string | undefined>;

function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) {
    throw new Error(`${name} must be a whole number, got "${value}"`);
  }
  const parsed = Number(value);
  if (parsed < min || parsed > max) {
    throw new Error(`${name} must be between ${min} and ${max}, got ${parsed}`);
  }
  return parsed;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(lower)) return true;
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function httpUrl(name: string, value: string): URL {
  const parsed = URL.parse(value);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new Error(`${name} must contain http(s) URLs, got "${value}"`);
  }
  if (parsed.username || parsed.password || parsed.hash || value.includes('#')) {
    throw new Error(`${name} must not contain credentials or a fragment, got "${value}"`);
  }
  return parsed;
}

function list(env: Env, name: string, fallback: string): string[] {
  const value = raw(env, name) ?? fallback;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new Error(`${name} must list at least one value`);
  return items;
}

/** Whether a listen address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(bare) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(bare)
  );
}

export function loadIdentityConfig(env: Env = process.env): IdentityConfig {
  const port = integer(env, 'IDENTITY_PORT', 8180, 0, 65535);
  // The portal's HOST by default: a portal kept on loopback keeps its identity server there too.
  const host = raw(env, 'IDENTITY_HOST') ?? raw(env, 'HOST') ?? 'localhost';

  const publicUrlRaw = raw(env, 'IDENTITY_PUBLIC_URL') ?? `http://localhost:${port === 0 ? 8180 : port}`;
  const publicUrl = httpUrl('IDENTITY_PUBLIC_URL', publicUrlRaw);
  if (publicUrl.search) throw new Error(`IDENTITY_PUBLIC_URL must not have a query, got "${publicUrlRaw}"`);
  const base = publicUrl.href.replace(/\/+$/, '');

  const dataRoot = raw(env, 'DATA_DIR') ?? './data';

  const redirectUris = list(env, 'IDENTITY_REDIRECT_URIS', 'http://localhost:3000/*');
  for (const uri of redirectUris) {
    httpUrl('IDENTITY_REDIRECT_URIS', uri);
    const star = uri.indexOf('*');
    if (star !== -1 && !(star === uri.length - 1 && uri.endsWith('/*'))) {
      throw new Error(`IDENTITY_REDIRECT_URIS only allows a wildcard as a trailing "/*", got "${uri}"`);
    }
  }

  const webOrigins = list(env, 'IDENTITY_WEB_ORIGINS', 'http://localhost:3000').map((origin) => {
    const parsed = httpUrl('IDENTITY_WEB_ORIGINS', origin);
    if (parsed.origin !== origin.replace(/\/$/, '')) {
      throw new Error(`IDENTITY_WEB_ORIGINS must contain origins only (scheme://host[:port]), got "${origin}"`);
    }
    return parsed.origin;
  });

  return {
    port,
    host,
    publicUrl: base,
    issuer: `${base}/realms/${REALM}`,
    dataDir: path.resolve(dataRoot, 'identity'),
    accessTokenTtl: integer(env, 'IDENTITY_ACCESS_TOKEN_TTL', 300, 1, 86400),
    refreshTokenTtl: integer(env, 'IDENTITY_REFRESH_TOKEN_TTL', 1800, 1, 31536000),
    sessionTtl: integer(env, 'IDENTITY_SESSION_TTL', 36000, 1, 31536000),
    redirectUris,
    webOrigins,
    demo: bool(env, 'IDENTITY_DEMO', isLoopbackHost(host)),
    revokeRefreshToken: bool(env, 'IDENTITY_REVOKE_REFRESH_TOKEN', false),
    lockoutFailures: integer(env, 'IDENTITY_LOCKOUT_FAILURES', 5, 1, 1000),
    lockoutSeconds: integer(env, 'IDENTITY_LOCKOUT_SECONDS', 900, 1, 31536000),
    serviceClients: parseServiceClients(raw(env, 'IDENTITY_SERVICE_CLIENTS')),
  };
}
