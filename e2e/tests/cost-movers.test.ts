// "Why did my bill go up?" in the browser: an admin opens Cost on this month so far, sees the top
// movers against the same days of last month (the warehouse figure as the sample data has it),
// follows a warehouse to its queries and finds Queries filtered to it, then a dbt model.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { checkPage, isBlocking } from '../a11yReport';
import { baseUrl, dataDir, launch, newPage, signIn } from '../support';
import { openSampleCopy, type SampleReader } from '../warehouseSample';

let browser: Browser;
let page: Page;
let sample: SampleReader;

/** "$1,848.46" → 1848.46. */
const numberIn = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

/** The movers filled in pass axe (the route-by-route gate may see them before their data). */
async function assertAccessible(step: string): Promise<void> {
  const blocking = (await checkPage(page, { account: 'admin', layout: 'default', route: `cost movers: ${step}` })).filter(isBlocking);
  assert.equal(blocking.length, 0, blocking.map((finding) => `${finding.rule} (${finding.impact}): ${finding.example}`).join('\n'));
}

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, 1440, 1000));
  await signIn(page, 'admin', '/app/snowflake/cost');
  await page.getByRole('heading', { level: 1, name: 'Cost' }).waitFor();
  sample = await openSampleCopy(dataDir, 'acme');
});
after(async () => {
  sample?.close();
  await browser.close();
});

test('Cost opens on this month so far and leads with the top movers; a warehouse leads to its queries', async () => {
  const form = page.getByRole('form', { name: 'Date range' });
  await form.waitFor();
  assert.equal(await form.getByLabel('Period').inputValue(), 'thisMonth');
  const from = await form.getByLabel('From').inputValue();
  const to = await form.getByLabel('To').inputValue();
  assert.equal(from.slice(8), '01');

  const movers = page.getByRole('region', { name: 'Top movers' });
  const warehouses = movers.getByRole('table', { name: 'Top movers: warehouses' });
  await warehouses.waitFor();
  assert.match(await movers.getByLabel('Bill against the previous period').innerText(), /against .* from \d{4}-\d{2}-01 to/);
  const first = warehouses.getByRole('row').nth(1);
  const name = (await first.getByRole('rowheader').innerText()).trim();
  const [now] = await first.getByRole('cell').allTextContents();
  // Metered compute × the price per credit (the portal's default, 3.00 USD, as the e2e run keeps it).
  const [direct] = await sample.rows(
    `SELECT SUM(CREDITS_USED_COMPUTE)::DOUBLE * 3 AS COST FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
     WHERE WAREHOUSE_NAME = ? AND START_TIME >= CAST(? AS DATE) AND START_TIME < CAST(? AS DATE) + INTERVAL 1 DAY`,
    [name, from, to],
  );
  assert.ok(Math.abs(numberIn(now ?? null) - Number(direct?.COST)) < 0.01, `page ${now}, data ${direct?.COST}`);
  await page.getByLabel('Spend figures').waitFor();
  await assertAccessible('cost page with the top movers');

  await first.getByRole('link', { name }).click();
  await page.waitForURL(new RegExp(`/app/snowflake/queries\\?from=${from}&to=${to}&warehouse=${name}$`));
  const filters = page.getByRole('form', { name: 'Query filters' });
  assert.equal(await filters.getByLabel('Warehouse').inputValue(), name);
  const expensive = page.getByRole('table', { name: 'Most expensive queries' });
  await expensive.getByRole('row').nth(1).waitFor();
  const shown = await expensive.getByRole('row').count();
  assert.ok(shown > 1, 'the warehouse has queries');
  await assertAccessible('queries filtered to a warehouse');
  for (let index = 1; index < Math.min(shown, 20); index += 1) {
    const cells = await expensive.getByRole('row').nth(index).getByRole('cell').allTextContents();
    assert.ok(cells[cells.length - 1]?.startsWith(name), `row ${index} ran on ${cells[cells.length - 1]}, not ${name}`);
  }
});

test('a dbt model mover opens Queries filtered to its build statements, and says so', async () => {
  await page.goto(`${baseUrl}/app/snowflake/cost`);
  const models = page.getByRole('region', { name: 'Top movers' }).getByRole('table', { name: 'Top movers: dbt models' });
  await models.waitFor();
  const link = models.getByRole('row').nth(1).getByRole('rowheader').getByRole('link').first();
  await link.click();
  await page.waitForURL(/\/app\/snowflake\/queries\?.*model=model\./);
  const model = new URL(page.url()).searchParams.get('model') ?? '';
  const notice = page.getByLabel('Linked filters');
  await notice.waitFor();
  assert.match(await notice.innerText(), new RegExp(`dbt model ${model.replace(/\./g, '\\.')}`));
  const expensive = page.getByRole('table', { name: 'Most expensive queries' });
  await expensive.getByRole('row').nth(1).waitFor();
  const text = await expensive.getByRole('row').nth(1).getByRole('link').first().getAttribute('title');
  assert.ok(text, 'the first query has its text');
});
