// Developer Settings end to end: `product` creates an endpoint in API Creator (SQL with two
// parameters), runs it, publishes it; creates a key in API Management and reads its secret,
// shown once; calls the endpoint as any HTTP client would (JSON, CSV, NDJSON, a bad parameter,
// no key); and finds the calls in the usage view.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { checkPage, isBlocking } from '../a11yReport';
import { baseUrl, launch, newPage, signIn } from '../support';

let browser: Browser;
let page: Page;
const name = `e2e_orders_${Date.now().toString(36)}`;
let secret = '';

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  await signIn(page, 'product', '/app/api-creator');
});
after(async () => {
  await browser.close();
});

/** axe on the screen as it is now (the accessibility gate sees these pages empty only). */
async function assertAccessible(route: string): Promise<void> {
  const blocking = (await checkPage(page, { account: 'product', layout: 'default', route })).filter(isBlocking);
  assert.deepEqual(blocking, [], `${route}: ${blocking.map((finding) => `${finding.rule} ${finding.example}`).join('; ')}`);
}

const call = (path: string, key?: string) => fetch(`${baseUrl}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });

test('product creates, runs and publishes an endpoint', async () => {
  await page.getByRole('heading', { level: 1, name: 'API Creator' }).waitFor();
  await page.getByRole('button', { name: 'New endpoint' }).click();
  const form = page.getByRole('form', { name: 'New endpoint' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Description', { exact: true }).fill('Orders of one country, end to end.');
  await form
    .getByLabel('SQL', { exact: true })
    .fill(
      'SELECT SHIPPING_COUNTRY AS country, STATUS AS status, COUNT(*) AS orders\nFROM RAW_SHOP.ORDERS\nWHERE SHIPPING_COUNTRY = {{country}}\nGROUP BY 1, 2\nHAVING COUNT(*) >= {{min_orders}}\nORDER BY orders DESC',
    );
  await form.getByRole('button', { name: 'Add parameter' }).click();
  await form.getByLabel('Name of parameter 2').fill('min_orders');
  await form.getByLabel('Type of parameter min_orders').selectOption('integer');
  await form.getByLabel('Default of parameter min_orders').fill('1');
  await form.getByLabel('Minimum of parameter min_orders').fill('1');
  await form.getByRole('button', { name: 'Create endpoint' }).click();
  await page.getByRole('heading', { name: `Endpoint ${name}` }).waitFor({ timeout: 20_000 });

  const run = page.getByRole('form', { name: 'Run the query' });
  await run.getByLabel(/^country/).fill('DE');
  await run.getByRole('button', { name: 'Run' }).click();
  await run
    .getByRole('status')
    .filter({ hasText: /rows?.* ms/ })
    .waitFor({ timeout: 20_000 });
  assert.ok(await run.getByRole('table', { name: 'Result preview' }).isVisible());

  await page.getByRole('button', { name: 'Publish v1' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `v1 is published at /api/data/v1/${name}` })
    .waitFor({ timeout: 20_000 });
  // The documentation lists it with its parameters.
  await page.getByRole('heading', { name: `GET /api/data/v1/${name}` }).waitFor({ timeout: 20_000 });
  await assertAccessible('/app/api-creator?endpoint=… (editor, preview, versions)');
});

test('product creates a key and reads its secret once', async () => {
  await page.goto(`${baseUrl}/app/api-management`);
  await page.getByRole('heading', { level: 1, name: 'API Management' }).waitFor();
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Name', { exact: true }).fill(`e2e key ${name}`);
  await dialog.getByLabel(name).check();
  await assertAccessible('/app/api-management (create key dialog)');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const field = page.getByLabel('API key', { exact: true });
  await field.waitFor({ timeout: 20_000 });
  secret = await field.inputValue();
  await assertAccessible('/app/api-management (secret shown once)');
  assert.match(secret, /^dw_live_[a-z0-9]{10}_/);
  await page.getByRole('button', { name: 'I have stored the key' }).click();
  assert.equal(await page.getByLabel('API key', { exact: true }).count(), 0);
  await page.getByRole('rowheader', { name: `e2e key ${name}` }).waitFor();
});

test('the endpoint answers key holders in JSON, CSV and NDJSON, and refuses bad input', async () => {
  const json = await call(`/api/data/v1/${name}?country=DE&min_orders=1`, secret);
  assert.equal(json.status, 200);
  assert.ok(json.headers.get('ratelimit-limit'));
  const body = (await json.json()) as { data: { country: string }[]; meta: { columns: string[] } };
  assert.deepEqual(body.meta.columns, ['country', 'status', 'orders']);
  assert.ok(body.data.length > 0 && body.data.every((row) => row.country === 'DE'));

  const csv = await call(`/api/data/v1/${name}.csv?country=DE`, secret);
  assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
  assert.equal((await csv.text()).split('\n')[0], 'country,status,orders');
  const ndjson = await call(`/api/data/v1/${name}.ndjson?country=DE`, secret);
  const first = (await ndjson.text()).split('\n')[0] ?? '';
  assert.equal((JSON.parse(first) as { country: string }).country, 'DE');

  const bad = await call(`/api/data/v1/${name}?country=DE&min_orders=0`, secret);
  assert.equal(bad.status, 400);
  assert.equal(((await bad.json()) as { field: string }).field, 'min_orders');
  const missing = await call(`/api/data/v1/${name}`, secret);
  assert.equal(missing.status, 400);
  assert.equal(((await missing.json()) as { field: string }).field, 'country');
  assert.equal((await call(`/api/data/v1/${name}?country=DE`)).status, 401);
});

test('the calls show in usage', async () => {
  const breakdown = page.getByRole('table', { name: 'Usage per endpoint and key' });
  // Usage is written just after each answer, in batches of a second.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await page.getByRole('button', { name: 'Refresh' }).click();
    if (
      await breakdown
        .getByRole('rowheader', { name })
        .isVisible()
        .catch(() => false)
    )
      break;
    await page.waitForTimeout(1000);
  }
  const row = breakdown.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await row.waitFor({ timeout: 20_000 });
  const text = await row.textContent();
  assert.match(text ?? '', /200: 3/);
  assert.match(text ?? '', /400: 2/);
  await page.getByRole('img', { name: /Calls per hour/ }).waitFor();
  await assertAccessible('/app/api-management (usage)');
});
