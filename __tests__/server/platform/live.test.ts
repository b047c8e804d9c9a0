// The live channel and the job routes over real HTTP with real tokens from the dev identity
// server: the portal's authentication, the SSE stream read with fetch (as the browser does),
// organisation scoping, and on PostgreSQL (STORE_TEST_DATABASE_URL) an event crossing from
// one portal instance to another through LISTEN/NOTIFY.
import { createPublicKey, verify as verifySignature, type JsonWebKey } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { createParser } from 'eventsource-parser';
import { z } from 'zod';
import { registerAuthentication } from '../../../server/src/platform/http/auth/authenticate';
import type { Caller, TokenVerifier } from '../../../server/src/platform/http/auth/tokenVerifier';
import { HttpError } from '../../../server/src/platform/http/errors';
import { compileRouteSchemasWithZod } from '../../../server/src/platform/http/zodTypeProvider';
import { registerErrorHandler } from '../../../server/src/platform/http/errors';
import { createJobRunner, registerJobRoutes, type JobRunner } from '../../../server/src/platform/jobs';
import { createLiveChannel, registerLiveRoutes, type LiveChannel } from '../../../server/src/platform/live';
import { type Store } from '../../../server/src/platform/store/openStore';
import { openPortalStore } from '../../../server/src/app/portalStore';
import { decodeJwt, startIdentityServer, type RunningIdentityServer } from '../identity/identityServer';
import { waitWith } from '../helpers/waitFor';
import { openMemoryStore } from '../schemaStore';

jest.setTimeout(90_000);

const postgresUrl = process.env.STORE_TEST_DATABASE_URL;

interface Instance {
  app: FastifyInstance;
  baseUrl: string;
  live: LiveChannel;
  runner: JobRunner;
}

let idp: RunningIdentityServer;
const tokens = new Map<string, string>();
const token = (username: string) => {
  const value = tokens.get(username);
  if (!value) throw new Error(`no token for ${username}`);
  return value;
};

/**
 * The portal's token verifier uses jose, which ships as ES modules only and cannot load under
 * this CommonJS jest setup; this one makes the same checks on the same real tokens with
 * node:crypto: RS256 signature against the identity server's JWKS, issuer, audience, expiry.
 */
async function jwksVerifier(issuer: string): Promise<TokenVerifier> {
  const { keys } = (await (await fetch(`${issuer}/protocol/openid-connect/certs`)).json()) as { keys: (JsonWebKey & { kid: string })[] };
  const decode = (part: string | undefined) => JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return async (jwt) => {
    const [header, payload, signature] = jwt.split('.');
    const refuse = () => new HttpError(401, 'invalid_token', 'The access token is not valid.');
    let head: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      head = decode(header);
      claims = decode(payload);
    } catch {
      throw refuse();
    }
    const jwk = keys.find((key) => key.kid === head.kid);
    if (head.alg !== 'RS256' || !jwk) throw refuse();
    const signed = verifySignature(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      createPublicKey({ key: jwk, format: 'jwk' }),
      Buffer.from(signature ?? '', 'base64url'),
    );
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!signed || claims.iss !== issuer || !audience.includes('dataworks-portal-api') || Number(claims.exp) * 1000 < Date.now())
      throw refuse();
    const organisation = claims.organization;
    const caller: Caller = {
      subject: String(claims.sub),
      username: String(claims.preferred_username ?? claims.sub),
      organisation: Array.isArray(organisation)
        ? String(organisation[0])
        : organisation && typeof organisation === 'object'
          ? (Object.keys(organisation)[0] ?? null)
          : null,
      roles: (claims.realm_access as { roles?: string[] } | undefined)?.roles ?? [],
    };
    return caller;
  };
}

