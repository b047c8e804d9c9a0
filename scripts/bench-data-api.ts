// `npm run bench:data-api`: a published data API endpoint with two parameters over the embedded
// warehouse, called with an API key, over loopback at 50 connections:
// - cache warm: the same parameters on every request (answered from the endpoint's cache);
// - cache cold: the same endpoint published with caching off, so every request runs the query
//   (checked parameters, bound statement, row cap, time-out), and a second cold run with a new
//   parameter value on every request;
// - the dashboards endpoint (GET /api/config/client-dashboards, sign-in token) in the same run,
//   and the ratio of each data API figure to it.
// Every call also passes the key check, the rate-limit counter in the store and usage recording.
// Starts its own portal + dev identity server at `npm start`'s defaults on free ports with a
// throw-away data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, signIn } from '../__tests__/server/identity/identityServer';
import { untilIdle } from './portalIdle';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;

const SQL = `SELECT SHIPPING_COUNTRY AS country, STATUS AS status, COUNT(*) AS orders
FROM RAW_SHOP.ORDERS
WHERE SHIPPING_COUNTRY = {{country}} AND ORDERED_AT >= {{since}}
GROUP BY SHIPPING_COUNTRY, STATUS
ORDER BY orders DESC`;
const PARAMETERS = [
  { name: 'country', type: 'enum', required: true, values: ['GB', 'US', 'DE', 'FR', 'NL', 'SE', 'ES', 'IT', 'IE', 'PL'] },
  { name: 'since', type: 'date', default: '2020-01-01' },
];

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  failures: number;
  statuses: string;
}

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

function figuresOf(result: autocannon.Result): Figures {
  const stats = (result as autocannon.Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    statuses: Object.entries(stats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${count}× ${code}`)
      .join(', '),
  };
}

async function measure(options: autocannon.Options): Promise<Figures> {
  // A short warm-up so JIT, connection pools and (where it is on) the cache are settled.
  await autocannon({ ...options, duration: 2 });
  return figuresOf(await autocannon({ ...options, duration: DURATION_SECONDS }));
}

function print(title: string, figures: Figures, yardstick?: Figures): void {
  console.log(title);
  console.log(`  requests/s   ${figures.requestsPerSecond}`);
  console.log(`  latency p50  ${figures.p50} ms`);
  console.log(`  latency p99  ${figures.p99} ms`);
  console.log(
    `  requests     ${figures.total} (${figures.failures} not 2xx / errors / timeouts${figures.statuses ? `: ${figures.statuses}` : ''})`,
  );
  if (yardstick) console.log(`  ratio to the dashboards endpoint  ${(figures.requestsPerSecond / yardstick.requestsPerSecond).toFixed(2)}`);
}

async function api(base: string, token: string, method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

async function publishEndpoint(base: string, token: string, name: string, cacheSeconds: number): Promise<string> {
  const created = await api(base, token, 'POST', '/api/data-api/endpoints', {
    name,
    definition: { sql: SQL, parameters: PARAMETERS, rowCap: 100, pageSize: 100, cacheSeconds },
  });
  const id = (created.endpoint as { id: string }).id;
  await api(base, token, 'POST', `/api/data-api/endpoints/${id}/versions/1/publish`);
  return id;
}

/** A fresh key per measurement, so one run's calls never count against the next one's limit. */
async function newKey(base: string, token: string, scopes: string[]): Promise<Record<string, string>> {
  const created = await api(base, token, 'POST', '/api/data-api/keys', { name: `bench ${Date.now()}`, scopes, rateLimit: 1_000_000 });
  return { authorization: `Bearer ${String(created.secret)}` };
}

async function main(): Promise<void> {
  const [port, identityPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dw-bench-data-api-'));
  const identity = `http://localhost:${identityPort}`;
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DIST_DIR: path.resolve('__tests__/server/fixtures/dist'),
      IDENTITY_PORT: String(identityPort),
      IDENTITY_PUBLIC_URL: identity,
      IDENTITY_REDIRECT_URIS: 'http://localhost:3000/*',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/api/health`);
    // The first start's background work (sample warehouses, usage copies, dbt projects) done first.
    const settledMs = await untilIdle(server.pid ?? 0);
    console.log(`portal settled ${(settledMs / 1000).toFixed(0)} s after answering`);
    const { access_token: token } = await signIn(identity, 'product', 'product');
    const cached = await publishEndpoint(base, token, 'bench_orders', 60);
    const uncached = await publishEndpoint(base, token, 'bench_orders_nocache', 0);
    const query = '?country=DE&since=2025-06-01';
    const check = await fetch(`${base}/api/data/v1/bench_orders${query}`, { headers: await newKey(base, token, [cached]) });
    if (check.status !== 200) throw new Error(`the endpoint answered ${check.status}: ${await check.text()}`);

    const dashboards = await measure({
      url: `${base}/api/config/client-dashboards`,
      connections: CONNECTIONS,
      headers: { authorization: `Bearer ${token}` },
    });
    print(`GET /api/config/client-dashboards (sign-in token), ${CONNECTIONS} connections, ${DURATION_SECONDS} s`, dashboards);

    const warm = await measure({
      url: `${base}/api/data/v1/bench_orders${query}`,
      connections: CONNECTIONS,
      headers: await newKey(base, token, [cached]),
    });
    print(`GET /api/data/v1/bench_orders (API key, two parameters), cache warm, ${CONNECTIONS} connections`, warm, dashboards);

    const cold = await measure({
      url: `${base}/api/data/v1/bench_orders_nocache${query}`,
      connections: CONNECTIONS,
      headers: await newKey(base, token, [uncached]),
    });
    print(`GET /api/data/v1/bench_orders_nocache (API key, two parameters), cache off: every call runs the query`, cold, dashboards);

    // Cold by parameters: the cached endpoint with a different `since` on every request.
    let next = 0;
    const start = Date.UTC(2025, 0, 1);
    const varied = await measure({
      url: `${base}/api/data/v1/bench_orders`,
      connections: CONNECTIONS,
      headers: await newKey(base, token, [cached]),
      requests: [
        {
          setupRequest: (request) => {
            const index = next++;
            const since = new Date(start + (index % 3650) * 86_400_000).toISOString().slice(0, 10);
            const country = PARAMETERS[0]?.values?.[Math.floor(index / 3650) % 10] ?? 'DE';
            return { ...request, path: `/api/data/v1/bench_orders?country=${country}&since=${since}` };
          },
        },
      ],
    });
    print(`GET /api/data/v1/bench_orders, new parameter values on every request (cache cold)`, varied, dashboards);

    console.log('');
    console.log(
      `dashboards ${dashboards.requestsPerSecond} req/s · data API warm ${warm.requestsPerSecond} req/s (p50 ${warm.p50} ms, p99 ${warm.p99} ms, ratio ${(warm.requestsPerSecond / dashboards.requestsPerSecond).toFixed(2)}) · cold ${cold.requestsPerSecond} req/s (p50 ${cold.p50} ms, p99 ${cold.p99} ms, ratio ${(cold.requestsPerSecond / dashboards.requestsPerSecond).toFixed(2)}) · varied ${varied.requestsPerSecond} req/s`,
    );
    if (dashboards.failures + warm.failures + cold.failures + varied.failures > 0) process.exitCode = 1;
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
