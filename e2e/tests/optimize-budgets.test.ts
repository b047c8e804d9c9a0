// Optimize budgets and range presets in the browser: an admin adds a budget below this month's
// spend, sees it exceeded, and finds the alert in the notifications inbox; a range preset
// changes the range in the address and on the page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, signIn } from '../support';

let browser: Browser;
let page: Page;

// The panel (its table's scroll area, when the window is narrow, carries the same name).
const budgetsPanel = () => page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Budgets' }) });

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, 1600, 1000));
  await signIn(page, 'admin', '/app/snowflake/cost');
  await page.getByRole('heading', { level: 1, name: 'Cost' }).waitFor();
});
after(async () => {
  await browser.close();
});

test('an admin adds a budget below this month\'s spend, sees it exceeded, and gets the alert', async () => {
  const name = `Tiny budget ${Date.now()}`;
  const budgets = budgetsPanel();
  await budgets.getByRole('button', { name: 'Add a budget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a budget' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Watches').selectOption('account');
  await dialog.getByLabel('Amount per month (USD)').fill('0.01');
  await dialog.getByRole('button', { name: 'Add budget' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = budgets.getByRole('table', { name: 'Budgets' }).getByRole('row', { name: new RegExp(name) });
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /Exceeded/);

  await page.goto(`${baseUrl}/app/notifications`);
  const notice = page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: new RegExp(`Budget "${name}" exceeded`) });
  await notice.waitFor();
  await notice.click();
  await page.waitForURL(/\/app\/snowflake\/cost\?panel=budgets/);
  await budgetsPanel().getByRole('table', { name: 'Budgets' }).waitFor();

  // Tidy up: the budget goes, after asking.
  await page.getByRole('button', { name: `Delete budget ${name}` }).click();
  await page.getByRole('dialog', { name: `Delete budget ${name}?` }).getByRole('button', { name: 'Delete budget' }).click();
  await budgetsPanel().getByRole('row', { name: new RegExp(name) }).waitFor({ state: 'detached' });
});

test('a range preset changes the range in the address and the figures', async () => {
  await page.goto(`${baseUrl}/app/snowflake/cost`);
  const form = page.getByRole('form', { name: 'Date range' });
  await form.waitFor();
  const before = await page.getByLabel('Spend figures').textContent();
  await form.getByLabel('Period').selectOption('last7');
  await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  const url = new URL(page.url());
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  assert.ok(days >= 1 && days <= 7, `${from} to ${to}`);
  await page.getByLabel('Spend figures').getByText(`${from} to ${to}`).waitFor();
  assert.notEqual(await page.getByLabel('Spend figures').textContent(), before);
  assert.equal(await page.getByRole('form', { name: 'Date range' }).getByLabel('Period').inputValue(), 'last7');
});