/** A token signed with the identity server's own key, with the claims of the test's choosing. */
async function signedToken(claims: Record<string, unknown>): Promise<string> {
  const { promises: fs } = await import('node:fs');
  const path = await import('node:path');
  const { createPrivateKey, createSign } = await import('node:crypto');
  const jwks = JSON.parse(await fs.readFile(path.join(idp.dataDir, 'identity', 'jwks.json'), 'utf8')) as {
    keys: (JsonWebKey & { kid: string })[];
  };
  const jwk = jwks.keys[0]!;
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'RS256', typ: 'JWT', kid: jwk.kid })}.${encode({ iss: idp.issuer, aud: 'dataworks-portal-api', iat: now, exp: now + 300, ...claims })}`;
  return `${input}.${createSign('RSA-SHA256')
    .update(input)
    .sign(createPrivateKey({ key: jwk, format: 'jwk' }))
    .toString('base64url')}`;
}

/** A portal instance as far as these routes go: the real authentication, error handling and routes. */
async function startInstance(store: Store, liveOptions: { maxStreamsPerUser?: number; maxStreams?: number } = {}): Promise<Instance> {
  const app = Fastify({ logger: false });
  compileRouteSchemasWithZod(app);
  registerErrorHandler(app);
  registerAuthentication(app, await jwksVerifier(idp.issuer));
  const live = createLiveChannel(store.notifier);
  const runner = createJobRunner({ db: store.db, live, pollMs: 50 });
  runner.define(
    'slow-sync',
    ({ signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
    {
      payload: z.object({ connector: z.string() }),
    },
  );
  // A kind followed on the catalog settings page: its events reach who may open it, and the starter.
  runner.define('settings-scan', async () => ({ scanned: true }), { payload: z.object({}), routes: ['catalogSettings'] });
  registerLiveRoutes(app, live, { heartbeatMs: 200, ...liveOptions });
  registerJobRoutes(app, runner);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl, live, runner };
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  await instance.runner.stop();
  await instance.app.close();
  await instance.live.close();
}

interface Received {
  event?: string;
  id?: string;
  data: string;
}

type Stream = Awaited<ReturnType<typeof openStream>>;

/** Reads /api/live like the browser does: fetch with a bearer header, frames parsed as they come. */
async function openStream(baseUrl: string, bearer: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/live`, {
    headers: { authorization: `Bearer ${bearer}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: Received[] = [];
  const comments: string[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event), onComment: (comment) => comments.push(comment) });
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    response,
    events,
    comments,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

/** Polls until the probe answers; a miss names what was awaited. */
const waitFor = waitWith({ timeoutMs: 5000, stepMs: 20 });

/**
 * Proves that nothing more is on its way to a stream: a marker addressed to the stream's user is
 * published after everything else and awaited. Each stream gets its events in the order they were
 * published, so once the marker is there, whatever was going to reach the stream before it has.
 * Returns the stream's events other than markers.
 */
async function settled(publisher: LiveChannel, stream: Stream, username: string, organisation = 'acme'): Promise<Received[]> {
  const mark = String(++markers);
  await publisher.publish({ organisation, userId: String(decodeJwt(token(username)).sub), topic: 'marker', data: { mark } });
  await waitFor(`marker ${mark} on ${username}'s stream`, () =>
    stream.events.some((event) => event.event === 'marker' && (JSON.parse(event.data) as { mark: string }).mark === mark),
  );
  return stream.events.filter((event) => event.event !== 'marker');
}
let markers = 0;

