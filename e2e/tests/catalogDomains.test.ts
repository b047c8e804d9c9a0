// Issue "Catalog, advanced" (organisation and cost): an exposure shows its build cost (the
// sample warehouse's query history carries the sample dbt project's builds); docs creates a data
// product, finds it in the menu and sees its objective judged with the reason; the Domain page
// lists the domains and the models nobody read in 30 days with their build cost.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, signIn } from '../support';

const EXPOSURE = 'exposure.dataworks_demo.order_status_emails';
const PRODUCT = 'Order e-mails (browser test)';

let browser: Browser;
let page: Page;

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, 1440, 900));
  await signIn(page, 'docs', '/app/data-catalog/domain');
});
after(async () => {
  await browser.close();
});

/** On a first start the usage copy may still be filling: the page says so and is opened again. */
async function openUntil(path: string, ready: () => Promise<boolean>, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(`${baseUrl}${path}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${path} did not show what was expected in time`);
    await page.waitForTimeout(3000);
  }
}

test('an exposure shows its build cost', async () => {
  const costPanel = page.getByRole('region', { name: 'Build cost' });
  await openUntil(`/app/data-catalog/assets/${encodeURIComponent(EXPOSURE)}`, async () =>
    costPanel
      .getByText(/to build its \d+ upstream models over the last 30 days/)
      .waitFor({ timeout: 30_000 })
      .then(
        () => true,
        () => false,
      ),
  );
  const text = (await costPanel.textContent()) ?? '';
  const amount = Number(/\$([\d,.]+) to build its/.exec(text)?.[1]?.replaceAll(',', '') ?? 'NaN');
  assert.ok(amount > 0, `a build cost above zero (${text})`);
  await costPanel.getByRole('img', { name: /Build cost of its \d+ upstream models per day/ }).waitFor();
});

test('docs creates a data product; the menu lists it and its page says why the objective is not met', async () => {
  await page.goto(`${baseUrl}/app/data-catalog/products`);
  await page.getByRole('heading', { level: 1, name: 'Data Products' }).waitFor();
  await page.getByRole('button', { name: 'New data product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New data product' });
  await dialog.getByLabel('Name').fill(PRODUCT);
  assert.doesNotMatch((await dialog.textContent()) ?? '', /my_project/);
  // An owner the catalog does not list is used as typed.
  await dialog.getByRole('combobox', { name: 'Owner' }).fill('Shop engineering');
  await dialog.getByRole('option', { name: /Shop engineering/ }).click();
  // Assets by name: the picker sends their ids.
  const assets = dialog.getByRole('combobox', { name: 'Assets and exposures' });
  await assets.fill('fct_orders');
  await dialog.getByRole('option', { name: /^fct_orders\s*model/ }).click();
  await assets.fill('order_status');
  await dialog.getByRole('option', { name: /^order_status_emails\s*exposure/ }).waitFor();
  await assets.press('ArrowDown');
  await dialog.getByRole('option', { name: /^order_status_emails\s*exposure/, selected: true }).waitFor();
  await assets.press('Enter');
  const chosen = dialog.getByRole('list', { name: 'Chosen: Assets and exposures' });
  assert.match((await chosen.textContent()) ?? '', /fct_orders.*order_status_emails/);
  await dialog.getByLabel('Tests passing at least (%)').fill('100');
  await dialog.getByRole('button', { name: 'Create' }).click();

  await page.getByRole('heading', { level: 1, name: PRODUCT }).waitFor({ timeout: 20_000 });
  const objective = page.getByRole('region', { name: 'Objective' });
  await objective.getByText('not_null_fct_orders_customer_id').waitFor();
  assert.match((await objective.textContent()) ?? '', /Not met/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: PRODUCT }).waitFor();
  await page.getByRole('region', { name: 'Assets and exposures' }).getByRole('link', { name: 'order_status_emails' }).waitFor();
});

test('docs places an asset in a domain by its name, and hands it back to the dbt rule', async () => {
  await page.goto(`${baseUrl}/app/data-catalog/domain`);
  const form = page.getByRole('form', { name: 'Place an asset in a domain' });
  assert.doesNotMatch((await form.textContent()) ?? '', /my_project|unique id/);
  await form.getByRole('combobox', { name: 'Asset' }).fill('dim_customers');
  await form.getByRole('option', { name: /^dim_customers\s*model/ }).click();
  await form.getByRole('combobox', { name: 'Domain' }).fill('browser-test domain');
  await form.getByRole('option', { name: /browser-test domain/ }).click();
  await form.getByRole('button', { name: 'Place' }).click();
  await form.getByText('dim_customers is now in browser-test domain.').waitFor();
  await page.getByRole('region', { name: 'browser-test domain' }).getByRole('link', { name: 'dim_customers' }).waitFor();
  await form.getByRole('button', { name: 'Remove browser-test domain' }).click();
  await form.getByRole('button', { name: 'Place' }).click();
  await form.getByText('dim_customers follows the dbt rule again.').waitFor();
});

test('the Domain page lists the domains and the models nobody read in 30 days with their build cost', async () => {
  await page.goto(`${baseUrl}/app/data-catalog/domain`);
  await page.getByRole('heading', { level: 1, name: 'Domains' }).waitFor();
  await page.getByRole('region', { name: 'sales' }).waitFor();
  const unread = page.getByRole('region', { name: 'Models nobody read in 30 days' });
  await unread.getByRole('table').waitFor({ timeout: 60_000 });
  assert.ok((await unread.getByRole('row').count()) >= 2, 'at least one unread model with its header');
});
