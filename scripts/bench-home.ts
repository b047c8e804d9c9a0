// `npm run bench:home`: how long the signed-in home takes to show in real Chromium over loopback,
// from the navigation's start to the first frame with the side menu's links and the page's
// heading (medians of BENCH_ROUNDS, 7 unless set):
// - warm: a reload in a signed-in tab (the browser's cache filled, the identity session cookie set);
// - cold: a new browser context that has only the identity session's cookies (an empty cache, as
//   on a returning user's first visit of the day).
// Also prints one warm reload's requests in the order they ended, with the app's start-up marks
// (src/main.tsx), from the page's own timings: the waterfall to read.
// Starts its own portal and dev identity server from the production build (`npm run build` first)
// on free ports with a throw-away data directory, and waits for the first start's background work
// (the sample dbt projects) so it does not compete with the figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launch } from '../e2e/support';
import { freePort } from '../__tests__/server/identity/identityServer';
import { untilIdle } from './portalIdle';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HOME = '/app/home';

/**
 * Marks the first frame in which the menu's links and the heading are both on screen. A string,
 * not a function: the TypeScript loader adds helpers to functions that the page does not have.
 */
const markReady = `
  (() => {
    const ready = () => document.querySelector('nav[aria-label="Main"] a') !== null && document.querySelector('main h1') !== null;
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.homeReadyAt = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

async function readyAt(page: Page): Promise<number> {
  // Anonymous functions only: the page's CSP refuses strings, and named ones would carry the loader's helper.
  await page.waitForFunction(() => typeof (window as unknown as { homeReadyAt?: number }).homeReadyAt === 'number', undefined, {
    timeout: 30_000,
  });
  return page.evaluate(() => (window as unknown as { homeReadyAt: number }).homeReadyAt);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function untilUp(url: string, portal: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (portal.exitCode !== null) throw new Error(`the portal exited with ${portal.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function main(): Promise<void> {
  if (!existsSync('dist/index.html')) throw new Error('No production build: run `npm run build` first.');
  if (!existsSync(CHROMIUM)) throw new Error(`No browser at ${CHROMIUM}: install Debian's chromium or set CHROMIUM_PATH.`);
  const [port, identityPort] = [await freePort(), await freePort()];
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dataworks-bench-home-'));
  let output = '';
  const portal = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      IDENTITY_PORT: String(identityPort),
      IDENTITY_PUBLIC_URL: `http://localhost:${identityPort}`,
      IDENTITY_REDIRECT_URIS: `${base}/*`,
      IDENTITY_WEB_ORIGINS: base,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  portal.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  portal.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const browser = await launch();
  try {
    await untilUp(`${base}/api/health`, portal);
    // The first start builds and ingests both demo organisations' sample dbt projects in the background.
    const deadline = Date.now() + 300_000;
    while ((output.match(/ingested the sample dbt project/g) ?? []).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 500));
    // And the rest of that work (sample warehouses, usage copies), so the figures are the page's alone.
    const settledMs = await untilIdle(portal.pid ?? 0);
    console.log(`portal settled ${(settledMs / 1000).toFixed(0)} s after the sample projects were ingested`);

    const signedIn = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signedIn.addInitScript({ content: markReady });
    const page = await signedIn.newPage();
    await page.goto(`${base}${HOME}`);
    await page.waitForSelector('#username');
    await page.fill('#username', 'admin');
    await page.fill('#password', 'admin');
    await page.click('#kc-login');
    await page.waitForURL((url) => url.href.startsWith(`${base}/app/`));
    await readyAt(page);

    const warm: number[] = [];
    for (let round = 0; round < ROUNDS + 1; round += 1) {
      await page.reload();
      const ms = await readyAt(page);
      if (round > 0) warm.push(ms); // the first reload fills what sign-in did not load
    }

    // The traced reload's own timings (Resource Timing, Navigation Timing and the app's marks), on the
    // page's clock from the navigation's start: exact, unlike the times the browser reports to this script.
    await page.reload();
    const lastWarm = await readyAt(page);
    const waterfall = await page.evaluate(() => {
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      const requests = entries.map((entry) => ({
        from: entry.entryType === 'navigation' ? entry.requestStart : entry.startTime,
        ms: entry.responseEnd,
        what: `${entry.entryType === 'navigation' ? 'page' : entry.initiatorType} ${entry.name.replace(location.origin, '')}`,
      }));
      const marks = performance
        .getEntriesByType('mark')
        .map((mark) => ({ from: mark.startTime, ms: mark.startTime, what: `mark ${mark.name}` }));
      return [...requests, ...marks].sort((a, b) => a.ms - b.ms);
    });
    const cookies = await signedIn.cookies();
    const cold: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const context: BrowserContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      await context.addCookies(cookies);
      await context.addInitScript({ content: markReady });
      const fresh = await context.newPage();
      await fresh.goto(`${base}${HOME}`);
      cold.push(await readyAt(fresh));
      await context.close();
    }

    const list = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
    console.log(`signed-in home, navigation to the menu and heading on screen (${ROUNDS} rounds each):`);
    console.log(`  warm  median ${Math.round(median(warm))} ms   (${list(warm)})   aim < 250 ms`);
    console.log(`  cold  median ${Math.round(median(cold))} ms   (${list(cold)})   aim < 600 ms`);
    console.log(
      `one warm reload (ready at ${Math.round(lastWarm)} ms): its requests in the order they ended (started → ended) and the app's marks:`,
    );
    const at = (ms: number) => String(Math.round(ms)).padStart(5);
    for (const entry of waterfall) console.log(`  ${at(entry.from)} → ${at(entry.ms)} ms  ${entry.what}`);
  } finally {
    await browser.close();
    portal.kill('SIGTERM');
    await new Promise((resolve) => portal.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
