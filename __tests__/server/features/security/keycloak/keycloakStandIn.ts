// A local HTTP stand-in for a Keycloak realm's admin REST API that answers with recorded
// responses (./recorded) and keeps every request, so a test can see what the identity service
// asked Keycloak for. Routes are `METHOD /path` below /admin/realms/<realm>; a request nothing
// answers gets Keycloak's 404 body, so an unexpected call fails the test loudly.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Route = (request: RecordedRequest, params: string[]) => Answer;

export const recorded = (name: string): unknown => JSON.parse(readFileSync(path.join(__dirname, 'recorded', `${name}.json`), 'utf8'));

/** An unsigned token whose payload the admin client reads for its expiry (the stand-in never checks it). */
export function accessToken(expiresInSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ exp: Math.floor(Date.now() / 1000) + expiresInSeconds, azp: 'dataworks-portal-admin' })}.`;
}

export interface KeycloakStandIn {
  url: string;
  requests: RecordedRequest[];
  /** Adds or replaces the answer for `METHOD /path`, where `:id` segments match any value. */
  on(route: string, answer: Route | Answer): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // The organization's "add member" takes the bare user id as its body.
    return text;
  }
}

export async function startKeycloakStandIn(realm: string): Promise<KeycloakStandIn> {
  const routes: Array<{ method: string; pattern: RegExp; answer: Route }> = [];
  const requests: RecordedRequest[] = [];
  const on = (route: string, answer: Route | Answer) => {
    const [method = 'GET', template = '/'] = route.split(' ');
    const pattern = new RegExp(`^${template.replace(/:[a-zA-Z]+/g, '([^/]+)')}$`);
    const existing = routes.findIndex((candidate) => candidate.method === method && candidate.pattern.source === pattern.source);
    const entry = { method, pattern, answer: typeof answer === 'function' ? answer : () => answer };
    if (existing >= 0) routes[existing] = entry;
    else routes.push(entry);
  };
  on(`POST /realms/${realm}/protocol/openid-connect/token`, {
    status: 200,
    body: { access_token: accessToken(300), expires_in: 300, token_type: 'Bearer', scope: 'profile email' },
  });

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const adminPrefix = `/admin/realms/${realm}`;
      // The admin client asks for collections with a trailing slash ("/organizations/").
      const trimmed = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
      const pathname = trimmed.startsWith(adminPrefix) ? trimmed.slice(adminPrefix.length) || '/' : trimmed;
      const recordedRequest: RecordedRequest = {
        method: request.method ?? 'GET',
        path: pathname,
        query: url.searchParams,
        body: await readBody(request),
        authorization: request.headers.authorization,
      };
      requests.push(recordedRequest);
      const route = routes.find((candidate) => candidate.method === recordedRequest.method && candidate.pattern.test(pathname));
      const answer = route
        ? route.answer(recordedRequest, pathname.match(route.pattern)?.slice(1) ?? [])
        : { status: 404, body: { error: 'Could not find resource' } };
      response.writeHead(answer.status, {
        ...(answer.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...answer.headers,
      });
      response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
