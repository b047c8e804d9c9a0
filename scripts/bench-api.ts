// `npm run bench:api`: requests per second and p50/p99 latency, over loopback, of
// - the dashboards endpoint (GET /api/config/client-dashboards) with a valid token, 50 connections;
// - a bare Fastify route answering the same JSON, started in the same run and measured in turns
//   with the portal (medians of five rounds): the ratio of the two is what the portal's own work
//   per request costs;
// - the Cost page's summary (GET /api/warehouse/cost) on the embedded sample, 10 connections,
//   as pages ask for it (one range) and with a new range each request (each one computed).
// Starts its own portal + dev identity server at `npm start`'s default settings on free ports
// with a throw-away data directory. BENCH_SECONDS sets each measurement's length (15 s).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, signIn } from '../__tests__/server/identity/identityServer';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;
const OPTIMIZE_CONNECTIONS = 10;
/** The dashboards endpoint and the bare route are measured in this many turns each. */
const ROUNDS = 5;
const ROUND_SECONDS = Math.max(2, Math.round(DURATION_SECONDS / 3));

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  failures: number;
  /** Answers that were not 2xx, by status. */
  statuses: string;
}

function statusesOf(result: autocannon.Result): string {
  const stats = (result as autocannon.Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return Object.entries(stats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}× ${code}`)
    .join(', ');
}

async function measure(url: string, connections: number, headers: Record<string, string>, seconds = DURATION_SECONDS): Promise<Figures> {
  // A short warm-up so JIT and caches are settled before measuring.
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    statuses: statusesOf(result),
  };
}

/** The round with the median requests per second (its latencies with it). */
function median(rounds: readonly Figures[]): Figures {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)] as Figures;
  const failures = rounds.reduce((sum, figures) => sum + figures.failures, 0);
  return { ...middle, failures, total: rounds.reduce((sum, figures) => sum + figures.total, 0) };
}

function print(title: string, figures: Figures): void {
  console.log(title);
  console.log(`  requests/s   ${figures.requestsPerSecond}`);
  console.log(`  latency p50  ${figures.p50} ms`);
  console.log(`  latency p99  ${figures.p99} ms`);
  console.log(
    `  requests     ${figures.total} (${figures.failures} not 2xx / errors / timeouts${figures.statuses ? `: ${figures.statuses}` : ''})`,
  );
}

/** BENCH_PROFILE=<directory>: the started programs write a CPU profile there when they stop (open it in Chrome's DevTools). */
const PROFILE = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];

function startChild(script: string, env: Record<string, string>, stdout: 'ignore' | 'inherit' = 'ignore') {
  return spawn(process.execPath, [...PROFILE, '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
}

async function stopChild(child: ReturnType<typeof spawn>): Promise<void> {
  // Stopped already (a child ended by a signal has a signalCode and no exitCode).
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function main(): Promise<void> {
  const [port, identityPort, barePort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dw-bench-api-'));
  const identity = `http://localhost:${identityPort}`;
  // `npm start`'s defaults (log level included): only the ports and data directory differ.
  const server = startChild('server/src/main.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: path.resolve('__tests__/server/fixtures/dist'),
    IDENTITY_PORT: String(identityPort),
    IDENTITY_PUBLIC_URL: identity,
    IDENTITY_REDIRECT_URIS: 'http://localhost:3000/*',
  });
  let bare: ReturnType<typeof spawn> | undefined;
  try {
    await waitFor(`http://localhost:${port}/api/health`);
    const { access_token: token } = await signIn(identity, 'admin', 'admin');
    const headers = { authorization: `Bearer ${token}` };
    const url = `http://localhost:${port}/api/config/client-dashboards`;
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`the endpoint answered ${check.status}`);
    const body = await check.text();

    // The same JSON from a bare Fastify route, in this same run: what the portal's own work costs.
    // The two are measured in turns (portal, bare, portal, …) and compared by their medians, so a
    // machine that gets busier or quieter during the run moves both alike.
    bare = startChild('scripts/bench-bare-server.ts', { BARE_PORT: String(barePort), BARE_BODY: body });
    const bareUrl = `http://localhost:${barePort}/api/config/client-dashboards`;
    await waitFor(bareUrl);
    const portalRounds: Figures[] = [];
    const bareRounds: Figures[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      portalRounds.push(await measure(url, CONNECTIONS, headers, ROUND_SECONDS));
      bareRounds.push(await measure(bareUrl, CONNECTIONS, {}, ROUND_SECONDS));
    }
    await stopChild(bare);
    const portal = median(portalRounds);
    const yardstick = median(bareRounds);
    print(
      `GET /api/config/client-dashboards, valid token, ${CONNECTIONS} connections, median of ${ROUNDS} × ${ROUND_SECONDS} s over loopback`,
      portal,
    );
    const target = portal.requestsPerSecond >= 3000 && portal.p99 < 50;
    console.log(`  target ≥3000 req/s with p99 < 50 ms: ${target ? 'met' : 'NOT met'}`);
    print(`The same JSON from a bare Fastify route (no logging, no hooks), ${CONNECTIONS} connections, in turns with the above`, yardstick);
    const ratio = portal.requestsPerSecond / yardstick.requestsPerSecond;
    console.log(
      `  portal / bare ratio  ${ratio.toFixed(2)} (aim ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'}; rounds ${portalRounds
        .map((figures, index) => (figures.requestsPerSecond / (bareRounds[index] as Figures).requestsPerSecond).toFixed(2))
        .join(', ')})`,
    );

    // Optimize: the Cost page's summary, 10 connections, on the embedded sample account.
    const cost = `http://localhost:${port}/api/warehouse/cost`;
    if ((await fetch(cost, { headers })).status !== 200) throw new Error('the cost summary did not answer 200');
    const optimize = await measure(cost, OPTIMIZE_CONNECTIONS, headers);
    print(`GET /api/warehouse/cost (the Cost page's summary, embedded sample), ${OPTIMIZE_CONNECTIONS} connections`, optimize);
    console.log(`  aim ≥ 100 req/s: ${optimize.requestsPerSecond >= 100 ? 'met' : 'NOT met'}`);

    // The same with a different range on every request, so each one is computed, none answered from the cache.
    const computed = await measureComputedCost(cost, headers);
    print(`GET /api/warehouse/cost, a new range each request (computed, not cached), ${OPTIMIZE_CONNECTIONS} connections`, computed);

    console.log('');
    console.log(
      `dashboards ${portal.requestsPerSecond} req/s · bare ${yardstick.requestsPerSecond} req/s · ratio ${ratio.toFixed(2)} · cost summary ${optimize.requestsPerSecond} req/s (computed ${computed.requestsPerSecond} req/s)`,
    );
    if (portal.failures + yardstick.failures + optimize.failures + computed.failures > 0) process.exitCode = 1;
  } finally {
    if (bare) await stopChild(bare);
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Cost summaries over ranges that differ by their first day, one range per request. */
async function measureComputedCost(cost: string, headers: Record<string, string>): Promise<Figures> {
  const info = (await (await fetch(cost.replace('/cost', '/info'), { headers })).json()) as { dataRange: { from: string; to: string } };
  const first = new Date(`${info.dataRange.from}T00:00:00Z`).getTime();
  const last = new Date(`${info.dataRange.to}T00:00:00Z`).getTime();
  // First days from the first half of the data, last days from the second: every pair is a new range.
  const half = Math.max(1, Math.floor((last - first) / 86_400_000 / 2));
  let next = 0;
  const result = await autocannon({
    url: cost,
    connections: OPTIMIZE_CONNECTIONS,
    duration: DURATION_SECONDS,
    headers,
    requests: [
      {
        setupRequest: (request) => {
          // Each request a range of its own (first day × last day) that no earlier request asked.
          const index = next++;
          const from = new Date(first + (index % half) * 86_400_000).toISOString().slice(0, 10);
          const to = new Date(last - (Math.floor(index / half) % half) * 86_400_000).toISOString().slice(0, 10);
          return { ...request, path: `/api/warehouse/cost?from=${from}&to=${to}` };
        },
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    statuses: statusesOf(result),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