async function api(baseUrl: string, method: string, path: string, bearer?: string) {
  const response = await fetch(`${baseUrl}${path}`, { method, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  idp = await startIdentityServer();
  for (const username of ['admin', 'engineer', 'business', 'lite', 'nobody', 'docs'])
    tokens.set(username, (await idp.signIn(username, username)).access_token);
});
afterAll(async () => {
  await idp?.stop();
});

describe('on one instance (PGlite)', () => {
  let store: Store;
  let portal: Instance;
  beforeAll(async () => {
    store = await openMemoryStore();
    portal = await startInstance(store);
  });
  afterAll(async () => {
    await stopInstance(portal);
    await store?.close();
  });

  test('the stream needs a valid token', async () => {
    const missing = await fetch(`${portal.baseUrl}/api/live`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: 'invalid_token' });
    const forged = await fetch(`${portal.baseUrl}/api/live`, { headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.status).toBe(401);
  });

  test('a published event reaches the subscribers of its organisation only, with heartbeats between', async () => {
    const acme = await openStream(portal.baseUrl, token('admin'));
    const globex = await openStream(portal.baseUrl, token('lite'));
    try {
      expect(acme.response.status).toBe(200);
      expect(acme.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(acme.response.headers.get('cache-control')).toBe('no-store');
      expect(acme.response.headers.get('x-accel-buffering')).toBe('no');
      await waitFor('both subscriptions', () => portal.live.subscriberCount() === 2);

      await portal.live.publish({ organisation: 'acme', toOrganisation: true, topic: 'freshness', data: { table: 'orders', late: true } });
      await portal.live.publish({ organisation: 'globex', toOrganisation: true, topic: 'freshness', data: { table: 'invoices' } });
      await waitFor('the acme event', () => acme.events.length === 1);
      await waitFor('the globex event', () => globex.events.length === 1);
      expect(acme.events[0]).toMatchObject({ event: 'freshness' });
      expect(acme.events[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(acme.events[0]?.data ?? '')).toEqual({ table: 'orders', late: true });
      expect(JSON.parse(globex.events[0]?.data ?? '')).toEqual({ table: 'invoices' });

      // Addressed to one user: another user of the same organisation does not get it.
      const engineer = await openStream(portal.baseUrl, token('engineer'));
      await waitFor('the third subscription', () => portal.live.subscriberCount() === 3);
      await portal.live.publish({
        organisation: 'acme',
        userId: String(decodeJwt(token('engineer')).sub),
        topic: 'mail',
        data: { sent: 1 },
      });
      await waitFor('the user event', () => engineer.events.length === 1);
      expect(await settled(portal.live, acme, 'admin')).toHaveLength(1);
      await engineer.close();

      await waitFor('a heartbeat', () => acme.comments.includes('heartbeat'), { timeoutMs: 2000 });
    } finally {
      await acme.close();
      await globex.close();
    }
    // Closing the connection unsubscribes it.
    await waitFor('the subscriptions to end', () => portal.live.subscriberCount() === 0);
  });

  test("events reach only who may open their area: the pages' users and the job's starter, never a member without roles", async () => {
    // An acme member holding no role at all, as the identity server would sign one.
    tokens.set(
      'acme-nobody',
      await signedToken({ sub: 'acme-nobody', preferred_username: 'acme-nobody', organization: ['acme'], realm_access: { roles: [] } }),
    );
    const streams = Object.fromEntries(
      await Promise.all(
        ['admin', 'docs', 'engineer', 'business', 'acme-nobody'].map(
          async (username) => [username, await openStream(portal.baseUrl, token(username))] as const,
        ),
      ),
    );
    try {
      await waitFor('five subscriptions', () => portal.live.subscriberCount() === 5);
      // The engineer starts it but may not open catalog settings; admin and docs may; business and nobody neither.
      await portal.runner.start();
      const { job } = await portal.runner.enqueue({
        kind: 'settings-scan',
        organisation: 'acme',
        payload: {},
        startedBy: String(decodeJwt(token('engineer')).sub),
      });
      await waitFor('the job to finish', async () => (await portal.runner.get(job.id, 'acme'))?.state === 'succeeded');
      const jobEvents = (username: string) =>
        streams[username]!.events.filter((event) => event.event === 'job' && (JSON.parse(event.data) as { id: string }).id === job.id);
      await waitFor('the admin to hear of it', () =>
        jobEvents('admin').some((event) => (JSON.parse(event.data) as { state: string }).state === 'succeeded'),
      );
      await waitFor('the docs editor and the starter too', () => jobEvents('docs').length > 0 && jobEvents('engineer').length > 0);
      // Sent to pages by route: the user without roles and the business user hear nothing.
      await portal.live.publish({ organisation: 'acme', topic: 'catalog', routes: ['catalogExplore'], data: { type: 'ingested' } });
      await waitFor('a catalog reader to hear it', () => streams.docs!.events.some((event) => event.event === 'catalog'));
      await settled(portal.live, streams.business!, 'business');
      expect(jobEvents('business')).toEqual([]);
      expect(await settled(portal.live, streams['acme-nobody']!, 'acme-nobody')).toEqual([]);
    } finally {
      for (const stream of Object.values(streams)) await stream.close();
    }
    await waitFor('the subscriptions to end', () => portal.live.subscriberCount() === 0);
  });

  test('open streams are capped per user and per instance with a clear 429', async () => {
    const capped = await startInstance(store, { maxStreamsPerUser: 3, maxStreams: 4 });
    const open: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      // A burst from one user: exactly three are accepted.
      const burst = await Promise.all(Array.from({ length: 6 }, () => openStream(capped.baseUrl, token('nobody'))));
      open.push(...burst);
      const statuses = burst.map((stream) => stream.response.status).sort();
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
      const refused = burst.find((stream) => stream.response.status === 429)!;
      await refused.close();
      // Another user still gets one (the fourth of the instance), then the instance is full.
      const admin = await openStream(capped.baseUrl, token('admin'));
      open.push(admin);
      expect(admin.response.status).toBe(200);
      const full = await fetch(`${capped.baseUrl}/api/live`, { headers: { authorization: `Bearer ${token('engineer')}` } });
      expect(full.status).toBe(429);
      expect(((await full.json()) as { message: string }).message).toMatch(/as many live connections as it may/);
      // A closed stream frees its place.
      await burst.find((stream) => stream.response.status === 200)!.close();
      await waitFor('a place to free up', async () => {
        const again = await openStream(capped.baseUrl, token('engineer'));
        open.push(again);
        return again.response.status === 200;
      });
    } finally {
      for (const stream of open) await stream.close();
      await stopInstance(capped);
    }
  });

  test('a message too large for NOTIFY is refused with a clear error', async () => {
    await expect(portal.live.publish({ organisation: 'acme', toOrganisation: true, topic: 'big', data: 'x'.repeat(9000) })).rejects.toThrow(
      /at most 7999 bytes/,
    );
    // Every message names its audience: nothing goes to a whole organisation by default.
    await expect(portal.live.publish({ organisation: 'acme', topic: 'unaddressed', data: {} })).rejects.toThrow(/names no audience/);
  });

  test('job routes: another organisation gets 404, a non-admin who did not start the job gets 403', async () => {
    const engineerSubject = String(decodeJwt(token('engineer')).sub);
    const { job } = await portal.runner.enqueue({
      kind: 'slow-sync',
      organisation: 'acme',
      payload: { connector: 'crm' },
      startedBy: engineerSubject,
      runAt: new Date(Date.now() + 60_000),
    });

    const mine = await api(portal.baseUrl, 'GET', `/api/jobs/${job.id}`, token('engineer'));
    expect(mine).toMatchObject({ status: 200, body: { job: { id: job.id, kind: 'slow-sync', state: 'queued' } } });
    expect(JSON.stringify(mine.body)).not.toContain('crm'); // the payload stays on the server

    const foreign = await api(portal.baseUrl, 'GET', `/api/jobs/${job.id}`, token('lite'));
    const missing = await api(portal.baseUrl, 'GET', '/api/jobs/00000000-0000-4000-8000-000000000000', token('lite'));
    expect(foreign).toEqual(missing);
    expect(foreign.status).toBe(404);
    expect((await api(portal.baseUrl, 'POST', `/api/jobs/${job.id}/cancel`, token('lite'))).status).toBe(404);
    expect(await api(portal.baseUrl, 'GET', '/api/jobs/not-a-job', token('admin'))).toMatchObject({ status: 400, body: { field: 'id' } });
    expect((await api(portal.baseUrl, 'GET', `/api/jobs/${job.id}`)).status).toBe(401);

    const refused = await api(portal.baseUrl, 'POST', `/api/jobs/${job.id}/cancel`, token('business'));
    expect(refused).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await portal.runner.get(job.id, 'acme'))?.state).toBe('queued');

    const byStarter = await api(portal.baseUrl, 'POST', `/api/jobs/${job.id}/cancel`, token('engineer'));
    expect(byStarter).toMatchObject({ status: 200, body: { job: { id: job.id, state: 'cancelled' } } });

    // An administrator of the organisation may cancel anyone's job, a running one too.
    await portal.runner.start();
    const { job: running } = await portal.runner.enqueue({
      kind: 'slow-sync',
      organisation: 'acme',
      payload: { connector: 'erp' },
      startedBy: engineerSubject,
    });
    await waitFor('the job to run', async () => (await portal.runner.get(running.id, 'acme'))?.state === 'running');
    const byAdmin = await api(portal.baseUrl, 'POST', `/api/jobs/${running.id}/cancel`, token('admin'));
    expect(byAdmin).toMatchObject({ status: 200, body: { job: { id: running.id, cancelRequested: true } } });
    await waitFor('the running job to end cancelled', async () => (await portal.runner.get(running.id, 'acme'))?.state === 'cancelled');
  });
});

