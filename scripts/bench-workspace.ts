/**
 * `npm run bench:workspace`: the workspace areas at scale, each section printing its
 * figures. The store is an embedded PGlite under a temporary directory (BENCH_KEEP=true keeps it).
 *
 * Notifications and support:
 *   1. fan-out: a real portal (createPortalServer, HTTP on loopback) with BENCH_SSE_CONNECTIONS
 *      (default 1,000) open `GET /api/live` streams, each a different user of one organisation;
 *      `notify` to the organisation, timed until the last stream has the event (median and worst
 *      of BENCH_FANOUT_ROUNDS rounds, aim < 1 s). The streams' bearer tokens are checked by a
 *      stand-in verifier (one user per token), not by RSA signatures: the figure is the
 *      notification's way from the service to every open browser, not the sign-in.
 *   2. ticket search: BENCH_TICKETS (default 10,000) tickets seeded in one organisation, then
 *      BENCH_SEARCHES staff list queries (words and prefixes, filters, sorts, pages) through the
 *      support area's own query code; median and p95 (aim p95 < 50 ms).
 *
 * Knowledge base, Hive and the help assistant: scripts/benchWorkspaceKnowledge.ts (its own
 *   fresh store; BENCH_ARTICLES, BENCH_QUESTIONS, BENCH_ASKS).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createPortalServer } from '../server/src/app/portalServer.js';
import { loadPortalConfig } from '../server/src/config.js';
import { listTickets } from '../server/src/features/support/ticketsStore.js';
import { loadWarehouseSettings, WarehouseRegistry } from '../server/src/features/warehouse/index.js';
import type { Caller } from '../server/src/platform/http/auth/tokenVerifier.js';
import { HttpError } from '../server/src/platform/http/errors.js';
import { createJobRunner } from '../server/src/platform/jobs/index.js';
import { createLiveChannel } from '../server/src/platform/live/index.js';
import { createNotificationsService } from '../server/src/platform/notifications/index.js';
import { type Store } from '../server/src/platform/store/openStore.js';
import { openPortalStore } from '../server/src/app/portalStore.js';
import { standInBrowserBuild } from './benchBrowserBuild.js';
import { knowledgeSearch } from './benchWorkspaceKnowledge.js';
import { dueDates, ticketCategories, ticketPriorities, ticketStatuses } from '../common/support/supportRules.js';

const CONNECTIONS = Number(process.env.BENCH_SSE_CONNECTIONS ?? 1000);
const FANOUT_ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 5);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const ORGANISATION = 'bench';

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Deterministic pseudo-random numbers, so every run seeds the same tickets. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// ---------------------------------------------------------------------------------------------
// Notifications and support
// ---------------------------------------------------------------------------------------------

/** Tokens `bench.<n>.x` stand for user n of the bench organisation (support staff, so any notice for staff reaches them). */
async function benchVerifier(token: string): Promise<Caller> {
  const match = /^bench\.(\d+)\.x$/.exec(token);
  if (!match) throw new HttpError(401, 'invalid_token', 'Not a bench token.');
  return { subject: `bench-user-${match[1]}`, username: `user${match[1]}`, organisation: ORGANISATION, roles: ['user', 'assured'] };
}

interface Stream {
  /** When the stream saw each notification event id (performance.now()). */
  seen: Map<string, number>;
  ready: Promise<void>;
  close(): void;
}

/** One browser's stream, read as the browser does (fetch); notes when each notification event arrives. */
function openStream(baseUrl: string, index: number): Stream {
  const controller = new AbortController();
  const seen = new Map<string, number>();
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  void (async () => {
    const response = await fetch(`${baseUrl}/api/live`, {
      headers: { authorization: `Bearer bench.${index}.x`, accept: 'text/event-stream' },
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
        if (frame.includes('event: notification\n')) {
          const id = /^id: (.*)$/m.exec(frame)?.[1];
          if (id) seen.set(id, performance.now());
        }
      }
    }
  })().catch(() => markReady());
  return { seen, ready, close: () => controller.abort() };
}

