// Column lineage and impact analysis in the browser, on the sample dbt project as a first start
// ingests it: the impact of changing a raw source column reaches the models that compute from it,
// the exposure that uses them and the data-API endpoint that reads the table itself; a usage
// source's column reaches the Viewer dashboard its exposure points at. The report is linkable,
// downloads as CSV, and passes the accessibility check with the impact section open, as does the
// lineage graph's column view.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { checkPage, isBlocking } from '../a11yReport';
import { baseUrl, launch, newPage, signIn } from '../support';

let browser: Browser;
let page: Page;

const ORDERS_SOURCE = 'source.dataworks_demo.shop.orders';
const METERING_SOURCE = 'source.dataworks_demo.snowflake_account_usage.warehouse_metering_history';
const assetPath = (uniqueId: string) => `/app/data-catalog/assets/${encodeURIComponent(uniqueId)}`;

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, 1440, 900));
  await signIn(page, 'admin', '/app/data-catalog/settings');
});
after(async () => {
  await browser.close();
});

async function assertAccessible(route: string): Promise<void> {
  const blocking = (await checkPage(page, { account: 'admin', layout: 'default', route })).filter(isBlocking);
  assert.deepEqual(blocking, [], `${route}: ${blocking.map((finding) => `${finding.rule} ${finding.example}`).join('; ')}`);
}

/** The impact section's group of this title (its heading ends with the count). */
const group = (title: string) =>
  page
    .getByRole('region', { name: 'Impact report' })
    .locator('div.mb-3')
    .filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${title} \\d+$`) }) });

/** Opens an asset page and follows its column's "Impact of changing this column" link. */
async function openColumnImpact(uniqueId: string, column: RegExp): Promise<void> {
  await page.goto(`${baseUrl}${assetPath(uniqueId)}`);
  const table = page.getByRole('table', { name: 'Columns' });
  await table.waitFor();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: column }) });
  await row.getByRole('link', { name: /^Impact of changing this column / }).click();
  await page.waitForURL(/[?&]impact=[^*&]+&depth=5/);
  await page
    .getByRole('region', { name: 'Impact report' })
    .getByText(/^A change to .* reaches /)
    .waitFor({ timeout: 30_000 });
}

test('the sample project’s column lineage is computed (Catalog Settings, coverage)', async () => {
  // The lineage job runs after the first ingestion; the settings page says when no model waits.
  const section = page.getByRole('region', { name: 'Column lineage' });
  const deadline = Date.now() + 180_000;
  for (;;) {
    await section
      .getByText(/^Column lineage: .+ of model columns \(\d+ of \d+\)$/)
      .first()
      .waitFor({ timeout: 30_000 });
    if ((await section.getByText(/none waiting/).count()) > 0) break;
    assert.ok(Date.now() < deadline, `column lineage still pending: ${await section.textContent()}`);
    await page.waitForTimeout(3000);
    await page.reload();
  }
  assert.match((await section.textContent()) ?? '', /dataworks_demo/);
});

test('a change to a raw orders column reaches the models computed from it, their exposure and the endpoint reading the table', async () => {
  await openColumnImpact(ORDERS_SOURCE, /^status$/i);
  // stg_shop__orders lowers it, int_orders__amounts and fct_orders pass it on.
  await group('Columns')
    .getByRole('link', { name: /^stg_shop__orders\.order_status$/i })
    .waitFor();
  await group('Columns')
    .getByRole('link', { name: /^fct_orders\.order_status$/i })
    .waitFor();
  await group('Models and other nodes').getByRole('link', { name: 'fct_orders' }).waitFor();
  // The shop's e-mail service reads fct_orders.
  await group('Exposures').getByRole('link', { name: 'order_status_emails' }).waitFor();
  // orders_by_country reads RAW_SHOP.ORDERS itself.
  const endpoint = group('Data-API endpoints').getByRole('row').filter({ hasText: 'orders_by_country' });
  await endpoint.waitFor();
  assert.match((await endpoint.textContent()) ?? '', /reads orders/);
  await group('Owners to notify').getByRole('listitem').first().waitFor();

  await assertAccessible('/app/data-catalog/assets/:assetId?impact=<column>');

  // The same report as a file, through the API client (the token is never in a URL).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as CSV' }).click()]);
  const csv = await readFile((await download.path()) as string, 'utf8');
  assert.match(csv, /orders_by_country/);
  assert.match(csv, /order_status_emails/);
});

test('the report is a link: opening it again shows the same choice and report', async () => {
  const url = page.url();
  await page.goto(url);
  await page
    .getByRole('region', { name: 'Impact report' })
    .getByText(/^A change to orders\.status reaches /i)
    .waitFor();
  assert.match(await page.getByLabel('What changes').inputValue(), /^status$/i);
  assert.equal(await page.getByLabel('Steps downstream').inputValue(), '5');
});

test('a change to a usage column reaches the Viewer dashboard its exposure points at', async () => {
  await openColumnImpact(METERING_SOURCE, /^credits_used$/i);
  await group('Columns')
    .getByRole('link', { name: /^fct_warehouse_credits_daily\.credits_used$/i })
    .waitFor();
  await group('Exposures').getByRole('link', { name: 'warehouse_credits_dashboard' }).waitFor();
  const dashboard = group('Dashboards').getByRole('link', { name: 'Warehouse credits' });
  await dashboard.waitFor();
  assert.match((await dashboard.getAttribute('href')) ?? '', /^\/app\/viewer\//);
});

test('the lineage graph shows columns, and a column chosen from the list lights its path', async () => {
  await page.goto(`${baseUrl}/app/data-catalog/lineage?focus=${encodeURIComponent('model.dataworks_demo.stg_shop__orders')}`);
  const graph = page.getByRole('group', { name: /^Lineage of / });
  await graph.locator('.react-flow__node').first().waitFor();
  await page.getByRole('button', { name: 'Show columns' }).click();
  await page.getByText(/^\d+ column edges?\./).waitFor({ timeout: 30_000 });
  await page.locator('summary', { hasText: 'stg_shop__orders' }).click();
  const list = page.getByRole('region', { name: 'Columns of the graph' });
  await list.getByRole('button', { name: /^order_status$/i }).click();
  await list.getByRole('button', { name: /^order_status ◆ chosen$/i }).waitFor();
  await page.getByRole('table', { name: /^Column edges on the path of stg_shop__orders\.order_status$/i }).waitFor();
  assert.ok((await graph.locator('.dw-lineage-columns li.is-path').count()) > 0, 'columns on the path are marked in the drawing');
  await assertAccessible('/app/data-catalog/lineage?columns=1');
});
