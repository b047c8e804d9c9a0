/**
 * Test helper: runs the portal (server/src/main.ts) as a child process against a dev
 * identity server child process, both on free loopback ports with a throw-away data
 * directory, so API tests go over real HTTP with real tokens. The browser build is replaced
 * by a two-file fixture so no webpack build is needed.
 *
 *   const portal = await startPortal();
 *   const token = await portal.token('admin');
 *   await portal.api('GET', '/api/dashboards', { token });
 *   await portal.stop();
 */
import { spawn } from 'node:child_process';
import { createSign } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startIdentityServer, type RunningIdentityServer } from '../identity/identityServer';
import { waitFor } from '../helpers/waitFor';
import { copyStoreTemplate } from '../schemaStore';
import { copyPortalTemplate, startsFromTemplate } from '../portalTemplate';

const ROOT = path.resolve(__dirname, '../../..');
const MAIN = path.join(ROOT, 'server', 'src', 'main.ts');
const FIXTURE_DIST = path.join(ROOT, '__tests__', 'server', 'fixtures', 'dist');

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface RunningPortal {
  baseUrl: string;
  /** The portal process's id. */
  pid: number;
  idp: RunningIdentityServer;
  dataDir: string;
  logs(): string;
  /** A fresh access token of a demo account (password = username). */
  token(username: string): Promise<string>;
  api(
    method: string,
    urlPath: string,
    options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer>;
  /** Signs a token with the identity server's own key, with claims of the test's choosing. */
  forgeToken(claims: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>;
  /**
   * Resolves once the organisation's usage copy has had its first fill (the warehouse info says
   * usageReady), so a suite asserts on the settled sample, not on a machine-speed race.
   */
  usageReady(token: string): Promise<void>;
  stop(): Promise<void>;
}

export interface PortalOptions {
  env?: Record<string, string>;
  identityEnv?: Record<string, string>;
  /**
   * Start on a copy of the run's settled portal (__tests__/server/portalTemplate.ts) when the
   * settings allow it; false for a first start on the migrated store alone. True unless given.
   */
  fromTemplate?: boolean;
  /** A data directory of the caller's (an empty folder), kept on stop; a temporary one otherwise. */
  dataDir?: string;
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * The portal's data directory, ready to start on: the start-up work already done when the
 * settings allow it; otherwise at least the embedded store starts migrated (initdb and the
 * migrations cost seconds per portal).
 */
async function prepareDataDir(options: PortalOptions, env: Record<string, string>): Promise<string> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'dw-portal-')));
  const settled = options.fromTemplate !== false && startsFromTemplate(env) && (await copyPortalTemplate(dataDir));
  if (!settled && !env.DATABASE_URL) await copyStoreTemplate(dataDir);
  return dataDir;
}

export async function startPortal(options: PortalOptions = {}): Promise<RunningPortal> {
  const env = options.env ?? {};
  // The identity server starts while the data directory is copied (about a second each).
  const [started, prepared] = await Promise.allSettled([startIdentityServer({ env: options.identityEnv }), prepareDataDir(options, env)]);
  if (started.status === 'rejected') throw started.reason;
  const idp = started.value;
  if (prepared.status === 'rejected') {
    await idp.stop();
    throw prepared.reason;
  }
  const dataDir = prepared.value;
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  let output = '';
  // Node with tsx's loader, not the tsx command (which runs the server in a child of its own): a
  // SIGKILL then ends the server itself, never leaving it running on a folder the test removes.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DIST_DIR: FIXTURE_DIST,
      EMBEDDED_IDENTITY: 'false',
      IDENTITY_PUBLIC_URL: idp.baseUrl,
      // The security area reaches the identity server's admin API with the secret it wrote.
      IDENTITY_ADMIN_SECRET_FILE: path.join(idp.dataDir, 'identity', 'portal-admin-client.json'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await idp.stop();
    if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitFor(
      'the portal to start',
      async () => {
        if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}:\n${output}`);
        return fetch(`${baseUrl}/api/health`).then(
          (response) => response.ok,
          () => false, // not listening yet
        );
      },
      { timeoutMs: 60_000, stepMs: 100, details: () => output },
    );
  } catch (error) {
    await stop();
    throw error;
  }

  const api: RunningPortal['api'] = async (method, urlPath, request = {}) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let body: string | undefined = request.rawBody;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] ??= 'application/json';
    }
    if (request.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };

  const forgeToken: RunningPortal['forgeToken'] = async (claims, header = {}) => {
    const jwks = JSON.parse(await fs.readFile(path.join(idp.dataDir, 'identity', 'jwks.json'), 'utf8')) as { keys: { kid: string }[] };
    const jwk = jwks.keys[0];
    if (!jwk) throw new Error('the identity server has no signing key');
    const { createPrivateKey } = await import('node:crypto');
    const key = createPrivateKey({ key: jwk as unknown as import('node:crypto').JsonWebKey, format: 'jwk' });
    const now = Math.floor(Date.now() / 1000);
    const fullHeader = { alg: 'RS256', typ: 'JWT', kid: jwk.kid, ...header };
    const payload = { iss: idp.issuer, aud: 'dataworks-portal-api', iat: now, exp: now + 300, sub: 'forged', ...claims };
    const input = `${b64url(JSON.stringify(fullHeader))}.${b64url(JSON.stringify(payload))}`;
    const signature = createSign('RSA-SHA256').update(input).sign(key);
    return `${input}.${b64url(signature)}`;
  };

  const usageReady: RunningPortal['usageReady'] = async (token) => {
    await waitFor(
      'the warehouse usage copy to be filled',
      async () => {
        const answer = await api('GET', '/api/warehouse/info', { token });
        if (answer.status !== 200) throw new Error(`warehouse info answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        return (answer.body as { usageReady: boolean }).usageReady;
      },
      { timeoutMs: 120_000, stepMs: 200, details: () => output },
    );
  };

  return {
    baseUrl,
    pid: child.pid ?? 0,
    idp,
    dataDir,
    logs: () => output,
    token: async (username) => (await idp.signIn(username, username)).access_token,
    api,
    forgeToken,
    usageReady,
    stop,
  };
}
