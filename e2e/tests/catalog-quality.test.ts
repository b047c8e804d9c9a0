// Issue "Catalog, advanced" (observability): the sample project's failing test has an open
// incident that docs (Client-Dataworks-docs, who may change incidents) acknowledges, assigns to
// a member who never opened the portal, resolves (a reason and a comment asked for), reopens
// and resolves again; the Data Quality page shows the test failing, with its history.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, signIn } from '../support';

const FAILING = 'not_null_fct_orders_customer_id';

let browser: Browser;
let page: Page;

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, 1440, 900));
  await signIn(page, 'docs', '/app/data-catalog/observability/incident-manager');
});
after(async () => {
  await browser.close();
});

test("the sample's failing test is an open incident that docs acknowledges, assigns and resolves", async () => {
  await page.getByRole('heading', { level: 1, name: 'Incident Manager' }).waitFor();
  const incidents = page.getByRole('table', { name: 'Incidents' });
  // On a first start the sample project may still be on its way in: the page fills in when it lands.
  const row = incidents.getByRole('row').filter({ hasText: FAILING });
  await row.waitFor({ timeout: 120_000 });
  assert.match((await row.textContent()) ?? '', /New/);
  await row.getByRole('link', { name: FAILING }).click();

  const detail = page.getByRole('region', { name: `Incident: ${FAILING}` });
  await detail.getByRole('button', { name: 'Acknowledge' }).click();
  await detail.getByText('Acknowledged', { exact: true }).first().waitFor();

  // The asset by its name, linking to its page.
  await detail.getByRole('link', { name: 'fct_orders', exact: true }).waitFor();
  assert.doesNotMatch((await detail.textContent()) ?? '', /model\.dataworks_demo\.fct_orders/);

  // Members come from the identity service: engineer has never opened the portal in this run.
  await detail.getByLabel('Assign to').locator('option', { hasText: 'engineer' }).waitFor({ state: 'attached' });
  await detail.getByLabel('Assign to').selectOption({ label: 'docs' });
  await detail.getByRole('button', { name: 'Assign' }).click();
  await detail.getByRole('list', { name: 'Timeline' }).getByText('Assigned to docs').waitFor();

  // Nothing is pre-selected and a comment is asked for: a stray click resolves nothing.
  assert.equal(await detail.getByLabel('Reason').inputValue(), '');
  await detail.getByRole('button', { name: 'Resolve' }).click();
  await detail.getByText('Choose why the incident is resolved.').waitFor();
  await detail.getByLabel('Reason').selectOption('missing_data');
  await detail.getByRole('button', { name: 'Resolve' }).click();
  await detail.getByText(/^Write a comment/).waitFor();
  await detail.getByLabel('Comment').fill('Guest checkouts have no customer yet.');
  await detail.getByRole('button', { name: 'Resolve' }).click();
  await detail
    .getByRole('list', { name: 'Timeline' })
    .getByText(/^Resolved: Missing data/)
    .waitFor();
  assert.equal(await detail.getByRole('button', { name: 'Resolve' }).count(), 0, 'a resolved incident offers no more moves');

  // Reopened: back to its assignee, on the timeline with who did it.
  await detail.getByLabel('Why reopen it (optional)').fill('Guests are customers now; still failing.');
  await detail.getByRole('button', { name: 'Reopen' }).click();
  const reopened = detail
    .getByRole('list', { name: 'Timeline' })
    .getByRole('listitem')
    .filter({ hasText: /^.*Reopened — Guests are customers now/ });
  await reopened.waitFor();
  assert.match((await reopened.textContent()) ?? '', /docs/);
  await detail.getByLabel('Reason').selectOption('fixed');
  await detail.getByLabel('Comment').fill('Fixed upstream.');
  await detail.getByRole('button', { name: 'Resolve' }).click();
  await detail
    .getByRole('list', { name: 'Timeline' })
    .getByText(/^Resolved: Fixed — Fixed upstream\./)
    .waitFor();

  await page.getByLabel('State', { exact: true }).selectOption('resolved');
  await incidents.getByRole('row').filter({ hasText: FAILING }).first().waitFor();
  const times = page.getByRole('table', { name: 'Time to acknowledge and resolve per domain' });
  await times.waitFor();
  assert.doesNotMatch((await times.getByRole('row').nth(1).textContent()) ?? '', /–\s*$/, 'a time to resolve is shown');
});

test('the Data Quality page shows the failing test first, with its history', async () => {
  await page.goto(`${baseUrl}/app/data-catalog/observability/data-quality`);
  await page.getByRole('heading', { level: 1, name: 'Data Quality' }).waitFor();
  const tests = page.getByRole('table', { name: 'Data tests' });
  const first = tests.getByRole('row').nth(1);
  await first.waitFor();
  assert.match((await first.textContent()) ?? '', new RegExp(`${FAILING}.*Fail`));
  // Each test is one line: the name column keeps a readable width and cuts long names, which
  // show in full on hover (title) and on keyboard focus.
  const rows = await tests.locator('tbody tr').count();
  const rowHeights = await tests.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
  assert.ok(
    Math.max(...rowHeights) < 80,
    `every row is at most a couple of lines tall (tallest ${Math.max(...rowHeights)} px of ${rows} rows)`,
  );
  const nameCell = first.getByRole('rowheader');
  assert.ok(((await nameCell.boundingBox())?.width ?? 0) >= 200, 'the Test column is at least 200 px wide');
  assert.equal(await first.getByRole('link', { name: FAILING }).getAttribute('title'), FAILING);
  await first.getByRole('link', { name: FAILING }).click();
  await page.getByRole('img', { name: new RegExp(`^Failing rows of ${FAILING} per run`) }).waitFor();
  const runs = page.getByRole('table', { name: `Runs of ${FAILING}` });
  await runs.waitFor();
  assert.ok((await runs.getByRole('row').count()) >= 2, 'at least one run with its header');
  assert.match((await runs.getByRole('row').nth(1).textContent()) ?? '', /Fail/);
  // The summary by domain, and the profile of the model the test checks.
  await page.getByLabel('Summarise by').selectOption('domain');
  await page.getByRole('table', { name: /Tests per domain/ }).waitFor();
  await page.getByRole('region', { name: 'Profile of fct_orders' }).waitFor();
});
