/**
 * Settings of the portal process (`npm start`). Every setting is an environment variable;
 * all are optional. The identity server's own settings are in identity/config.ts.
 *
 * | Variable           | Default                | Meaning |
 * |--------------------|------------------------|---------|
 * | PORT               | 3000                   | Port of the portal (SPA and `/api`). |
 * | HOST               | localhost              | Interface to listen on (`0.0.0.0` for all); the dev identity server's too unless IDENTITY_HOST is set. |
 * | DATA_DIR           | ./data                 | Where embedded databases, keys and sessions live. |
 * | DIST_DIR           | ./dist                 | The built browser app; built on start when missing. |
 * | EMBEDDED_IDENTITY  | true                   | Start the dev identity server in the same process. `false` when a real Keycloak is used. |
 * | IDENTITY_PUBLIC_URL| http://localhost:8180  | Identity server base URL written into the served config.json. |
 * | IDENTITY_REALM     | dataworks              | Realm written into the served config.json. |
 * | IDENTITY_CLIENT_ID | dataworks-portal-frontend | Client id written into the served config.json. |
 * | IDENTITY_JWKS_URL  | issuer + /protocol/openid-connect/certs | Where the API fetches the realm's signing keys (set it when the API reaches Keycloak by another address). |
 * | IDENTITY_ADMIN_URL | IDENTITY_PUBLIC_URL    | Where the portal reaches the embedded identity server's admin API (security area). |
 * | IDENTITY_ADMIN_SECRET_FILE | DATA_DIR/identity/portal-admin-client.json | File holding the secret of the `dataworks-portal-admin` client (written by the embedded identity server, mode 0600). |
 * | IDENTITY_ADMIN_API | embedded               | `keycloak`: the security area manages members, sessions and policy through a real Keycloak 26's admin REST API (organizations feature) at IDENTITY_ADMIN_URL, as the service account below. |
 * | IDENTITY_ADMIN_CLIENT_ID | dataworks-portal-admin | With `keycloak`: the confidential client whose service account holds the realm-management roles the area needs. |
 * | IDENTITY_ADMIN_CLIENT_SECRET | (none)         | With `keycloak`: that client's secret (or put it in IDENTITY_ADMIN_SECRET_FILE as `{"secret": "…"}`). Never logged. |
 * | API_AUDIENCE       | dataworks-portal-api   | Audience the API requires in access tokens. |
 * | API_BASE_URL       | /                      | Base URL of the API as the browser calls it (config.json `apiBaseUrl`). |
 * | API_CORS_ORIGINS   | (none)                 | Comma-separated browser origins allowed to call the API cross-origin (when the API runs elsewhere). |
 * | DATABASE_URL       | (unset: PGlite)        | PostgreSQL connection string of the portal store; unset keeps an embedded PGlite under DATA_DIR/store. |
 * | PORTAL_PUBLIC_URL  | http://localhost:PORT  | The portal's own public URL (demo dashboard links). |
 * | DEMO_DATA          | true                   | Seed the demo organisations' dashboards on first start and serve the demo dashboard pages. |
 * | ANALYTICS_TOKEN    | (empty: off)           | Mixpanel project token for config.json; analytics stay off without one. |
 * | ANALYTICS_API_HOST | (empty: Mixpanel's)    | Where analytics events are sent. |
 * | ANALYTICS_DEBUG    | false                  | Mixpanel debug logging in the browser console. |
 * | WEB_ANALYTICS_URL  | (empty: none)          | URL of a web-analytics script to load. |
 * | ANALYTICS_SESSION_REPLAY_PERCENT | 0 (off) | Share of sessions (0–100) recorded by the analytics library's session replay; needs ANALYTICS_TOKEN. Inputs and elements marked `data-private` are masked. |
 * | CATALOG_URL        | (empty)                | OpenMetadata instance the Data Catalog deep-links into. |
 * | CHATBOT_URL        | (empty)                | Support chatbot URL. |
 * | LOG_LEVEL          | info                   | Log level of the structured (JSON) logs. |
 * | DBT_UPLOAD_LIMIT_BYTES | 209715200 (200 MB) | Largest dbt artifact upload (all parts of POST /api/dbt/artifacts together). |
 * | DBT_ARTIFACTS_DIR  | (empty: off)           | Directory watched for dbt artifacts: one folder per organisation id holding manifest.json (and run_results.json, sources.json, catalog.json). |
 * | DBT_FRESHNESS_CHECK_MINUTES | 60            | Minutes between the portal's scheduled source freshness checks of each organisation; 0 turns the schedule off. |
 * | CATALOG_PROFILE_SAMPLE_ROWS | 1000000      | Above this many rows the Data Quality profiler computes column figures on a sample of about this many rows (the row count stays exact). |
 * | ALERT_WEBHOOK_TIMEOUT_SECONDS | 5          | An alert webhook that has not answered after this long counts as failed (and is retried). |
 * | ALERT_RETRY_BASE_SECONDS | 10              | Wait before an alert delivery's first retry, doubled for each next one (4 attempts in all). |
 * | SMTP_URL / SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_SECURE, SMTP_FROM | (unset: e-mail off) | SMTP server of notification e-mail (platform/notifications/smtpSettings.ts). |
 * | SECRETS_KEY        | (unset: DATA_DIR/secrets.key) | 32-byte key (base64) encrypting stored secrets such as connector passwords; unset, a key file is made in the data directory on first start. |
 * | SYNC_TIMEOUT_MINUTES | 360                  | A sync attempt still running after this long is stopped (and retried). |
 * | CONNECTOR_CHECK_TIMEOUT_SECONDS | 60        | Time a connector's spec, check or discover may take. |
 * | CONNECTOR_MEMORY_MB | 1024                  | Memory limit of each connector process. |
 * | SYNC_MAX_ATTEMPTS  | 3                      | Attempts of a sync whose failure a retry may fix (a crash or a time-out), with back-off between them. |
 * | CONNECTOR_EXECUTABLES_DIR | DATA_DIR/connectors | Directory of connector programs (speaking the Airbyte protocol) that an administrator may register as custom connectors. Only files placed here can be registered. |
 * | CONNECTOR_FILES_DIR | DATA_DIR/files       | Where each organisation's files for the files source live (`<dir>/<organisation>/…`); the source reads nothing else on the server. |
 * | CONNECTOR_PRIVATE_NETWORKS | false          | Let connectors reach private, loopback and link-local addresses (a database on the portal's own network). Off, a connector configured by a portal user cannot reach the portal's internal services. |
 * | AIRBYTE_URL        | (unset: embedded engine only) | An Airbyte instance's public API root, without `/v1` (`https://api.airbyte.com`, or `http://<host>:8000/api/public` self-managed). Set, new connections that Airbyte can run (PostgreSQL, files at a URL) into an organisation's Snowflake warehouse run there. |
 * | AIRBYTE_CLIENT_ID, AIRBYTE_CLIENT_SECRET | (required with AIRBYTE_URL) | An Airbyte application's credentials (Settings → Applications in Airbyte). |
 * | AIRBYTE_TIMEOUT_SECONDS | 30                | Time limit of each request to Airbyte. |
 * | AIRBYTE_POLL_SECONDS | 5                    | How often a running Airbyte job is asked how it stands (its progress in the portal moves at this pace). |
 */
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_ARTIFACT_UPLOAD_LIMIT } from '@common/dbt/artifactsContract';
import { AirbyteSettingsError, checkAirbyteSettings, type AirbyteSettings } from './features/integrations/airbyte/airbyteSettings.js';
import { loadSmtpSettings } from './platform/notifications/smtpSettings.js';
import type { SmtpSettings } from './platform/notifications/index.js';

