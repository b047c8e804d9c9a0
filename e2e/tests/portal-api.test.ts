// Issue "Portal API": the Viewer menu from each organisation's dashboards, the viewer, API
// calls across token refreshes, the API being unreachable, and analytics to a collector.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { demoDashboards } from '../../server/src/features/dashboards/demoSeed';
import { analyticsCollectorPort, baseUrl, launch, newPage, signIn, topLevelMenu } from '../support';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

const viewerEntries = (page: Page) => page.locator('#dw-nav-viewer > li .dw-nav-text');

async function openViewerMenu(page: Page): Promise<string[]> {
  await topLevelMenu(page);
  await page.locator('nav[aria-label="Main"] button.dw-nav-link', { hasText: 'Viewer' }).click();
  await viewerEntries(page).first().waitFor();
  return viewerEntries(page).allTextContents();
}

const seededNames = (organisation: string) =>
  [...(demoDashboards[organisation]?.dashboards ?? [])].sort((a, b) => a.order - b.order).map((d) => d.name);

test("the Viewer lists each organisation's dashboards in order: admin (acme) and lite (globex) differ", async () => {
  const acme = await newPage(browser);
  await signIn(acme.page, 'admin');
  const acmeEntries = await openViewerMenu(acme.page);
  await acme.context.close();
  const globex = await newPage(browser);
  await signIn(globex.page, 'lite');
  const globexEntries = await openViewerMenu(globex.page);
  await globex.context.close();
  assert.deepEqual(acmeEntries, seededNames('acme'));
  assert.deepEqual(globexEntries, seededNames('globex'));
  assert.notDeepEqual(acmeEntries, globexEntries);
});

test('the viewer embeds the dashboard, a real page charting the sample data', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'clientadmin');
  await openViewerMenu(page);
  await viewerEntries(page).first().click();
  const first = demoDashboards.acme?.dashboards[0];
  assert.ok(first, 'acme has demo dashboards');
  await page.waitForURL((url) => url.pathname === `/app/viewer/${encodeURIComponent(first.name)}`);
  const frame = page.locator(`iframe[title="Dashboard: ${first.name}"]`);
  await frame.waitFor();
  assert.match((await frame.getAttribute('src')) ?? '', new RegExp(`/demo-dashboards/acme/${first.slug}$`));
  // Same origin as the portal: scripts yes, same-origin access no.
  assert.equal(await frame.getAttribute('sandbox'), 'allow-scripts allow-forms allow-popups allow-downloads');
  const content = page.frameLocator(`iframe[title="Dashboard: ${first.name}"]`);
  await content.getByRole('heading', { level: 1 }).waitFor();
  assert.ok((await content.locator('canvas').count()) > 0, 'the dashboard draws a chart');
  await context.close();
});

test('a dashboard added from a new site says the portal cannot frame it until a reload, then shows it after one', async () => {
  // A site of its own (another origin than the portal's), serving a small page.
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>Partner report</title><h1>Partner report</h1>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  const port = (site.address() as { port: number }).port;
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, 'clientadmin', '/app/dashboard/default');
    await page.getByRole('button', { name: 'Add a dashboard' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Partner report');
    await dialog.getByLabel('Address (URL)').fill(`http://127.0.0.1:${port}/report`);
    await dialog.getByRole('button', { name: 'Add dashboard' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Without a reload: the page's Content-Security-Policy still has the sites it knew.
    await openViewerMenu(page);
    await viewerEntries(page).filter({ hasText: 'Partner report' }).click();
    const alert = page.getByRole('alert').filter({ hasText: "This dashboard can't be shown inside the portal yet." });
    await alert.waitFor();
    assert.equal(
      await alert.getByRole('link', { name: 'Open Partner report in a new tab' }).getAttribute('href'),
      `http://127.0.0.1:${port}/report`,
    );
    await alert.getByRole('button', { name: 'Reload the page' }).click();
    await page.frameLocator('iframe[title="Dashboard: Partner report"]').getByRole('heading', { name: 'Partner report' }).waitFor();
  } finally {
    await context.close();
    site.close();
  }
});

test('a viewer link to a url that is not configured shows an explanation, never a frame', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'admin', `/app/viewer/Evil?dashboard_url=${encodeURIComponent('https://evil.example.com/')}`);
  await page.getByRole('heading', { name: 'This dashboard is not available' }).waitFor();
  assert.equal(await page.locator('iframe').count(), 0);
  await context.close();
});

