// `npm run e2e`: starts the whole stack (portal + dev identity server) on its own ports with
// a throw-away data directory and 15-second access tokens, runs the browser tests against it
// with node's test runner, then stops the stack. Needs Debian's chromium (/usr/bin/chromium).
// E2E_TESTS=accessibility,keyboard runs only the test files whose names contain one of those words.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PORTAL_PORT = Number(process.env.E2E_PORTAL_PORT ?? 3100);
const IDENTITY_PORT = Number(process.env.E2E_IDENTITY_PORT ?? 8190);
const ANALYTICS_PORT = Number(process.env.E2E_ANALYTICS_PORT ?? 3199);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Waits until each organisation has ingested dbt artifacts, asked as its dbt service account would. */
async function waitForSampleCatalogs(
  dataDir: string,
  portal: string,
  identity: string,
  organisations: string[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const clients = JSON.parse(readFileSync(path.join(dataDir, 'identity', 'service-clients.json'), 'utf8')) as Record<
    string,
    { secret: string }
  >;
  for (const organisation of organisations) {
    const clientId = `dataworks-dbt-${organisation}`;
    const secret = clients[clientId]?.secret;
    if (!secret) throw new Error(`no service client ${clientId} in the identity data directory`);
    for (;;) {
      const tokenAnswer = await fetch(`${identity}/realms/dataworks/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
      });
      const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
      const answer = await fetch(`${portal}/api/dbt/ingestions`, { headers: { Authorization: `Bearer ${token}` } });
      if (answer.ok && ((await answer.json()) as { current: unknown }).current) break;
      if (Date.now() > deadline) throw new Error(`the sample dbt project of ${organisation} was not ingested within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function main(): Promise<number> {
  if (!existsSync(CHROMIUM)) {
    console.error(`No browser at ${CHROMIUM}. Install Debian's chromium: sudo apt-get install -y chromium`);
    return 1;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dataworks-e2e-'));
  const portal = `http://localhost:${PORTAL_PORT}`;
  const identity = `http://localhost:${IDENTITY_PORT}`;
  const env = {
    ...process.env,
    PORT: String(PORTAL_PORT),
    DATA_DIR: dataDir,
    IDENTITY_PORT: String(IDENTITY_PORT),
    IDENTITY_PUBLIC_URL: identity,
    IDENTITY_REDIRECT_URIS: `${portal}/*`,
    IDENTITY_WEB_ORIGINS: portal,
    IDENTITY_ACCESS_TOKEN_TTL: '15',
    // Analytics on, sent to the collector the analytics test runs on this port.
    ANALYTICS_TOKEN: 'e2e-project-token',
    ANALYTICS_API_HOST: `http://localhost:${ANALYTICS_PORT}`,
    LOG_LEVEL: 'warn',
  };
  const server = spawn(path.resolve('node_modules/.bin/tsx'), ['server/src/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitFor(`${portal}/api/health`, 180_000);
    await waitFor(`${identity}/realms/dataworks/.well-known/openid-configuration`, 10_000);
    // Tests start from a portal as a newcomer finds it after its first start: the demo
    // organisations' sample dbt projects built and ingested (it runs in the background).
    await waitForSampleCatalogs(dataDir, portal, identity, ['acme', 'globex'], 240_000);
    const only = (process.env.E2E_TESTS ?? '')
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
    const tests = readdirSync('e2e/tests')
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) => only.length === 0 || only.some((word) => file.includes(word)))
      .map((file) => path.join('e2e/tests', file));
    const runner = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...tests], {
      env: {
        ...process.env,
        E2E_BASE_URL: portal,
        E2E_IDENTITY_URL: identity,
        E2E_ANALYTICS_PORT: String(ANALYTICS_PORT),
        E2E_DATA_DIR: dataDir,
        CHROMIUM_PATH: CHROMIUM,
      },
      stdio: 'inherit',
    });
    const code = await new Promise<number>((resolve) => runner.on('exit', (exitCode) => resolve(exitCode ?? 1)));
    // The accessibility figures close the run, after the test runner's own summary.
    const summary = path.join(dataDir, 'a11y-summary.txt');
    if (existsSync(summary)) console.log(`\n${readFileSync(summary, 'utf8').trim()}`);
    return code;
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