export interface PortalConfig {
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  embeddedIdentity: boolean;
  identity: { url: string; realm: string; clientId: string };
  /** The embedded identity server's admin API, for the security area (identity/adminApi.ts). */
  identityAdmin: { url: string; secretFile: string; api: 'embedded' | 'keycloak'; clientId: string; clientSecret: string | undefined };
  /** How the API checks access tokens. */
  tokens: { issuer: string; audience: string; jwksUrl: string };
  apiBaseUrl: string;
  apiCorsOrigins: string[];
  databaseUrl?: string;
  portalUrl: string;
  demoData: boolean;
  analytics: { token: string; apiHost: string; webAnalyticsUrl: string; debug: boolean; sessionReplayPercent: number };
  catalogUrl: string;
  chatbotUrl: string;
  dbt: { uploadLimitBytes: number; artifactsDir: string | null; freshnessCheckMinutes: number };
  catalogQuality: { profileSampleRows: number };
  /** Worker threads that parse compiled SQL for column-level lineage. */
  columnLineage: { parseWorkers: number };
  catalogAlerts: { webhookTimeoutMs: number; retryBaseDelayMs: number };
  /** Set: the key of stored secrets (base64); unset: a key file in the data directory. */
  secretsKey: string | undefined;
  integrations: {
    readTimeoutMs: number;
    checkTimeoutMs: number;
    memoryLimitMb: number;
    maxAttempts: number;
    retryBaseDelayMs: number;
    privateNetworks: boolean;
    executablesDir: string;
    filesDir: string;
    /** The scale-out engine's Airbyte instance; unset, every connection runs on the embedded engine. */
    airbyte?: AirbyteSettings & { pollMs: number };
  };
  /** Notification e-mail; null: off. */
  smtp: SmtpSettings | null;
}

