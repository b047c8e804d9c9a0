// `npm run bench:api`: requests per second and p50/p99 latency of the dashboards endpoint
// (GET /api/config/client-dashboards) with a valid token, over loopback, 50 connections.
// Starts its own portal + dev identity server on free ports with a throw-away data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, signIn } from '../__tests__/server/identity/identityServer';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;

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

async function main(): Promise<void> {
  const [port, identityPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dw-bench-api-'));
  const identity = `http://localhost:${identityPort}`;
  const server = spawn(path.resolve('node_modules/.bin/tsx'), ['server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DIST_DIR: path.resolve('__tests__/server/fixtures/dist'),
      IDENTITY_PORT: String(identityPort),
      IDENTITY_PUBLIC_URL: identity,
      IDENTITY_REDIRECT_URIS: 'http://localhost:3000/*',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://localhost:${port}/api/health`);
    const { access_token: token } = await signIn(identity, 'admin', 'admin');
    const url = `http://localhost:${port}/api/config/client-dashboards`;
    const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (check.status !== 200) throw new Error(`the endpoint answered ${check.status}`);

    // A short warm-up so JIT and the key cache are settled before measuring.
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { authorization: `Bearer ${token}` } });
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers: { authorization: `Bearer ${token}` } });
    const failures = result.non2xx + result.errors + result.timeouts;
    console.log(`GET /api/config/client-dashboards, valid token, ${CONNECTIONS} connections, ${DURATION_SECONDS} s over loopback`);
    console.log(`  requests/s   ${Math.round(result.requests.average)}`);
    console.log(`  latency p50  ${result.latency.p50} ms`);
    console.log(`  latency p99  ${result.latency.p99} ms`);
    console.log(`  requests     ${result.requests.total} (${failures} not 2xx / errors / timeouts)`);
    const target = result.requests.average >= 3000 && result.latency.p99 < 50;
    console.log(`  target ≥3000 req/s with p99 < 50 ms: ${target ? 'met' : 'NOT met'}`);
    if (failures > 0) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
