// Issue "Warehouse": admin opens each Optimize and User Management page and sees figures that
// match a direct query of the sample data; lite (Lite edition) is refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, dataDir, launch, newPage, signIn } from '../support';
import { openSampleCopy, type SampleReader } from '../warehouseSample';

let browser: Browser;
let page: Page;
let sample: SampleReader;
let range: { from: string; to: string };

/** "9,398.46" → 9398.46; "$1,848.46" → 1848.46. */
const numberIn = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));
// Row headers (th) and cells (td), in column order.
const cells = (row: ReturnType<Page['getByRole']>) => row.locator('th, td').allTextContents();
const whole = () => `from=${range.from}&to=${range.to}`;
const rangeWhere = 'START_TIME >= CAST(? AS DATE) AND START_TIME < CAST(? AS DATE) + INTERVAL 1 DAY';

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, 1600, 1000));
  await signIn(page, 'admin', '/app/snowflake/cost');
  await page.getByRole('heading', { level: 1, name: 'Cost' }).waitFor();
  await page
    .getByText(/Data from \d{4}-\d{2}-\d{2}/)
    .first()
    .waitFor();
  const info = await page.evaluate(() => document.body.innerText);
  const match = /Data from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(info);
  assert.ok(match, 'the page states the data range');
  range = { from: match[1]!, to: match[2]! };
  // The pages open on this month so far; these checks read the whole sample, named in the address.
  await page.goto(`${baseUrl}/app/snowflake/cost?${whole()}`);
  await page.getByRole('table', { name: /^Spend by service, / }).waitFor();
  sample = await openSampleCopy(dataDir, 'acme');
});
after(async () => {
  sample?.close();
  await browser.close();
});

test('Cost: compute credits by service match the metering history', async () => {
  const [direct] = await sample.rows(
    `SELECT SUM(CREDITS_USED_COMPUTE)::DOUBLE AS C FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY WHERE ${rangeWhere}`,
    [range.from, range.to],
  );
  const table = page.getByRole('table', { name: /^Spend by service, / });
  const [, credits] = await cells(table.getByRole('row', { name: /^Compute\b/ }));
  assert.ok(Math.abs(numberIn(credits ?? null) - Number(direct?.C)) < 0.01, `page ${credits}, data ${direct?.C}`);
  assert.ok(await page.getByText('Sample data').first().isVisible());
});

test("Warehouses: each warehouse's credits match the metering history", async () => {
  await page.goto(`${baseUrl}/app/snowflake/warehouses?${whole()}`);
  const table = page.getByRole('table', { name: 'Warehouses: settings and usage' });
  await table.waitFor();
  const direct = await sample.rows(
    `SELECT WAREHOUSE_NAME AS W, SUM(CREDITS_USED_COMPUTE)::DOUBLE AS C FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY WHERE ${rangeWhere} GROUP BY 1`,
    [range.from, range.to],
  );
  assert.ok(direct.length >= 4);
  const header = await table.getByRole('columnheader').allTextContents();
  const creditsColumn = header.findIndex((text) => text.startsWith('Credits'));
  for (const { W, C } of direct) {
    const row = await cells(table.getByRole('row', { name: new RegExp(`^${String(W)}\\b`) }));
    assert.ok(Math.abs(numberIn(row[creditsColumn] ?? null) - Number(C)) < 0.01, `${String(W)}: page ${row[creditsColumn]}, data ${C}`);
  }
  assert.ok((await page.getByRole('table', { name: 'Warehouse recommendations' }).getByRole('row').count()) > 1);
});

test('Queries: the slowest query and remote spilling match the query history', async () => {
  await page.goto(`${baseUrl}/app/snowflake/queries?${whole()}`);
  const [slowest] = await sample.rows(
    `SELECT QUERY_ID FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE ${rangeWhere} ORDER BY TOTAL_ELAPSED_TIME DESC LIMIT 1`,
    [range.from, range.to],
  );
  const slow = page.getByRole('table', { name: /^Slowest queries/ });
  await slow.waitFor();
  const firstRow = slow.getByRole('row').nth(1);
  assert.match((await firstRow.textContent()) ?? '', new RegExp(String(slowest?.QUERY_ID)));
  const spills = await sample.rows(
    `SELECT WAREHOUSE_NAME AS W, COUNT(*)::INTEGER AS N FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE ${rangeWhere} AND BYTES_SPILLED_TO_REMOTE_STORAGE > 0 GROUP BY 1`,
    [range.from, range.to],
  );
  assert.ok(spills.length > 0, 'the sample has a spilling pattern');
  const byWarehouse = page.getByRole('table', { name: 'Spilling by warehouse' });
  const header = await byWarehouse.getByRole('columnheader').allTextContents();
  const column = header.findIndex((text) => text.startsWith('Queries spilling remotely'));
  for (const { W, N } of spills) {
    const row = await cells(byWarehouse.getByRole('row', { name: new RegExp(`^${String(W)}\\b`) }));
    assert.equal(numberIn(row[column] ?? null), Number(N), `${String(W)} spilling queries`);
  }
});

