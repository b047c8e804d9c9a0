// A client of Airbyte's public API v1 (Airbyte Cloud or a self-managed instance): workspaces,
// sources, destinations, connections, the streams a source offers, and jobs. It signs in with an
// Airbyte application's client id and secret, keeps the access token while it is good
// (airbyteToken.ts) and asks for a new one once when Airbyte refuses it. Every request carries a
// time limit; every answer is parsed (airbyteTypes.ts) before the portal reads it; every failure
// is an AirbyteApiError in words, never holding the secret or a token. It uses Node's own fetch.
// Its tests run it against a stand-in that checks each request against Airbyte's published
// description of the API (__tests__/server/features/integrations/airbyte/).
import type { z } from 'zod';
import { AirbyteApiError, withoutSecrets } from './airbyteErrors.js';
import { checkAirbyteSettings, type AirbyteSettings } from './airbyteSettings.js';
import { createTokenCache, type IssuedToken } from './airbyteToken.js';
import {
  connection,
  connectionPage,
  destination,
  destinationPage,
  job,
  jobPage,
  problem,
  source,
  sourcePage,
  streamPropertiesList,
  tokenAnswer,
  workspace,
  workspacePage,
  type AirbyteConnection,
  type AirbyteConnectionCreate,
  type AirbyteConnectionSettings,
  type AirbyteDestination,
  type AirbyteDestinationCreate,
  type AirbyteDestinationPatch,
  type AirbyteJob,
  type AirbyteJobQuery,
  type AirbyteJobType,
  type AirbyteListQuery,
  type AirbytePage,
  type AirbyteSource,
  type AirbyteSourceCreate,
  type AirbyteSourcePatch,
  type AirbyteStreamProperties,
  type AirbyteWorkspace,
} from './airbyteTypes.js';

type QueryValue = string | number | boolean | string[] | undefined;

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below the API root, e.g. `/sources/…` (the root ends in `/v1`). */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface AirbyteClientOptions {
  /** The clock the token's lifetime is measured by (ms since the epoch). */
  now?: () => number;
}

const TEXT_LIMIT = 300;

