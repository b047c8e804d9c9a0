// One request of an HTTP source: the URL with its parameters, authentication, a time-out, and
// redirects followed by hand so every hop passes the network policy (each connection goes to the
// address the policy checked: kit/pinnedHttp.ts). Failures say what the API
// answered (status and the start of its body), never the credentials sent.
import { ConfigError } from '../kit/connectorKit.js';
import { pinnedGet, type PinnedResponse } from '../kit/pinnedHttp.js';
import type { Auth } from './httpSourceSpec.js';

const MAX_REDIRECTS = 5;
const BODY_EXCERPT = 300;

export interface HttpAnswer {
  url: string;
  body: unknown;
  /** The Link header's rel="next" target, if any. */
  nextLink: string | null;
}

function nextFromLinkHeader(header: string | null, base: string): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part.trim());
    if (match?.[1]) return new URL(match[1], base).toString();
  }
  return null;
}

export function buildUrl(baseUrl: string, path: string, params: Record<string, string | number | undefined>): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = /^https?:\/\//i.test(path) ? new URL(path) : new URL(path.replace(/^\//, ''), base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`Only http and https URLs can be read, not ${url.protocol}`);
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  return url;
}

function authenticate(url: URL, headers: Headers, auth: Auth): void {
  switch (auth.type) {
    case 'bearer':
      headers.set('authorization', `Bearer ${auth.token}`);
      break;
    case 'basic':
      headers.set('authorization', `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`);
      break;
    case 'api_key':
      if (auth.inject_into === 'query') url.searchParams.set(auth.header, auth.api_key);
      else headers.set(auth.header, auth.api_key);
      break;
    case 'none':
      break;
  }
}

export async function getJson(url: URL, auth: Auth, timeoutMs: number): Promise<HttpAnswer> {
  let current = new URL(url);
  const origin = current.origin;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const headers = new Headers({ accept: 'application/json', 'user-agent': 'Dataworks-HTTP-source/1' });
    // Credentials go only to the API's own origin, never to where a redirect points elsewhere.
    const target = new URL(current);
    if (target.origin === origin) authenticate(target, headers, auth);
    let response: PinnedResponse;
    let text: string;
    try {
      response = await pinnedGet(target, Object.fromEntries(headers.entries()), AbortSignal.timeout(timeoutMs));
      if (response.status >= 300 && response.status < 400 && response.header('location')) {
        response.body.resume();
        current = new URL(response.header('location') as string, current);
        continue;
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ConfigError(
        `GET ${current.origin}${current.pathname} failed: ${timedOut ? `no answer within ${Math.round(timeoutMs / 1000)} s` : error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (response.status < 200 || response.status >= 300) {
      throw new ConfigError(
        `GET ${current.origin}${current.pathname} answered HTTP ${response.status}${text.trim() ? `: ${text.trim().slice(0, BODY_EXCERPT)}` : ''}`,
      );
    }
    try {
      return {
        url: current.toString(),
        body: JSON.parse(text) as unknown,
        nextLink: nextFromLinkHeader(response.header('link'), current.toString()),
      };
    } catch {
      throw new ConfigError(`GET ${current.origin}${current.pathname} did not answer JSON: ${text.trim().slice(0, 80)}`);
    }
  }
  throw new ConfigError(`GET ${url.origin}${url.pathname} redirected more than ${MAX_REDIRECTS} times.`);
}

/** The value at a dot path (`data.items`, `meta.next`, `results.0.id`); the whole value for an empty path. */
export function atPath(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  return path
    .split('.')
    .reduce<unknown>(
      (current, key) => (current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined),
      value,
    );
}