test('Users: the dormant holders of powerful roles are the ones in the data', async () => {
  await page.goto(`${baseUrl}/app/snowflake/users?${whole()}`);
  const table = page.getByRole('table', { name: 'Dormant users holding powerful roles' });
  await table.waitFor();
  const direct = await sample.rows(
    `SELECT DISTINCT u.NAME AS N FROM ACCOUNT_USAGE.USERS u JOIN ACCOUNT_USAGE.GRANTS_TO_USERS g ON g.GRANTEE_NAME = u.NAME AND g.DELETED_ON IS NULL
     WHERE u.DELETED_ON IS NULL AND g.ROLE IN ('ACCOUNTADMIN', 'SECURITYADMIN', 'SYSADMIN')
       AND (u.LAST_SUCCESS_LOGIN IS NULL OR u.LAST_SUCCESS_LOGIN < CAST(? AS DATE) + INTERVAL 1 DAY - INTERVAL 90 DAY) ORDER BY 1`,
    [range.to],
  );
  const rows = await table.getByRole('row').all();
  const shown = (await Promise.all(rows.slice(1).map(async (row) => (await cells(row))[0] ?? ''))).sort();
  assert.ok(direct.length > 0, 'the sample has dormant admins');
  assert.deepEqual(shown, direct.map((row) => String(row.N)).sort());
});

test("User Management: the users and roles lists hold the account's users and roles", async () => {
  await page.goto(`${baseUrl}/app/management/users`);
  const users = page.getByRole('table', { name: 'Warehouse users' });
  await users.waitFor();
  const [count] = await sample.rows('SELECT COUNT(*)::INTEGER AS N FROM ACCOUNT_USAGE.USERS WHERE DELETED_ON IS NULL');
  assert.match(await page.evaluate(() => document.body.innerText), new RegExp(`of ${String(count?.N)}\\b`));
  await page.goto(`${baseUrl}/app/management/roles`);
  const roles = page.getByRole('table', { name: 'Warehouse roles' });
  await roles.waitFor();
  const [roleCount] = await sample.rows('SELECT COUNT(*)::INTEGER AS N FROM ACCOUNT_USAGE.ROLES WHERE DELETED_ON IS NULL');
  assert.match(await page.evaluate(() => document.body.innerText), new RegExp(`of ${String(roleCount?.N)}\\b`));
});

test('Usage copy: the pages say how current their figures are; an admin syncs now and watches it finish', async () => {
  await page.goto(`${baseUrl}/app/snowflake/queries?${whole()}`);
  const bar = page.getByRole('region', { name: 'Usage data' });
  await bar.getByText('Data as of').waitFor();
  await bar.getByText('Sync history and cost').click();
  const history = bar.getByRole('table', { name: 'Recent usage syncs' });
  const before = await history.getByRole('row').count();
  assert.match(await history.innerText(), /Backfill/);
  await bar.getByRole('button', { name: 'Sync now' }).click();
  // The job's progress comes over the live channel; when it ends the button is back and the history grows.
  await bar.getByRole('button', { name: 'Sync now' }).waitFor({ state: 'visible', timeout: 60_000 });
  let rows = before;
  for (let attempt = 0; attempt < 120 && rows <= before; attempt += 1) {
    await page.waitForTimeout(500);
    rows = await history.getByRole('row').count();
  }
  assert.ok(rows > before, 'the finished sync joins the history');
  assert.match(await history.innerText(), /Incremental/);
  // The Queries list still pages on the server after the sync.
  await page
    .getByRole('navigation', { name: 'More most expensive queries' })
    .getByText(/^Queries 1–100 of [\d,]+$/)
    .waitFor();
});

test('lite is refused the Optimize and User Management pages', async () => {
  const { context, page: litePage } = await newPage(browser);
  await signIn(litePage, 'lite');
  for (const path of [
    '/app/snowflake/cost',
    '/app/snowflake/queries',
    '/app/snowflake/warehouses',
    '/app/snowflake/users',
    '/app/management/users',
    '/app/management/roles',
  ]) {
    await litePage.goto(`${baseUrl}${path}`);
    await litePage.locator('#dw-user-menu').waitFor();
    assert.notEqual(new URL(litePage.url()).pathname, path, `${path} must not open for lite`);
  }
  const menu = await litePage.locator('nav[aria-label="Main"] .dw-nav-list > li > .dw-nav-link .dw-nav-text').allTextContents();
  assert.ok(!menu.includes('Optimize') && !menu.includes('User Management'));
  await context.close();
});