function queryString(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    // Arrays go as repeated parameters (`workspaceIds=a&workspaceIds=b`), OpenAPI's default form.
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const segment = (value: string | number) => encodeURIComponent(String(value));

export function createAirbyteApiClient(settings: AirbyteSettings, options: AirbyteClientOptions = {}) {
  const { apiBase, clientId, clientSecret, timeoutMs } = checkAirbyteSettings(settings);
  const apiPath = new URL(apiBase).pathname;
  const origin = new URL(apiBase).origin;
  const hidden = (text: string) => withoutSecrets(text, [clientSecret, ...tokens.recent()]);

  async function send(url: string, label: string, init: RequestInit): Promise<{ status: number; text: string; location?: string | null }> {
    try {
      // `manual`: a redirect is reported rather than followed, so the token goes nowhere else.
      const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      return { status: response.status, text: await response.text(), location: response.headers.get('location') };
    } catch (error) {
      // Read by shape, not `instanceof`: fetch's errors may come from another realm (a test runner's).
      const failure = error as { name?: string; cause?: { code?: string; message?: string } } | undefined;
      if (failure?.name === 'TimeoutError' || failure?.name === 'AbortError') {
        throw new AirbyteApiError(`Airbyte did not answer ${label} within ${timeoutMs} ms.`, undefined, 'timeout', label);
      }
      const reason = failure?.cause?.code ?? failure?.cause?.message ?? String(error);
      throw new AirbyteApiError(
        hidden(`Airbyte at ${origin} cannot be reached for ${label} (${reason}).`),
        undefined,
        'unreachable',
        label,
      );
    }
  }

  function refusal(label: string, answer: { status: number; text: string; location?: string | null }, what = label): AirbyteApiError {
    if (answer.status >= 300 && answer.status < 400) {
      return new AirbyteApiError(
        `Airbyte answered ${label} with a redirect (${answer.status}) to ${answer.location ?? 'nowhere'}: set the Airbyte URL to where it points.`,
        answer.status,
        'refused',
        label,
      );
    }
    let parsed: z.infer<typeof problem> | undefined;
    try {
      const result = problem.safeParse(JSON.parse(answer.text));
      if (result.success) parsed = result.data;
    } catch {
      // Not JSON (a proxy's page, for instance): its text is reported instead.
    }
    const raw = parsed?.detail ?? parsed?.title ?? answer.text.trim().slice(0, TEXT_LIMIT);
    const detail = hidden(raw);
    const title = parsed?.title && parsed.title !== raw ? ` ${parsed.title}` : '';
    const message = `Airbyte refused ${what} (${answer.status}${hidden(title)})${detail ? `: ${detail}` : '.'}`;
    return new AirbyteApiError(message, answer.status, 'refused', label, detail || undefined);
  }

  function parseAnswer<T extends z.ZodType>(schema: T, label: string, text: string): z.infer<T> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new AirbyteApiError(`Airbyte's answer to ${label} is not JSON.`, undefined, 'unexpected_answer', label);
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      const issues = result.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || 'the answer'}: ${issue.message}`)
        .join('; ');
      throw new AirbyteApiError(
        hidden(`Airbyte's answer to ${label} is not what the portal expects (${issues}).`),
        undefined,
        'unexpected_answer',
        label,
      );
    }
    return result.data;
  }

  async function fetchToken(): Promise<IssuedToken> {
    const label = `POST ${apiPath}/applications/token`;
    // The body's shape as Airbyte documents it, `grant-type` with a hyphen included.
    const answer = await send(`${apiBase}/applications/token`, label, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, 'grant-type': 'client_credentials' }),
    });
    if (answer.status < 200 || answer.status >= 300) throw refusal(label, answer, `the client id and secret at ${label}`);
    const token = parseAnswer(tokenAnswer, label, answer.text);
    return { accessToken: token.access_token, expiresIn: token.expires_in };
  }

  const tokens = createTokenCache(fetchToken, options.now ?? Date.now);

  async function call(request: Call): Promise<string> {
    const label = `${request.method} ${apiPath}${request.path}`;
    const url = `${apiBase}${request.path}${queryString(request.query)}`;
    const attempt = async (token: string) =>
      send(url, label, {
        method: request.method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
    const token = await tokens.get();
    let answer = await attempt(token);
    if (answer.status === 401) {
      // Revoked or expired early (a restart of Airbyte, a clock ahead of ours): one new token, one retry.
      tokens.drop(token);
      answer = await attempt(await tokens.get());
    }
    if (answer.status < 200 || answer.status >= 300) throw refusal(label, answer);
    return answer.text;
  }

  async function read<T extends z.ZodType>(schema: T, request: Call): Promise<z.infer<T>> {
    const text = await call(request);
    return parseAnswer(schema, `${request.method} ${apiPath}${request.path}`, text);
  }

  const listQuery = (query: AirbyteListQuery = {}) => ({
    workspaceIds: query.workspaceIds,
    includeDeleted: query.includeDeleted,
    limit: query.limit,
    offset: query.offset,
  });

  return {
    /** Resolves when the instance answers its health check (no token needed). */
    async health(): Promise<void> {
      // The description places the health check beside `/v1`, not under it.
      const root = apiBase.replace(/\/v1$/, '');
      const label = `GET ${new URL(root).pathname.replace(/\/$/, '')}/health`;
      const answer = await send(`${root}/health`, label, { method: 'GET' });
      if (answer.status < 200 || answer.status >= 300) throw refusal(label, answer);
    },

    listWorkspaces: (query?: AirbyteListQuery): Promise<AirbytePage<AirbyteWorkspace>> =>
      read(workspacePage, { method: 'GET', path: '/workspaces', query: listQuery(query) }),
    createWorkspace: (input: { name: string; organizationId?: string }): Promise<AirbyteWorkspace> =>
      read(workspace, { method: 'POST', path: '/workspaces', body: input }),
    getWorkspace: (workspaceId: string): Promise<AirbyteWorkspace> =>
      read(workspace, { method: 'GET', path: `/workspaces/${segment(workspaceId)}` }),

    listSources: (query?: AirbyteListQuery): Promise<AirbytePage<AirbyteSource>> =>
      read(sourcePage, { method: 'GET', path: '/sources', query: listQuery(query) }),
    createSource: (input: AirbyteSourceCreate): Promise<AirbyteSource> => read(source, { method: 'POST', path: '/sources', body: input }),
    getSource: (sourceId: string): Promise<AirbyteSource> => read(source, { method: 'GET', path: `/sources/${segment(sourceId)}` }),
    patchSource: (sourceId: string, patch: AirbyteSourcePatch): Promise<AirbyteSource> =>
      read(source, { method: 'PATCH', path: `/sources/${segment(sourceId)}`, body: patch }),
    async deleteSource(sourceId: string): Promise<void> {
      await call({ method: 'DELETE', path: `/sources/${segment(sourceId)}` });
    },

    listDestinations: (query?: AirbyteListQuery): Promise<AirbytePage<AirbyteDestination>> =>
      read(destinationPage, { method: 'GET', path: '/destinations', query: listQuery(query) }),
    createDestination: (input: AirbyteDestinationCreate): Promise<AirbyteDestination> =>
      read(destination, { method: 'POST', path: '/destinations', body: input }),
    getDestination: (destinationId: string): Promise<AirbyteDestination> =>
      read(destination, { method: 'GET', path: `/destinations/${segment(destinationId)}` }),
    patchDestination: (destinationId: string, patch: AirbyteDestinationPatch): Promise<AirbyteDestination> =>
      read(destination, { method: 'PATCH', path: `/destinations/${segment(destinationId)}`, body: patch }),
    async deleteDestination(destinationId: string): Promise<void> {
      await call({ method: 'DELETE', path: `/destinations/${segment(destinationId)}` });
    },

    listConnections: (query?: AirbyteListQuery): Promise<AirbytePage<AirbyteConnection>> =>
      read(connectionPage, { method: 'GET', path: '/connections', query: listQuery(query) }),
    createConnection: (input: AirbyteConnectionCreate): Promise<AirbyteConnection> =>
      read(connection, { method: 'POST', path: '/connections', body: input }),
    getConnection: (connectionId: string): Promise<AirbyteConnection> =>
      read(connection, { method: 'GET', path: `/connections/${segment(connectionId)}` }),
    patchConnection: (connectionId: string, patch: AirbyteConnectionSettings): Promise<AirbyteConnection> =>
      read(connection, { method: 'PATCH', path: `/connections/${segment(connectionId)}`, body: patch }),
    async deleteConnection(connectionId: string): Promise<void> {
      await call({ method: 'DELETE', path: `/connections/${segment(connectionId)}` });
    },

    /** The streams a source offers (Airbyte runs the connector's discover, or answers from its cache). */
    getStreamProperties: (query: { sourceId: string; destinationId?: string; ignoreCache?: boolean }): Promise<AirbyteStreamProperties[]> =>
      read(streamPropertiesList, {
        method: 'GET',
        path: '/streams',
        query: { sourceId: query.sourceId, destinationId: query.destinationId, ignoreCache: query.ignoreCache },
      }),

    /** Starts a sync, or a reset (the next sync reads every stream from the start). */
    createJob: (connectionId: string, jobType: AirbyteJobType): Promise<AirbyteJob> =>
      read(job, { method: 'POST', path: '/jobs', body: { connectionId, jobType } }),
    getJob: (jobId: number): Promise<AirbyteJob> => read(job, { method: 'GET', path: `/jobs/${segment(jobId)}` }),
    listJobs: (query: AirbyteJobQuery): Promise<AirbytePage<AirbyteJob>> =>
      read(jobPage, {
        method: 'GET',
        path: '/jobs',
        query: {
          connectionId: query.connectionId,
          limit: query.limit,
          offset: query.offset,
          orderBy: query.orderBy ? `${query.orderBy.field}|${query.orderBy.direction}` : undefined,
          jobType: query.jobType,
          status: query.status,
        },
      }),
    /** Cancels a pending or running job; answers the job as it now stands. */
    cancelJob: (jobId: number): Promise<AirbyteJob> => read(job, { method: 'DELETE', path: `/jobs/${segment(jobId)}` }),
  };
}

export type AirbyteApiClient = ReturnType<typeof createAirbyteApiClient>;
export { AirbyteApiError } from './airbyteErrors.js';
export { AirbyteSettingsError, type AirbyteSettings } from './airbyteSettings.js';