test('with 15-second tokens, API calls keep succeeding for 45 seconds', async () => {
  const { context, page } = await newPage(browser);
  const answers: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${baseUrl}/api/`)) answers.push({ url: response.url(), status: response.status() });
  });
  let refreshes = 0;
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      request.url().endsWith('/protocol/openid-connect/token') &&
      request.postData()?.includes('grant_type=refresh_token')
    )
      refreshes += 1;
  });
  await signIn(page, 'admin');
  await topLevelMenu(page);
  await page.getByRole('button', { name: 'Layout settings' }).click();
  const boxLayout = page.getByLabel('Box layout');
  // Each change is saved to the API (debounced): one call every few seconds for 45 seconds.
  const start = Date.now();
  let saves = 0;
  while (Date.now() - start < 45_000) {
    await boxLayout.click();
    const saved = await page.waitForResponse(
      (response) => response.url().endsWith('/api/me/layout-settings') && response.request().method() === 'PUT',
      { timeout: 10_000 },
    );
    assert.equal(saved.status(), 200);
    saves += 1;
    await page.waitForTimeout(4_000);
  }
  assert.ok(saves >= 8, `${saves} saves`);
  assert.ok(refreshes >= 2, `${refreshes} token refreshes`);
  // A 401 is retried after a refresh; "no layout saved yet" (404 at sign-in, when this file runs
  // on its own before admin ever saved one) is an answer, not a failure.
  const failed = answers.filter(
    (answer) => answer.status >= 400 && answer.status !== 401 && !(answer.status === 404 && answer.url.endsWith('/api/me/layout-settings')),
  );
  assert.deepEqual(failed, []);
  await context.close();
});

test('an unreachable API shows an error in the page with a retry, not a blank screen', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'admin');
  await topLevelMenu(page);
  await page.route(`${baseUrl}/api/**`, (route) => route.abort('connectionrefused'));
  await page.locator('nav[aria-label="Main"] a', { hasText: 'Dashboard' }).first().click();
  const alert = page.getByRole('alert').filter({ hasText: 'The dashboards could not be loaded' });
  await alert.waitFor();
  await page.unroute(`${baseUrl}/api/**`);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('table').waitFor();
  assert.ok((await page.getByRole('row').count()) > 1);
  await context.close();
});

/** A stand-in for Mixpanel's ingestion API that records the events it receives. */
function startCollector(port: number): Promise<{ server: Server; events: { event: string; properties: Record<string, unknown> }[] }> {
  const events: { event: string; properties: Record<string, unknown> }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
      response.setHeader('access-control-allow-credentials', 'true');
      response.setHeader('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '*');
      if (request.method === 'POST' && (request.url ?? '').startsWith('/track')) {
        const data = new URLSearchParams(body).get('data') ?? body;
        let decoded: unknown;
        try {
          decoded = JSON.parse(data);
        } catch {
          decoded = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
        }
        for (const item of Array.isArray(decoded) ? decoded : [decoded]) events.push(item as (typeof events)[number]);
      }
      response.end('1');
    });
  });
  return new Promise((resolve) => server.listen(port, 'localhost', () => resolve({ server, events })));
}

test('analytics events reach the configured collector', async () => {
  const collector = await startCollector(analyticsCollectorPort);
  try {
    const { context, page } = await newPage(browser);
    await signIn(page, 'business');
    await topLevelMenu(page);
    await page.locator('nav[aria-label="Main"] a', { hasText: 'Home' }).first().click();
    const deadline = Date.now() + 20_000;
    const names = () => collector.events.map((event) => event.event);
    while (Date.now() < deadline && !(names().includes('Page View') && names().includes('Menu Item Clicked'))) {
      await page.waitForTimeout(500);
    }
    const pageView = collector.events.find((event) => event.event === 'Page View');
    assert.ok(pageView, `events received: ${names().join(', ')}`);
    assert.equal(pageView.properties.path, '/app/home');
    assert.deepEqual(pageView.properties.roles, ['user', 'Client-dataworks-business-users']);
    const click = collector.events.find((event) => event.event === 'Menu Item Clicked');
    assert.deepEqual({ title: click?.properties.title, url: click?.properties.url }, { title: 'Home', url: '/app/home' });
    await context.close();
  } finally {
    collector.server.close();
  }
});
