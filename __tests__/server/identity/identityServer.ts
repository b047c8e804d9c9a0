/**
 * Test helper: runs the dev identity server as a child process (oidc-provider is ESM-only, so
 * it is never imported into jest) on a free loopback port with a temporary data directory, and
 * drives it over real HTTP like a browser would, headlessly.
 *
 *   const idp = await startIdentityServer({ env: { IDENTITY_ACCESS_TOKEN_TTL: '60' } });
 *   const tokens = await idp.signIn('admin', 'admin');
 *   ...
 *   await idp.stop();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '../helpers/waitFor';

export const CLIENT_ID = 'dataworks-portal-frontend';
export const DEFAULT_REDIRECT_URI = 'http://localhost:3000/app/home';
export const PORTAL_ORIGIN = 'http://localhost:3000';

const ROOT = path.resolve(__dirname, '../../..');
const MAIN = path.join(ROOT, 'server', 'identity', 'main.ts');

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  id_token: string;
  token_type?: string;
  expires_in?: number;
  refresh_expires_in?: number;
  scope?: string;
  session_state?: string;
}

export interface StartOptions {
  /** Extra environment for the server (IDENTITY_* settings). */
  env?: Record<string, string>;
  /** Reuse a data directory (e.g. to test a restart); it is then not deleted on stop. */
  dataDir?: string;
  /** Reuse a port (e.g. to restart on the same issuer). */
  port?: number;
}

export interface RunningIdentityServer {
  issuer: string;
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server has written to stdout and stderr so far. */
  logs(): string;
  /** Signs in headlessly (code flow + PKCE) and returns the token response. */
  signIn(username: string, password: string, options?: SignInOptions): Promise<TokenSet>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, logs: () => string, timeoutMs: number): Promise<void> {
  await waitFor(
    `the identity server at ${url}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`identity server exited with ${child.exitCode}:\n${logs()}`);
      return fetch(url).then(
        (response) => response.ok,
        () => false, // not listening yet
      );
    },
    { timeoutMs, stepMs: 50, details: logs },
  );
}

export async function startIdentityServer(options: StartOptions = {}): Promise<RunningIdentityServer> {
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'dw-identity-')));
  const baseUrl = `http://localhost:${port}`;
  const issuer = `${baseUrl}/realms/dataworks`;
  let output = '';

  // Node with tsx's loader (not the tsx command, which would run the server as a grandchild a SIGKILL misses).
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // Loopback whatever HOST the machine's environment has (the server's default follows it).
      IDENTITY_HOST: 'localhost',
      IDENTITY_PORT: String(port),
      IDENTITY_PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(`${issuer}/.well-known/openid-configuration`, child, () => output, 30000);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    issuer,
    baseUrl,
    port,
    dataDir,
    logs: () => output,
    signIn: (username, password, signInOptions) => signIn(baseUrl, username, password, signInOptions),
    stop,
  };
}

/** A minimal browser: cookie jar (by name, one host) and manual redirects. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  private store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq <= 0) continue;
      const name = (pair ?? '').slice(0, eq).trim();
      const value = (pair ?? '').slice(eq + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=.*1970/i.test(attribute) || /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, this.baseUrl).href;
    const headers = new Headers(init.headers);
    if (absolute.startsWith(this.baseUrl) && this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(absolute, { ...init, headers, redirect: 'manual' });
    if (absolute.startsWith(this.baseUrl)) this.store(response);
    return response;
  }

  get(url: string): Promise<Response> {
    return this.request(url);
  }

  postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /**
   * Follows redirects while they stay on the identity server; answers the last response and
   * its URL, or the first Location that leaves the server (e.g. the app's redirect URI).
   */
  async follow(response: Response, from: string): Promise<{ response: Response; url: string; leftTo?: string }> {
    let current = response;
    let url = new URL(from, this.baseUrl).href;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return { response: current, url };
      const next = new URL(location, url).href;
      if (!next.startsWith(this.baseUrl)) return { response: current, url, leftTo: next };
      url = next;
      current = await this.get(url);
    }
    throw new Error('too many redirects');
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(72).toString('base64url'); // 96 characters, like keycloak-js
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export interface AuthRequestOptions {
  redirectUri?: string;
  responseMode?: 'fragment' | 'query';
  scope?: string;
  prompt?: string;
  clientId?: string;
  endpoint?: 'auth' | 'registrations';
}

