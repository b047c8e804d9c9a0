/**
 * Settings of the portal process (`npm start`). Every setting is an environment variable;
 * all are optional. The identity server's own settings are in identity/config.ts.
 *
 * | Variable           | Default                | Meaning |
 * |--------------------|------------------------|---------|
 * | PORT               | 3000                   | Port of the portal (SPA and `/api`). |
 * | HOST               | localhost              | Interface to listen on (`0.0.0.0` for all). |
 * | DATA_DIR           | ./data                 | Where embedded databases, keys and sessions live. |
 * | DIST_DIR           | ./dist                 | The built browser app; built on start when missing. |
 * | EMBEDDED_IDENTITY  | true                   | Start the dev identity server in the same process. `false` when a real Keycloak is used. |
 * | IDENTITY_PUBLIC_URL| http://localhost:8180  | Identity server base URL written into the served config.json. |
 * | IDENTITY_REALM     | dataworks              | Realm written into the served config.json. |
 * | IDENTITY_CLIENT_ID | dataworks-portal-frontend | Client id written into the served config.json. |
 */
import path from 'node:path';

export interface PortalConfig {
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  embeddedIdentity: boolean;
  identity: { url: string; realm: string; clientId: string };
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

export function loadPortalConfig(env: Env = process.env): PortalConfig {
  return {
    port: port(env, 'PORT', 3000),
    host: setting(env, 'HOST', 'localhost'),
    dataDir: path.resolve(setting(env, 'DATA_DIR', './data')),
    distDir: path.resolve(setting(env, 'DIST_DIR', './dist')),
    embeddedIdentity: flag(env, 'EMBEDDED_IDENTITY', true),
    identity: {
      url: httpUrl(env, 'IDENTITY_PUBLIC_URL', 'http://localhost:8180'),
      realm: setting(env, 'IDENTITY_REALM', 'dataworks'),
      clientId: setting(env, 'IDENTITY_CLIENT_ID', 'dataworks-portal-frontend'),
    },
  };
}
