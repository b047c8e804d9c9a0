// A stand-in for an Airbyte instance's public API v1, on 127.0.0.1, for the Airbyte client's
// tests. Every request is checked against Airbyte's published description of the API (the
// `airbyte_*_v1.oas.json` files of @opensdks/sdk-airbyte, read from node_modules): the operation
// must exist for the method and path, the bearer token must be one the stand-in issued, and the
// path parameters, query parameters and JSON body must fit the operation's schemas; anything else
// is answered 400 in problem JSON naming what failed. Its own answers are checked against the
// operation's response schema too, so the stand-in cannot drift from the description: a mismatch
// is kept (see `assertNoDrift`) and answered 500.
//
// It keeps workspaces, sources, destinations, connections and jobs in memory and answers the way
// Airbyte does (airbyteStandInResources.ts). Every request is recorded (`requests`) so tests can
// see what the client sent.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Schema } from '@cfworker/json-schema';
import { badRequest, FAKER_STREAMS, problem, Refusal, StandInResources, type Answer, type StreamOffer } from './airbyteStandInResources';
import { checkAgainst, OpenApiDescription, type OpenApiDocument } from './openApiValidator';

type JsonObject = Record<string, unknown>;

export const DESCRIPTION_FILES = ['sources', 'destinations', 'connections', 'jobs', 'streams', 'workspaces', 'health'].map(
  (tag) => `airbyte_${tag}_v1.oas.json`,
);

const PACKAGE_DIR = path.join(__dirname, '../../../../../node_modules/@opensdks/sdk-airbyte');

export function readDescriptionFile(file: string): OpenApiDocument {
  return JSON.parse(readFileSync(path.join(PACKAGE_DIR, file), 'utf8')) as OpenApiDocument;
}

let loaded: OpenApiDescription | undefined;
/** The description, read once per test file (the sources file alone is 900 KB). */
export function airbyteDescription(): OpenApiDescription {
  loaded ??= new OpenApiDescription(DESCRIPTION_FILES.map((file) => ({ name: file, document: readDescriptionFile(file) })));
  return loaded;
}

// The published description leaves out the token endpoint, `POST /v1/applications/token`, so
// the stand-in checks that one endpoint by the shape Airbyte's API reference documents for it
// ("Get an Access Token": body `{client_id, client_secret, grant-type}`, answer
// `{access_token, token_type: "Bearer", expires_in}`).
const TOKEN_REQUEST: Schema = {
  type: 'object',
  required: ['client_id', 'client_secret'],
  properties: { client_id: { type: 'string' }, client_secret: { type: 'string' }, 'grant-type': { enum: ['client_credentials'] } },
};
const TOKEN_ANSWER: Schema = {
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in'],
  properties: { access_token: { type: 'string' }, token_type: { enum: ['Bearer'] }, expires_in: { type: 'integer' } },
};

export interface StandInOptions {
  clientId: string;
  clientSecret: string;
  /** Lifetime of the tokens it issues (s); Airbyte's API reference says 3 minutes. */
  tokenLifetimeSeconds?: number;
  /** Path the API sits under: '' as on Airbyte Cloud, '/api/public' as on a self-managed instance. */
  root?: string;
  /** What discover finds, by source type (the Faker source's streams are always known). */
  streams?: Record<string, StreamOffer[]>;
}

export interface RecordedRequest {
  method: string;
  /** Below the root, e.g. `/v1/sources`. */
  path: string;
  query: URLSearchParams;
  authorization?: string;
  body?: unknown;
  /** The status it was answered with. */
  status?: number;
}

export class AirbyteStandIn {
  /** Every request, in the order it came. */
  readonly requests: RecordedRequest[] = [];
  /** Answers that broke the description (should stay empty). */
  readonly drift: string[] = [];
  /** How long to hold each answer back (ms), to make a client's time-out fire. */
  stallMs = 0;

  private server: Server;
  private origin = '';
  private readonly description = airbyteDescription();
  private readonly tokens = new Map<string, number>();
  private readonly injected: Array<{ method: string; path: string; answer: Answer }> = [];
  private readonly root: string;
  private readonly resources: StandInResources;

  private constructor(private readonly options: StandInOptions) {
    this.root = (options.root ?? '').replace(/\/$/, '');
    this.resources = new StandInResources({
      url: () => this.url,
      streams: { faker: FAKER_STREAMS, ...options.streams },
      connectorSchema: (kind, type) => {
        const create = this.description.operations.find(
          (operation) => operation.method === 'POST' && operation.template === `/v1/${kind}s`,
        );
        return create?.document.resolve({ $ref: `#/components/schemas/${kind}-${type}` });
      },
    });
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
  }

  static async start(options: StandInOptions): Promise<AirbyteStandIn> {
    const standIn = new AirbyteStandIn(options);
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    standIn.origin = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
    return standIn;
  }