export function authUrl(
  baseUrl: string,
  pkce: { challenge: string },
  options: AuthRequestOptions & { state: string; nonce: string },
): string {
  const params = new URLSearchParams({
    client_id: options.clientId ?? CLIENT_ID,
    redirect_uri: options.redirectUri ?? DEFAULT_REDIRECT_URI,
    state: options.state,
    response_mode: options.responseMode ?? 'fragment',
    response_type: 'code',
    scope: options.scope ?? 'openid',
    nonce: options.nonce,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  });
  if (options.prompt) params.set('prompt', options.prompt);
  return `${baseUrl}/realms/dataworks/protocol/openid-connect/${options.endpoint ?? 'auth'}?${params.toString()}`;
}

/** Reads the authorization response (fragment or query) of a redirect back to the app. */
export function callbackParams(location: string): URLSearchParams {
  const url = new URL(location);
  return new URLSearchParams(url.hash ? url.hash.slice(1) : url.search);
}

export function formAction(html: string, formId: string): string {
  const match =
    new RegExp(`<form[^>]*id="${formId}"[^>]*action="([^"]+)"`).exec(html) ??
    new RegExp(`<form[^>]*action="([^"]+)"[^>]*id="${formId}"`).exec(html);
  if (!match?.[1]) throw new Error(`form ${formId} not found in page:\n${html.slice(0, 2000)}`);
  return match[1].replace(/&amp;/g, '&');
}

export interface SignInOptions extends AuthRequestOptions {
  browser?: Browser;
}

export interface SignInFlow {
  browser: Browser;
  /** The login page the auth request led to. */
  loginUrl: string;
  loginHtml: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
}

/** Starts an authorization request and answers the login page it leads to. */
export async function beginSignIn(baseUrl: string, options: SignInOptions = {}): Promise<SignInFlow> {
  const browser = options.browser ?? new Browser(baseUrl);
  const pkce = pkcePair();
  const state = randomBytes(16).toString('hex');
  const nonce = randomBytes(16).toString('hex');
  const start = authUrl(baseUrl, pkce, { ...options, state, nonce });
  const { response, url } = await browser.follow(await browser.get(start), start);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`auth request answered ${response.status}:\n${html.slice(0, 1000)}`);
  return {
    browser,
    loginUrl: url,
    loginHtml: html,
    state,
    nonce,
    verifier: pkce.verifier,
    redirectUri: options.redirectUri ?? DEFAULT_REDIRECT_URI,
  };
}

/** Follows a login/registration POST back to the app and exchanges the code. */
export async function completeSignIn(baseUrl: string, flow: SignInFlow, posted: Response, postedTo: string): Promise<TokenSet> {
  const { leftTo, response } = await flow.browser.follow(posted, postedTo);
  if (!leftTo) throw new Error(`sign-in did not return to the app (status ${response.status}):\n${(await response.text()).slice(0, 1500)}`);
  const params = callbackParams(leftTo);
  if (params.get('state') !== flow.state) throw new Error(`state mismatch in ${leftTo}`);
  const code = params.get('code');
  if (!code) throw new Error(`no code in ${leftTo}`);
  const tokenResponse = await tokenRequest(baseUrl, {
    grant_type: 'authorization_code',
    code,
    client_id: CLIENT_ID,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
  });
  const body = (await tokenResponse.json()) as TokenSet & { error?: string };
  if (tokenResponse.status !== 200) throw new Error(`token request failed: ${JSON.stringify(body)}`);
  return body;
}

/** The full code + PKCE flow, headlessly: auth → login form → credentials → code → tokens. */
export async function signIn(baseUrl: string, username: string, password: string, options: SignInOptions = {}): Promise<TokenSet> {
  const flow = await beginSignIn(baseUrl, options);
  const action = formAction(flow.loginHtml, 'kc-form-login');
  const posted = await flow.browser.postForm(action, { username, password });
  return completeSignIn(baseUrl, flow, posted, action);
}

export function tokenRequest(baseUrl: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/realms/dataworks/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export function refresh(baseUrl: string, refreshToken: string): Promise<Response> {
  return tokenRequest(baseUrl, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID });
}

/** Decodes a JWT payload without verifying it (as keycloak-js does). */
export function decodeJwt(token: string): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function decodeJwtHeader(token: string): Record<string, unknown> {
  const [header] = token.split('.');
  return JSON.parse(Buffer.from(header ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