type Env = Record<string, string | undefined>;

function setting(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function port(env: Env, name: string, fallback: number): number {
  const value = setting(env, name, String(fallback));
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < 1 || parsed > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535, got "${value}"`);
  }
  return parsed;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = setting(env, name, String(fallback)).toLowerCase();
  if (value !== 'true' && value !== 'false') throw new Error(`${name} must be true or false, got "${value}"`);
  return value === 'true';
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const value = setting(env, name, fallback).replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value;
}

/** An optional http(s) URL: empty stays empty. */
function optionalUrl(env: Env, name: string): string {
  return env[name]?.trim() ? httpUrl(env, name, '') : '';
}

function origins(env: Env, name: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return list.map((value) => {
    const url = httpUrl({ [name]: value }, name, value);
    if (new URL(url).origin !== url) throw new Error(`${name} must list origins like https://portal.example.com, got "${value}"`);
    return url;
  });
}

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = setting(env, name, String(fallback));
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new Error(`${name} must be a whole number between ${min} and ${max}, got "${value}"`);
  return Number(value);
}

function identityAdminApi(env: Env): 'embedded' | 'keycloak' {
  const value = setting(env, 'IDENTITY_ADMIN_API', 'embedded');
  if (value !== 'embedded' && value !== 'keycloak') throw new Error(`IDENTITY_ADMIN_API must be "embedded" or "keycloak", got "${value}"`);
  return value;
}

