// Issue "Portal shell": public pages, sign-in redirect, failed chunks, offline.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, identityUrl, launch, newPage } from '../support';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

test('the landing page renders', async () => {
  const { context, page } = await newPage(browser);
  await page.goto(`${baseUrl}/landing`);
  await page.getByRole('heading', { level: 1, name: 'Your data platform, in one place.' }).waitFor();
  assert.equal(await page.title(), 'Welcome | Dataworks');
  assert.ok(await page.getByRole('link', { name: 'Sign in' }).isVisible());
  await context.close();
});

test('an unknown public path shows the 404 page', async () => {
  const { context, page } = await newPage(browser);
  await page.goto(`${baseUrl}/no/such/page`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  assert.equal(page.url(), `${baseUrl}/no/such/page`);
  await context.close();
});

test('a private page visited signed out goes to sign-in and remembers the page', async () => {
  const { context, page } = await newPage(browser);
  const visited: string[] = [];
  // Client-side hops (/login?next=…) show as frame navigations, redirects as requests.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(request.url());
  });
  await page.goto(`${baseUrl}/app/freshness?range=7d`);
  await page.waitForSelector('#username');
  assert.ok(visited.includes(`${baseUrl}/login?next=${encodeURIComponent('/app/freshness?range=7d')}`), visited.join('\n'));
  const auth = visited.find((url) => url.startsWith(`${identityUrl}/realms/dataworks/protocol/openid-connect/auth`));
  assert.ok(auth, 'the identity server was asked to sign in');
  assert.equal(new URL(auth).searchParams.get('redirect_uri'), `${baseUrl}/app/freshness?range=7d`);
  await context.close();
});

test('a route chunk that fails to load fires preload-error and shows the reload page', async () => {
  const { context, page } = await newPage(browser);
  await page.addInitScript(() => {
    (window as unknown as { preloadErrors: number }).preloadErrors = 0;
    window.addEventListener('preload-error', () => {
      (window as unknown as { preloadErrors: number }).preloadErrors += 1;
    });
  });
  const statusChunk = /\/assets\/status-pages\.[0-9a-f]+\.chunk\.js$/;
  await page.route(statusChunk, (route) => route.abort());
  await page.goto(`${baseUrl}/maintenance/coming-soon`);
  await page.getByRole('heading', { name: 'A new version of Dataworks is available' }).waitFor();
  assert.equal(await page.evaluate(() => (window as unknown as { preloadErrors: number }).preloadErrors), 1);
  // Reload with the chunk reachable again: the page comes back.
  await page.unroute(statusChunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.getByRole('heading', { name: 'Coming soon' }).waitFor();
  await context.close();
});

test('going offline shows the offline page, and coming back returns to the page', async () => {
  const { context, page } = await newPage(browser);
  await page.goto(`${baseUrl}/landing`);
  await page.getByRole('heading', { name: 'Your data platform, in one place.' }).waitFor();
  await context.setOffline(true);
  await page.getByRole('heading', { name: 'You are offline' }).waitFor();
  assert.match(page.url(), /\/maintenance\/offline-ui\?from=%2Flanding$/);
  await context.setOffline(false);
  await page.waitForURL(`${baseUrl}/landing`);
  await context.close();
});

test('the status pages render', async () => {
  const { context, page } = await newPage(browser);
  for (const [path, heading] of [
    ['/maintenance/coming-soon', 'Coming soon'],
    ['/maintenance/error', 'Something went wrong'],
    ['/404', 'Page not found'],
  ] as const) {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { name: heading }).waitFor();
  }
  await context.close();
});
