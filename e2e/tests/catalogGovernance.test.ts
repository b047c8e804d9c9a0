// Issue 14 (governance): a glossary term goes through approval. docs (a glossary editor) writes
// a term with admin as its reviewer and submits it; docs may not approve it; admin approves it
// with a comment and the term's history shows each step. The Classifications page offers the
// sample warehouse's e-mail columns as personal data, and the Metrics page charts a simple metric.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, signIn } from '../support';

const GLOSSARY = `Finance ${Date.now()}`;
const TERM = 'Net revenue';

let browser: Browser;
let docs: Page;
let admin: Page;

before(async () => {
  browser = await launch();
  ({ page: docs } = await newPage(browser, 1440, 900));
  ({ page: admin } = await newPage(browser, 1440, 900));
  await signIn(docs, 'docs', '/app/data-catalog/governance/glossary');
  await signIn(admin, 'admin', '/app/data-catalog/governance/glossary');
});
after(async () => {
  await browser.close();
});

test('a glossary term goes through approval', async () => {
  await docs.getByRole('heading', { level: 1, name: 'Glossary' }).waitFor();
  await docs.getByLabel('New glossary').fill(GLOSSARY);
  await docs.getByRole('button', { name: 'Add', exact: true }).click();
  await docs.getByRole('region', { name: `Terms of ${GLOSSARY}` }).waitFor();

  await docs.getByRole('button', { name: 'New term' }).click();
  const dialog = docs.getByRole('dialog', { name: `New term in ${GLOSSARY}` });
  await dialog.getByLabel(/^Name/).fill(TERM);
  await dialog.getByLabel(/^Definition/).fill('Revenue **after** returns and discounts, in EUR.');
  await dialog.getByLabel(/^Synonyms/).fill('Net sales');
  await dialog.getByLabel(/^Reviewers/).fill('admin');
  await dialog.getByRole('button', { name: 'Save term' }).click();

  const detail = docs.getByRole('region', { name: `Term: ${TERM}` });
  await detail.waitFor();
  assert.equal(
    await detail.getByText('after', { exact: true }).evaluate((element) => element.tagName),
    'STRONG',
    'the definition is rendered as markdown',
  );
  await detail.getByRole('button', { name: 'Submit for review' }).click();
  await detail.getByText('In review', { exact: true }).first().waitFor();
  assert.equal(await detail.getByRole('button', { name: 'Approve' }).count(), 0, 'the submitter is not its reviewer and cannot approve it');

  await admin.reload();
  await admin.getByRole('navigation', { name: 'Glossaries' }).getByRole('button', { name: GLOSSARY }).click();
  await admin
    .getByRole('table', { name: `Terms of ${GLOSSARY}` })
    .getByRole('button', { name: TERM })
    .click();
  const review = admin.getByRole('region', { name: `Term: ${TERM}` });
  await review.getByLabel('Comment on your decision (optional)').fill('Matches the finance definition.');
  await review.getByRole('button', { name: 'Approve' }).click();
  const history = review.getByRole('list', { name: `History of ${TERM}` });
  await history.getByText(/In review → Approved by admin/).waitFor();
  await history.getByText('Matches the finance definition.').waitFor();
  assert.match((await history.textContent()) ?? '', /Draft → In review by docs/);

  await docs.reload();
  await docs.getByRole('navigation', { name: 'Glossaries' }).getByRole('button', { name: GLOSSARY }).click();
  const row = docs
    .getByRole('table', { name: `Terms of ${GLOSSARY}` })
    .getByRole('row')
    .filter({ hasText: TERM });
  await row.getByText('Approved').waitFor();
});

test('docs links the approved term to an asset and a column chosen by name', async () => {
  const detail = docs.getByRole('region', { name: `Term: ${TERM}` });
  await docs
    .getByRole('table', { name: `Terms of ${GLOSSARY}` })
    .getByRole('button', { name: TERM })
    .click();
  const form = detail.getByRole('form', { name: `Link ${TERM} to an asset` });
  assert.doesNotMatch((await form.textContent()) ?? '', /Asset id/);
  await form.getByRole('combobox', { name: 'Asset' }).fill('fct_orders');
  await form.getByRole('option', { name: /^fct_orders\s*model/ }).click();
  // The columns are the asset's own.
  await form.getByLabel('Column (optional)').locator('option', { hasText: 'order_total' }).waitFor({ state: 'attached' });
  await form.getByLabel('Column (optional)').selectOption('order_total');
  await form.getByRole('button', { name: 'Link' }).click();
  await detail.getByRole('link', { name: 'fct_orders.order_total' }).waitFor();
});

test('docs applies a classification tag to an asset chosen by name', async () => {
  await docs.goto(`${baseUrl}/app/data-catalog/governance/classifications`);
  const form = docs.getByRole('form', { name: 'Apply a tag' });
  await form.getByLabel('Tag').selectOption({ label: 'Tier.Tier2' });
  await form.getByRole('combobox', { name: 'Asset' }).fill('dim_customers');
  await form.getByRole('option', { name: /^dim_customers\s*model/ }).click();
  await form.getByRole('button', { name: 'Apply' }).click();
  await form.getByText('Applied to dim_customers.').waitFor();
  const tier = docs.getByRole('table', { name: 'Tags of Tier' });
  await tier.getByRole('button', { name: 'Tier.Tier2' }).click();
  await docs.getByRole('region', { name: 'Where Tier.Tier2 applies' }).getByRole('link', { name: 'dim_customers' }).waitFor();
});

test("the sample warehouse's e-mail columns are suggested as personal data, and a simple metric is charted", async () => {
  await docs.goto(`${baseUrl}/app/data-catalog/governance/classifications`);
  const suggestions = docs.getByRole('region', { name: 'Suggested personal data' });
  await suggestions
    .getByRole('row')
    .filter({ hasText: /\.email/ })
    .first()
    .waitFor({ timeout: 120_000 });

  await docs.goto(`${baseUrl}/app/data-catalog/governance/metrics`);
  await docs.getByRole('table', { name: 'Metrics' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await docs.getByRole('img', { name: 'Orders per month' }).waitFor({ timeout: 60_000 });
  assert.ok(
    (await docs.getByRole('table', { name: 'Values of Orders' }).getByRole('row').count()) >= 2,
    'values in a table beside the chart',
  );
});