function databaseUrl(env: Env): string | undefined {
  const value = env.DATABASE_URL?.trim();
  if (!value) return undefined;
  if (!/^postgres(ql)?:\/\//.test(value)) throw new Error('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  return value;
}

export function loadPortalConfig(env: Env = process.env): PortalConfig {
  const portNumber = port(env, 'PORT', 3000);
  const identityUrl = httpUrl(env, 'IDENTITY_PUBLIC_URL', 'http://localhost:8180');
  const realm = setting(env, 'IDENTITY_REALM', 'dataworks');
  const issuer = `${identityUrl}/realms/${realm}`;
  const apiBaseUrl = setting(env, 'API_BASE_URL', '/');
  if (apiBaseUrl !== '/' && !/^https?:\/\//.test(apiBaseUrl))
    throw new Error(`API_BASE_URL must be "/" or an absolute http(s) URL, got "${apiBaseUrl}"`);
  return {
    port: portNumber,
    host: setting(env, 'HOST', 'localhost'),
    dataDir: path.resolve(setting(env, 'DATA_DIR', './data')),
    distDir: path.resolve(setting(env, 'DIST_DIR', './dist')),
    embeddedIdentity: flag(env, 'EMBEDDED_IDENTITY', true),
    identity: {
      url: identityUrl,
      realm,
      clientId: setting(env, 'IDENTITY_CLIENT_ID', 'dataworks-portal-frontend'),
    },
    identityAdmin: {
      url: httpUrl(env, 'IDENTITY_ADMIN_URL', identityUrl),
      secretFile: path.resolve(
        setting(env, 'IDENTITY_ADMIN_SECRET_FILE', path.join(setting(env, 'DATA_DIR', './data'), 'identity', 'portal-admin-client.json')),
      ),
      api: identityAdminApi(env),
      clientId: setting(env, 'IDENTITY_ADMIN_CLIENT_ID', 'dataworks-portal-admin'),
      clientSecret: env.IDENTITY_ADMIN_CLIENT_SECRET?.trim() || undefined,
    },
    tokens: {
      issuer,
      audience: setting(env, 'API_AUDIENCE', 'dataworks-portal-api'),
      jwksUrl: httpUrl(env, 'IDENTITY_JWKS_URL', `${issuer}/protocol/openid-connect/certs`),
    },
    apiBaseUrl,
    apiCorsOrigins: origins(env, 'API_CORS_ORIGINS'),
    databaseUrl: databaseUrl(env),
    portalUrl: httpUrl(env, 'PORTAL_PUBLIC_URL', `http://localhost:${portNumber}`),
    demoData: flag(env, 'DEMO_DATA', true),
    analytics: {
      token: setting(env, 'ANALYTICS_TOKEN', ''),
      apiHost: optionalUrl(env, 'ANALYTICS_API_HOST'),
      webAnalyticsUrl: optionalUrl(env, 'WEB_ANALYTICS_URL'),
      debug: flag(env, 'ANALYTICS_DEBUG', false),
      sessionReplayPercent: wholeNumber(env, 'ANALYTICS_SESSION_REPLAY_PERCENT', 0, 0, 100),
    },
    catalogUrl: optionalUrl(env, 'CATALOG_URL'),
    chatbotUrl: optionalUrl(env, 'CHATBOT_URL'),
    dbt: {
      uploadLimitBytes: wholeNumber(env, 'DBT_UPLOAD_LIMIT_BYTES', DEFAULT_ARTIFACT_UPLOAD_LIMIT, 1024, 10 * 1024 ** 3),
      artifactsDir: env.DBT_ARTIFACTS_DIR?.trim() ? path.resolve(env.DBT_ARTIFACTS_DIR.trim()) : null,
      freshnessCheckMinutes: wholeNumber(env, 'DBT_FRESHNESS_CHECK_MINUTES', 60, 0, 7 * 24 * 60),
    },
    catalogQuality: { profileSampleRows: wholeNumber(env, 'CATALOG_PROFILE_SAMPLE_ROWS', 1_000_000, 1000, 1_000_000_000) },
    // One per core, at most four: parsing is CPU-bound and runs beside the portal's own work.
    columnLineage: { parseWorkers: wholeNumber(env, 'COLUMN_LINEAGE_WORKERS', Math.min(4, os.availableParallelism()), 1, 32) },
    catalogAlerts: {
      webhookTimeoutMs: wholeNumber(env, 'ALERT_WEBHOOK_TIMEOUT_SECONDS', 5, 1, 60) * 1000,
      retryBaseDelayMs: wholeNumber(env, 'ALERT_RETRY_BASE_SECONDS', 10, 1, 3600) * 1000,
    },
    smtp: loadSmtpSettings(env),
    secretsKey: env.SECRETS_KEY?.trim() || undefined,
    integrations: {
      readTimeoutMs: wholeNumber(env, 'SYNC_TIMEOUT_MINUTES', 360, 1, 7 * 24 * 60) * 60_000,
      checkTimeoutMs: wholeNumber(env, 'CONNECTOR_CHECK_TIMEOUT_SECONDS', 60, 5, 3600) * 1000,
      memoryLimitMb: wholeNumber(env, 'CONNECTOR_MEMORY_MB', 1024, 64, 64 * 1024),
      maxAttempts: wholeNumber(env, 'SYNC_MAX_ATTEMPTS', 3, 1, 10),
      retryBaseDelayMs: 30_000,
      privateNetworks: flag(env, 'CONNECTOR_PRIVATE_NETWORKS', false),
      executablesDir: path.resolve(setting(env, 'CONNECTOR_EXECUTABLES_DIR', path.join(setting(env, 'DATA_DIR', './data'), 'connectors'))),
      filesDir: path.resolve(setting(env, 'CONNECTOR_FILES_DIR', path.join(setting(env, 'DATA_DIR', './data'), 'files'))),
      airbyte: airbyteSettings(env),
    },
  };
}

const AIRBYTE_VARIABLES = {
  url: 'AIRBYTE_URL',
  clientId: 'AIRBYTE_CLIENT_ID',
  clientSecret: 'AIRBYTE_CLIENT_SECRET',
  timeoutMs: 'AIRBYTE_TIMEOUT_SECONDS',
} as const;

/** The Airbyte instance's settings, checked at start so a mistake stops the portal with the variable named. */
function airbyteSettings(env: Env): (AirbyteSettings & { pollMs: number }) | undefined {
  const url = env.AIRBYTE_URL?.trim();
  if (!url) return undefined;
  const settings = {
    url,
    clientId: env.AIRBYTE_CLIENT_ID?.trim() ?? '',
    clientSecret: env.AIRBYTE_CLIENT_SECRET ?? '',
    timeoutMs: wholeNumber(env, 'AIRBYTE_TIMEOUT_SECONDS', 30, 1, 600) * 1000,
  };
  try {
    checkAirbyteSettings(settings);
  } catch (error) {
    if (error instanceof AirbyteSettingsError) throw new Error(`${AIRBYTE_VARIABLES[error.field]}: ${error.message}`);
    throw error;
  }
  return { ...settings, pollMs: wholeNumber(env, 'AIRBYTE_POLL_SECONDS', 5, 1, 600) * 1000 };
}