async function fanOut(store: Store, dataDir: string): Promise<void> {
  // Open streams are "slow requests" to the request log; only errors matter here.
  process.env.LOG_LEVEL = 'error';
  const distDir = await standInBrowserBuild(path.join(dataDir, 'dist'));
  const config = loadPortalConfig({
    ...process.env,
    PORT: '3999',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    DEMO_DATA: 'false',
    EMBEDDED_IDENTITY: 'false',
    LOG_LEVEL: 'error',
  });
  const warehouses = new WarehouseRegistry(await loadWarehouseSettings({ DATA_DIR: dataDir }));
  const app = await createPortalServer(config, { store, verifyToken: benchVerifier, warehouses });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // The service as an area holds it: same store, its own live channel (NOTIFY reaches the portal's).
  const live = createLiveChannel(store.notifier);
  const jobs = createJobRunner({ db: store.db, live });
  const notifications = createNotificationsService({
    db: store.db,
    live,
    jobs,
    log: { info: () => undefined, warn: () => undefined },
    smtp: null,
    portalUrl: baseUrl,
  });

  const opening = performance.now();
  const streams = Array.from({ length: CONNECTIONS }, (_unused, index) => openStream(baseUrl, index));
  await Promise.all(streams.map((stream) => stream.ready));
  console.log(`  ${CONNECTIONS} streams open in ${ms(performance.now() - opening)}`);

  const rounds: number[] = [];
  for (let round = 0; round < FANOUT_ROUNDS; round += 1) {
    const start = performance.now();
    const result = await notifications.notify({
      organisation: ORGANISATION,
      audience: 'organisation',
      type: 'system',
      title: `Bench round ${round}`,
    });
    const eventId = `n:${result.id}`;
    const deadline = start + 30_000;
    while (streams.some((stream) => !stream.seen.has(eventId)) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 2));
    const received = streams.filter((stream) => stream.seen.has(eventId));
    const last = Math.max(...received.map((stream) => stream.seen.get(eventId) ?? start));
    if (received.length < CONNECTIONS)
      console.log(`  round ${round + 1}: only ${received.length} of ${CONNECTIONS} streams received it within 30 s`);
    rounds.push(last - start);
    console.log(`  round ${round + 1}: ${result.inApp} recipients, last stream received it after ${ms(last - start)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(
    `Notification fan-out to ${CONNECTIONS} open streams: median ${ms(percentile(rounds, 0.5))}, worst ${ms(Math.max(...rounds))} (aim < 1000 ms)`,
  );
  for (const stream of streams) stream.close();
  await live.close();
  await app.close();
  await warehouses.close();
}

const SUBJECT_WORDS = [
  'freshness',
  'dashboard',
  'connector',
  'snowflake',
  'warehouse',
  'billing',
  'invoice',
  'manifest',
  'lineage',
  'exposure',
  'access',
  'password',
  'role',
  'query',
  'slow',
  'error',
  'timeout',
  'sync',
  'airbyte',
  'schema',
  'column',
  'credits',
  'cost',
  'login',
  'export',
];
const BODY_WORDS = [
  ...SUBJECT_WORDS,
  'the',
  'since',
  'yesterday',
  'after',
  'upload',
  'page',
  'shows',
  'nothing',
  'fails',
  'with',
  'message',
  'please',
  'help',
  'urgent',
  'team',
  'report',
  'monthly',
  'customer',
  'orders',
  'payments',
  'table',
  'model',
  'test',
  'source',
  'stale',
];

async function seedTickets(store: Store): Promise<void> {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const start = performance.now();
  const now = Date.now();
  for (let offset = 0; offset < TICKETS; offset += 500) {
    const rows = Array.from({ length: Math.min(500, TICKETS - offset) }, (_unused, index) => {
      const priority = pick(ticketPriorities);
      const created = new Date(now - Math.floor(next() * 180 * 86_400_000));
      const due = dueDates(priority, created);
      const requester = Math.floor(next() * 300);
      return {
        organisation_id: ORGANISATION,
        subject: `${pick(SUBJECT_WORDS)} ${pick(SUBJECT_WORDS)} ${pick(BODY_WORDS)} #${offset + index}`,
        description: Array.from({ length: 20 + Math.floor(next() * 60) }, () => pick(BODY_WORDS)).join(' '),
        category: pick(ticketCategories),
        priority,
        status: pick(ticketStatuses),
        requester_subject: `requester-${requester}`,
        requester_username: `requester${requester}`,
        assignee_subject: next() < 0.5 ? 'staff-1' : null,
        assignee_username: null,
        created_at: created,
        updated_at: new Date(created.getTime() + Math.floor(next() * 86_400_000)),
        first_response_due_at: due.firstResponseDueAt,
        resolution_due_at: due.resolutionDueAt,
      };
    });
    await store.db.insertInto('support_tickets').values(rows).execute();
  }
  // Fresh statistics, as autovacuum would have them on a store that grew over months.
  await sql`analyze support_tickets`.execute(store.db);
  console.log(`  seeded ${TICKETS} tickets in ${ms(performance.now() - start)}`);
}

