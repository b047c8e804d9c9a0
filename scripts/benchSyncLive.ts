/**
 * Part of `npm run bench:sync`: the time from "sync now" to the first progress events a browser
 * receives. A real portal (createPortalServer, HTTP on loopback, embedded PGlite store and sample
 * warehouse) gets a PostgreSQL source and a connection over its API; one `GET /api/live` stream is
 * read as the browser reads it, then `POST /connections/:id/sync` is timed to the first
 * `job` event of the sync's kind and to the first one that reports rows (in its detail). The bearer token is checked
 * by a stand-in verifier (a user of the bench organisation with the integrations edition), not by
 * RSA signatures, and the identity service that sensitive changes (a source's credentials) are
 * checked against is a stand-in that knows that one user: the figure is the sync's way to the
 * browser, not the sign-in.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { standInBrowserBuild } from './benchBrowserBuild.js';
import { SYNC_JOB_KIND } from '../common/integrations/integrationsRules.js';
import { JOB_TOPIC } from '../common/jobs/jobsContract.js';
import { createPortalServer } from '../server/src/app/portalServer.js';
import { loadPortalConfig } from '../server/src/config.js';
import { loadWarehouseSettings, WarehouseRegistry } from '../server/src/features/warehouse/index.js';
import type { Caller } from '../server/src/platform/http/auth/tokenVerifier.js';
import { HttpError } from '../server/src/platform/http/errors.js';
import { openPortalStore } from '../server/src/app/portalStore.js';
import type { IdentityService } from '../server/src/features/security/identityService.js';

const TOKEN = 'bench.sync.x';

async function benchVerifier(token: string): Promise<Caller> {
  if (token !== TOKEN) throw new HttpError(401, 'invalid_token', 'Not the bench token.');
  return { subject: 'bench-sync-user', username: 'benchsync', organisation: 'benchsync', roles: ['Client-Admin-Lite'] };
}

/** Answers the current-access check for the bench user only; any other call is a mistake of this script. */
const benchIdentity = new Proxy({} as IdentityService, {
  get(_target, name) {
    if (name === 'currentAccess')
      return async (organisation: string, memberId: string) =>
        organisation === 'benchsync' && memberId === 'bench-sync-user' ? { enabled: true, roles: ['Client-Admin-Lite'] } : null;
    if (name === 'then') return undefined;
    return () => Promise.reject(new Error(`the bench's identity stand-in has no ${String(name)}`));
  },
});

export interface LiveFigures {
  firstEventMs: number;
  firstRowsMs: number | null;
}

export async function timeToFirstProgress(
  config: Record<string, unknown>,
  stream: { name: string; namespace?: string },
): Promise<LiveFigures> {
  // Requests to the open stream count as slow ones for the request log; only errors matter here.
  process.env.LOG_LEVEL = 'error';
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-bench-sync-live-'));
  const env = {
    ...process.env,
    PORT: '3999',
    DATA_DIR: dir,
    DIST_DIR: await standInBrowserBuild(path.join(dir, 'dist')),
    DEMO_DATA: 'false',
    EMBEDDED_IDENTITY: 'false',
    LOG_LEVEL: 'error',
    CONNECTOR_PRIVATE_NETWORKS: 'true',
    WAREHOUSE_SAMPLE_QUERIES: '1000',
  };
  const store = await openPortalStore({ dataDir: path.join(dir, 'store') });
  const warehouses = new WarehouseRegistry(await loadWarehouseSettings(env));
  const app = await createPortalServer(loadPortalConfig(env), {
    store,
    verifyToken: benchVerifier,
    warehouses,
    identityService: benchIdentity,
  });
  const controller = new AbortController();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const api = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${route}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const source = await api('POST', '/api/integrations/sources', { name: 'Bench PostgreSQL', definitionId: 'source-postgres', config });
    await api('POST', `/api/integrations/sources/${String(source.id)}/discover`);
    const connection = await api('POST', '/api/integrations/connections', {
      name: 'Bench orders',
      sourceId: source.id,
      destinationSchema: 'RAW_BENCH',
      streams: [
        { name: stream.name, namespace: stream.namespace, selected: true, syncMode: 'full_refresh', destinationSyncMode: 'overwrite' },
      ],
      schedule: { kind: 'manual' },
    });

    // The browser's stream: events noted by arrival time, as EventSource would deliver them.
    const events: Array<{ at: number; data: { rowsRead?: number; rowsCommitted?: number } }> = [];
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const reading = (async () => {
      const response = await fetch(`${baseUrl}/api/live`, {
        headers: { authorization: `Bearer ${TOKEN}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        if (buffer.includes(': connected')) markReady();
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!frame.includes(`event: ${JOB_TOPIC}\n`)) continue;
          const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') as {
            kind?: string;
            detail?: { rowsRead?: number; rowsCommitted?: number };
          };
          if (data?.kind === SYNC_JOB_KIND) events.push({ at: performance.now(), data: data.detail ?? {} });
        }
      }
    })().catch(() => markReady());
    await ready;

    const started = performance.now();
    const job = await api('POST', `/api/integrations/connections/${String(connection.id)}/sync`);
    const deadline = started + 120_000;
    while (!events.some((event) => (event.data.rowsRead ?? 0) > 0 || (event.data.rowsCommitted ?? 0) > 0) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 2));
    const first = events[0];
    if (!first) throw new Error('no progress event reached the stream');
    const withRows = events.find((event) => (event.data.rowsRead ?? 0) > 0 || (event.data.rowsCommitted ?? 0) > 0);
    await api('POST', `/api/integrations/jobs/${String(job.id)}/cancel`).catch(() => undefined);
    controller.abort();
    await reading;
    return { firstEventMs: first.at - started, firstRowsMs: withRows ? withRows.at - started : null };
  } finally {
    controller.abort();
    await app.close();
    await warehouses.close();
    await store.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