  /** The URL as the portal's setting would hold it (the API root, without `/v1`). */
  get url(): string {
    return `${this.origin}${this.root}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Makes every token issued so far invalid, as a restart of Airbyte's server would. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /**
   * The next request to `method path` (below the root, e.g. `/v1/jobs/7001`) gets this answer,
   * unchecked: a proxy's error page, say, or a refusal the stand-in would not give by itself.
   */
  answerNext(method: string, pathname: string, answer: Answer): void {
    this.injected.push({ method, path: pathname, answer });
  }

  /** Throws if any of the stand-in's answers broke the description. */
  assertNoDrift(): void {
    if (this.drift.length) throw new Error(`The stand-in answered outside Airbyte's description:\n${this.drift.join('\n')}`);
  }

  /** Requests below the root whose path and method match, e.g. `('POST', '/v1/applications/token')`. */
  requestsTo(method: string, pathname: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === pathname);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const pathname = url.pathname.startsWith(`${this.root}/`) ? url.pathname.slice(this.root.length) : url.pathname;
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: pathname,
      query: url.searchParams,
      authorization: request.headers.authorization,
    };
    this.requests.push(recorded);
    let answer: Answer;
    try {
      if (text) {
        if (!/^application\/json\b/.test(request.headers['content-type'] ?? ''))
          throw badRequest(`request body: sent as ${request.headers['content-type'] ?? 'no content type'}, not application/json`);
        try {
          recorded.body = JSON.parse(text);
        } catch {
          throw badRequest('request body: not JSON');
        }
      }
      if (this.stallMs) await new Promise((resolve) => setTimeout(resolve, this.stallMs).unref());
      const injected = this.injected.findIndex((item) => item.method === recorded.method && item.path === recorded.path);
      answer =
        injected >= 0
          ? (this.injected.splice(injected, 1)[0] as { answer: Answer }).answer
          : this.answer(recorded, url.pathname.startsWith(`${this.root}/`));
    } catch (error) {
      if (error instanceof Refusal) {
        answer = problem(error.status, error.title, error.message);
      } else {
        this.drift.push(
          `${recorded.method} ${recorded.path}: the stand-in failed: ${error instanceof Error ? error.stack : String(error)}`,
        );
        answer = problem(500, 'stand-in-failure', String(error));
      }
    }
    recorded.status = answer.status;
    if (response.destroyed) return;
    response.writeHead(answer.status, {
      'content-type': answer.contentType ?? 'application/json',
      ...(answer.location ? { location: answer.location } : {}),
    });
    response.end(answer.text ?? (answer.body === undefined ? undefined : JSON.stringify(answer.body)));
  }

  private answer(request: RecordedRequest, underRoot: boolean): Answer {
    if (!underRoot) throw new Refusal(404, 'not-found', `${request.method} ${request.path} is not below ${this.root}`);
    if (request.method === 'POST' && request.path === '/v1/applications/token') return this.issueToken(request.body);
    const match = this.description.find(request.method, request.path);
    if (!match) throw new Refusal(404, 'not-found', `Airbyte's API has no operation ${request.method} ${request.path}.`);
    const { operation } = match;
    if (operation.secured) {
      const token = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1];
      const expires = token ? this.tokens.get(token) : undefined;
      if (!token || expires === undefined || expires <= Date.now()) {
        throw new Refusal(
          401,
          'unauthorized',
          token ? 'The access token is invalid or has expired.' : 'An access token (Authorization: Bearer …) is required.',
        );
      }
    }
    const failures = this.description.checkRequest(match, request.query, request.body);
    if (failures.length) throw badRequest(`The request does not match Airbyte's API: ${failures.join('; ')}.`);
    const answer = this.resources.operate(operation.operationId, match.pathParams, request.query, request.body as JsonObject);
    const drift = this.description.checkResponse(operation, answer.status, answer.body);
    if (drift.length) {
      this.drift.push(...drift.map((line) => `${request.method} ${request.path}: ${line}`));
      return problem(500, 'stand-in-drift', `The stand-in's answer does not match Airbyte's description: ${drift.join('; ')}`);
    }
    return answer;
  }

  private issueToken(body: unknown): Answer {
    const failures = checkAgainst(TOKEN_REQUEST, body ?? null, 'request body:');
    if (failures.length) throw badRequest(`The request does not match Airbyte's API: ${failures.join('; ')}.`);
    const { client_id: clientId, client_secret: clientSecret } = body as { client_id: string; client_secret: string };
    if (clientId !== this.options.clientId || clientSecret !== this.options.clientSecret) {
      throw new Refusal(401, 'unauthorized', 'The client id and secret do not match an application.');
    }
    const accessToken = randomBytes(24).toString('base64url');
    const expiresIn = this.options.tokenLifetimeSeconds ?? 180;
    this.tokens.set(accessToken, Date.now() + expiresIn * 1000);
    const answer = { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn };
    const drift = checkAgainst(TOKEN_ANSWER, answer, 'token answer:');
    if (drift.length) this.drift.push(...drift);
    return { status: 200, body: answer };
  }
}