(postgresUrl ? describe : describe.skip)('across two instances (PostgreSQL)', () => {
  let stores: Store[] = [];
  let instances: Instance[] = [];
  beforeAll(async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query('drop schema public cascade; create schema public;');
    await client.end();
    stores = [
      await openPortalStore({ databaseUrl: postgresUrl, dataDir: 'unused' }),
      await openPortalStore({ databaseUrl: postgresUrl, dataDir: 'unused' }),
    ];
    instances = [await startInstance(stores[0]!), await startInstance(stores[1]!)];
  });
  afterAll(async () => {
    for (const instance of instances) await stopInstance(instance);
    for (const store of stores) await store.close();
  });

  test('an event published on one instance reaches a subscriber connected to the other', async () => {
    const [publisher, server] = instances;
    const stream = await openStream(server!.baseUrl, token('admin'));
    try {
      await waitFor('the subscription', () => server!.live.subscriberCount() === 1);
      expect(publisher!.live.subscriberCount()).toBe(0);
      await publisher!.live.publish({ organisation: 'acme', toOrganisation: true, topic: 'usage', data: { copied: 12 } });
      await publisher!.live.publish({ organisation: 'globex', toOrganisation: true, topic: 'usage', data: { copied: 99 } });
      await waitFor('the event from the other instance', () => stream.events.length >= 1);
      const received = await settled(publisher!.live, stream, 'admin');
      expect(received.map((event) => [event.event, JSON.parse(event.data)])).toEqual([['usage', { copied: 12 }]]);
    } finally {
      await stream.close();
    }
  });
});