async function ticketSearch(store: Store): Promise<void> {
  await seedTickets(store);
  const next = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const staff = { subject: 'staff-1', roles: ['user', 'assured'] };
  const timings: number[] = [];
  for (let index = 0; index < SEARCHES; index += 1) {
    const kind = index % 5;
    const word = pick(SUBJECT_WORDS);
    const filter = {
      q:
        kind === 0
          ? word
          : kind === 1
            ? word.slice(0, 3)
            : kind === 2
              ? `${word} ${pick(BODY_WORDS)}`
              : kind === 3
                ? undefined
                : `${word.slice(0, 4)}`,
      status: kind === 3 ? [pick(ticketStatuses)] : undefined,
      priority: kind === 4 ? [pick(ticketPriorities)] : undefined,
      assignee: kind === 3 ? ('me' as const) : undefined,
      sort: kind === 3 ? ('due' as const) : kind === 4 ? ('priority' as const) : undefined,
      page: 1 + Math.floor(next() * 3),
      pageSize: 25,
    };
    const start = performance.now();
    await listTickets(store.db, ORGANISATION, staff, filter);
    timings.push(performance.now() - start);
  }
  console.log(
    `Ticket search over ${TICKETS} tickets (${SEARCHES} queries: words, prefixes, filters, sorts, pages): median ${ms(percentile(timings, 0.5))}, p95 ${ms(percentile(timings, 0.95))} (aim p95 < 50 ms)`,
  );
}

async function notificationsAndSupport(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-bench-workspace-'));
  const store = await openPortalStore({ dataDir: path.join(dir, 'data') });
  try {
    console.log('Notifications and support');
    await fanOut(store, path.join(dir, 'data'));
    await ticketSearch(store);
  } finally {
    await store.close();
    if (process.env.BENCH_KEEP !== 'true') await fs.rm(dir, { recursive: true, force: true });
    else console.log(`  kept ${dir}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Knowledge base, Hive and the help assistant (scripts/benchWorkspaceKnowledge.ts)
// ---------------------------------------------------------------------------------------------

async function knowledge(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-bench-knowledge-'));
  const store = await openPortalStore({ dataDir: path.join(dir, 'data') });
  try {
    await knowledgeSearch(store);
  } finally {
    await store.close();
    if (process.env.BENCH_KEEP !== 'true') await fs.rm(dir, { recursive: true, force: true });
    else console.log(`  kept ${dir}`);
  }
}

async function main(): Promise<void> {
  await notificationsAndSupport();
  await knowledge();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
