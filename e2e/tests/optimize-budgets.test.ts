// Optimize budgets and range presets in the browser: an admin adds a budget below this month's
// spend, sees it exceeded, and finds the alert in the notifications inbox; a range preset
// changes the range in the address and on the page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { checkPage, isBlocking } from '../a11yReport';
import { baseUrl, launch, newPage, signIn } from '../support';

let browser: Browser;
let page: Page;

// The panel (its table's scroll area, when the window is narrow, carries the same name).
const budgetsPanel = () => page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Budgets' }) });

/** The panels and dialog the route-by-route gate sees before their data (or never) pass axe filled in too. */
async function assertAccessible(step: string): Promise<void> {
  const blocking = (await checkPage(page, { account: 'admin', layout: 'default', route: `optimize: ${step}` })).filter(isBlocking);
  assert.equal(blocking.length, 0, blocking.map((finding) => `${finding.rule} (${finding.impact}): ${finding.example}`).join('\n'));
}

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, 1600, 1000));
  await signIn(page, 'admin', '/app/snowflake/cost');
  await page.getByRole('heading', { level: 1, name: 'Cost' }).waitFor();
});
after(async () => {
  await browser.close();
});

test("an admin adds a budget below this month's spend, sees it exceeded, and gets the alert", async () => {
  const name = `Tiny budget ${Date.now()}`;
  const budgets = budgetsPanel();
  await budgets.getByRole('button', { name: 'Add a budget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a budget' });
  // A refused field first: the error is at the field, and the dialog passes axe with it.
  await dialog.getByRole('button', { name: 'Add budget' }).click();
  await dialog.getByText('Name the budget.').waitFor();
  await assertAccessible('budget dialog with errors');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Watches').selectOption('account');
  await dialog.getByLabel('Amount per month (USD)').fill('0.01');
  await dialog.getByRole('button', { name: 'Add budget' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = budgets.getByRole('table', { name: 'Budgets' }).getByRole('row', { name: new RegExp(name) });
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /Exceeded/);
  await page.getByRole('table', { name: 'Spend by database' }).waitFor();
  await assertAccessible('cost page with a budget and the spend by database');

  await page.goto(`${baseUrl}/app/notifications`);
  const notice = page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: new RegExp(`Budget "${name}" exceeded`) });
  await notice.waitFor();
  await notice.click();
  await page.waitForURL(/\/app\/snowflake\/cost\?panel=budgets/);
  await budgetsPanel().getByRole('table', { name: 'Budgets' }).waitFor();

  // Tidy up: the budget goes, after asking.
  await page.getByRole('button', { name: `Delete budget ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete budget ${name}?` })
    .getByRole('button', { name: 'Delete budget' })
    .click();
  await budgetsPanel()
    .getByRole('row', { name: new RegExp(name) })
    .waitFor({ state: 'detached' });
});

test('a range preset changes the range in the address and the figures', async () => {
  await page.goto(`${baseUrl}/app/snowflake/cost`);
  const form = page.getByRole('form', { name: 'Date range' });
  await form.waitFor();
  const before = await page.getByLabel('Spend figures').textContent();
  // Last month never coincides with the default (this month to date); the last 7 days do on
  // the 7th of a month.
  await form.getByLabel('Period').selectOption('lastMonth');
  await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  const url = new URL(page.url());
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  assert.ok(days >= 1 && days <= 31 && from.slice(0, 7) === to.slice(0, 7), `${from} to ${to}`);
  assert.ok(to < `${new Date().toISOString().slice(0, 8)}01`, `${to} is before this month`);
  // The range is named in each figure's note (more than one of them): the first is enough.
  await page.getByLabel('Spend figures').getByText(`${from} to ${to}`).first().waitFor();
  assert.notEqual(await page.getByLabel('Spend figures').textContent(), before);
  assert.equal(await page.getByRole('form', { name: 'Date range' }).getByLabel('Period').inputValue(), 'lastMonth');
});

test('the pattern trend and the utilisation chart are filled in and pass axe', async () => {
  await page.goto(`${baseUrl}/app/snowflake/queries`);
  const trends = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Pattern cost trend' }) });
  await trends.getByRole('table', { name: 'Pattern cost trend' }).waitFor();
  assert.ok((await trends.getByRole('row').count()) > 2, 'the sample has repeated patterns');
  await assertAccessible('queries page with the pattern trend');

  await page.goto(`${baseUrl}/app/snowflake/warehouses`);
  const utilisation = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Utilisation over time' }) });
  await utilisation.getByRole('table', { name: /^Utilisation of / }).waitFor();
  assert.ok((await utilisation.getByRole('row').count()) > 2, 'the busiest warehouse ran');
  await assertAccessible('warehouses page with the utilisation chart');
});
