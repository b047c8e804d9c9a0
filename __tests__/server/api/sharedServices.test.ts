// The live channel and the job API as the running portal serves them (the real process, real
// tokens): every area's pages rely on both being wired in. And the browser app's files, with
// the cache headers the pages' loading depends on.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { startPortal, type RunningPortal } from './portalServer';

let portal: RunningPortal;

beforeAll(async () => {
  portal = await startPortal();
}, 120_000);

// Stopping a whole portal (its job runner, stores and child processes) can take longer than a hook's default 5 s on a busy machine.
afterAll(() => portal?.stop(), 60_000);

it('refuses the live channel without a token', async () => {
  const answer = await fetch(`${portal.baseUrl}/api/live`);
  expect(answer.status).toBe(401);
  await answer.body?.cancel();
});

it('opens the live channel as an event stream for a signed-in user', async () => {
  const token = await portal.token('clientadmin');
  const controller = new AbortController();
  const answer = await fetch(`${portal.baseUrl}/api/live`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/event-stream');
  expect(answer.headers.get('cache-control')).toContain('no-store');
  controller.abort();
  await answer.body?.cancel().catch(() => undefined);
});

it('answers 404 for a job that does not exist, and 400 for an id that is not one', async () => {
  const token = await portal.token('clientadmin');
  expect((await portal.api('GET', `/api/jobs/${randomUUID()}`, { token })).status).toBe(404);
  const bad = await portal.api('GET', '/api/jobs/not-an-id', { token });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ field: 'id' });
  expect((await portal.api('POST', `/api/jobs/${randomUUID()}/cancel`, { token })).status).toBe(404);
});

it('serves hashed assets as immutable (and loadable by sandboxed dashboard frames), other files revalidated', async () => {
  const asset = (await fs.readdir(path.join(process.cwd(), '__tests__', 'server', 'fixtures', 'dist', 'assets'))).find((name) =>
    name.endsWith('.js'),
  );
  expect(asset).toBeDefined();
  const hashed = await fetch(`${portal.baseUrl}/assets/${asset ?? ''}`);
  expect(hashed.status).toBe(200);
  expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(hashed.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  await hashed.body?.cancel();
  const page = await fetch(`${portal.baseUrl}/app/home`);
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  expect(await page.text()).toContain('<html');
  const missing = await fetch(`${portal.baseUrl}/assets/nothing.0000000000.js`);
  expect(missing.status).toBe(404);
  await missing.body?.cancel();
});

it('answers every kind of app route with the app on reload, including ids that end in ".name"; only missing build files 404', async () => {
  // (An unknown /api route is not among them: without a token it is refused before it is looked for.)
  const pages = [
    '/app/home',
    '/app/data-catalog/assets/source.acme_shop.shop.orders',
    '/app/data-catalog/assets/model.acme_shop.orders',
    '/app/data-catalog/assets/model.acme_sales.dim_customers.v2',
    '/app/data-catalog/lineage?focus=model.acme_shop.orders',
    '/app/exposures/exposure.acme_shop.revenue',
    '/app/integrations/manage-connectors?connection=00000000-0000-4000-8000-000000000000',
    '/app/support/tickets/12',
    '/app/Data-Catalog/some.thing/else.v1',
    '/login',
  ];
  for (const page of pages) {
    const answer = await fetch(`${portal.baseUrl}${page}`);
    expect({ page, status: answer.status, type: answer.headers.get('content-type') }).toEqual({
      page,
      status: 200,
      type: expect.stringContaining('text/html'),
    });
    await answer.body?.cancel();
  }
  for (const file of ['/assets/nothing.0000000000.js', '/favicon-missing.ico']) {
    const answer = await fetch(`${portal.baseUrl}${file}`);
    expect({ file, status: answer.status }).toEqual({ file, status: 404 });
    await answer.body?.cancel();
  }
});
