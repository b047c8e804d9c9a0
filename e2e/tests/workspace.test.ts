// Issue 13, the knowledge side of the workspace in Chromium: search the knowledge base and vote
// on an article; ask in Hive, answer and accept; move a feature request on the roadmap; a
// project page with its resources and their health; the help assistant answering with a
// citation and handing over to a pre-filled support ticket form.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, signIn } from '../support';

let browser: Browser;
let page: Page;

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, 1440, 900));
  await signIn(page, 'admin', '/app/knowledgebase');
});
after(async () => {
  await browser.close();
});

test('knowledge base: a search with a quoted phrase finds the upload article; a vote counts once', async () => {
  await page.getByRole('heading', { level: 1, name: 'Knowledge Base' }).waitFor();
  await page.getByLabel('Search articles').fill('"service account" dbt');
  const link = page.getByRole('link', { name: 'Uploading dbt artifacts after each run' });
  await page.getByText('1 article match').waitFor();
  assert.equal(await page.locator('main mark').first().textContent(), 'dbt');
  await link.click();
  const article = page.getByRole('article', { name: 'Uploading dbt artifacts after each run' });
  await article.getByRole('heading', { name: 'Was this helpful?' }).waitFor();
  await article.getByRole('button', { name: /^Yes \(0\)$/ }).click();
  await article.getByRole('button', { name: 'Yes (1)' }).waitFor();
  await page.getByText('Thank you: your vote says this article helped.').waitFor();
  // The second vote goes to the server too; its answer is what the button shows.
  const answered = page.waitForResponse((response) => /\/api\/kb\/articles\/[^/]+\/vote$/.test(response.url()));
  await article.getByRole('button', { name: 'Yes (1)' }).click();
  assert.equal((await answered).status(), 200);
  assert.equal(await article.getByRole('button', { name: /^Yes/ }).textContent(), 'Yes (1)', 'voting again counts once');
});

test('Hive: ask, answer, accept; the question shows the accepted answer', async () => {
  await page.goto(`${baseUrl}/app/hive`);
  await page.getByRole('button', { name: 'Ask a question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask Hive' });
  await dialog.getByLabel('Question').fill('Which warehouse runs the nightly ELT?');
  await dialog.getByLabel('Details (markdown)').fill('The **cost page** shows several.');
  await dialog.getByLabel('Tags').fill('cost, warehouses');
  await dialog.getByRole('button', { name: 'Ask' }).click();
  const question = page.getByRole('article', { name: 'Which warehouse runs the nightly ELT?' });
  await question.waitFor();
  await question.getByLabel('Answer (markdown)').fill('The ELT warehouse: it is busy at night only.');
  await question.getByRole('button', { name: 'Post answer' }).click();
  await page.getByText('Your answer is posted.').waitFor();
  await question.getByRole('button', { name: 'Accept this answer by admin' }).click();
  await question.getByText('Accepted answer').waitFor();
  // The accepted answer can go to the FAQ.
  await question.getByRole('button', { name: 'Promote to FAQ' }).click();
  await question.getByRole('link', { name: 'FAQ' }).waitFor();
});

test('features: a request moves from under consideration to planned, and a skipped step is refused', async () => {
  await page.goto(`${baseUrl}/app/features`);
  await page.getByRole('button', { name: 'Propose a feature' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose a feature' });
  await dialog.getByLabel('Title').fill('Salesforce connector');
  await dialog.getByLabel('Description (markdown)').fill('Accounts and opportunities, daily.');
  await dialog.getByRole('button', { name: 'Propose' }).click();
  await page.getByRole('heading', { level: 1, name: 'Salesforce connector' }).waitFor();
  await page.getByText('Under consideration', { exact: true }).waitFor();
  await page.getByRole('button', { name: /^Vote · 0/ }).click();
  await page.getByRole('button', { name: /^Voted · 1/ }).waitFor();
  const roadmap = page.getByRole('region', { name: 'Roadmap status' });
  await roadmap.getByLabel('New status').selectOption('planned');
  await roadmap.getByRole('button', { name: 'Change status' }).click();
  await page.getByText('The request is now planned; its subscribers are notified.').waitFor();
  await page.locator('main .badge', { hasText: 'Planned' }).waitFor();
  assert.deepEqual(await roadmap.getByLabel('New status').locator('option').allTextContents(), ['In progress', 'Declined']);
});

test('projects: a project page lists its resources with their health', async () => {
  await page.goto(`${baseUrl}/app/projects`);
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill('Shop analytics');
  await dialog.getByLabel('Members').fill('clientadmin, business');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const project = page.getByRole('article', { name: 'Shop analytics' });
  await project.waitFor();
  const add = project.getByLabel('Add a resource');
  // The sample dbt project may still be ingesting on a first start: its exposures appear once it lands.
  for (let i = 0; i < 120 && (await add.locator('optgroup[label="Exposure"] option').count()) === 0; i += 1) {
    await page.waitForTimeout(1000);
    if (i % 10 === 9) await page.reload();
  }
  for (const group of ['Dashboard', 'Exposure']) {
    const value = await add.locator(`optgroup[label="${group}"] option`).first().getAttribute('value');
    await add.selectOption(value ?? '');
    await project.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('The resource is added.').waitFor();
    await page.waitForTimeout(200);
  }
  const table = project.getByRole('table', { name: 'Resources of Shop analytics and their health' });
  await table.waitFor();
  const rows = table.locator('tbody tr');
  await rows.nth(1).waitFor();
  assert.equal(await rows.count(), 2);
  assert.match((await rows.nth(0).textContent()) ?? '', /Dashboard.*Healthy.*In the Viewer/);
  assert.match((await rows.nth(1).textContent()) ?? '', /Exposure.*(Failing|Warning|Healthy|Unknown)/);
  assert.match((await rows.nth(1).getByRole('link').getAttribute('href')) ?? '', /^\/app\/exposures\//);
});

test('help assistant: answers with a citation, says when nothing matches, hands off to a pre-filled ticket', async () => {
  await page.goto(`${baseUrl}/app/home`);
  const launcher = page.getByRole('button', { name: 'Help assistant' });
  await launcher.click();
  const dialog = page.getByRole('dialog', { name: 'Help assistant' });
  const box = dialog.getByLabel('Your question');
  await box.waitFor();
  // Focus moves into the question box once the dialog has opened.
  await page.waitForFunction(
    () => document.activeElement?.tagName === 'TEXTAREA' && document.activeElement.closest('[role="dialog"]') !== null,
    undefined,
    { timeout: 5000 },
  );
  await box.fill('How do I connect Snowflake with a key pair?');
  await page.keyboard.press('Enter');
  const log = dialog.getByRole('log', { name: 'Conversation' });
  const citation = log.getByRole('link', { name: 'Connecting your Snowflake account' });
  await citation.waitFor();
  assert.match((await citation.getAttribute('href')) ?? '', /^\/app\/knowledgebase\?article=/);
  await box.fill('penguin quantum entanglement');
  await page.keyboard.press('Enter');
  await log.getByText(/I found nothing in the knowledge base, the FAQ or Hive/).waitFor();

  // Escape closes and focus goes back to the launcher.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Help assistant', undefined, { timeout: 5000 });

  await launcher.click();
  await dialog.getByRole('link', { name: 'Open a support ticket' }).click();
  await page.waitForURL((url) => url.pathname === '/app/support');
  const subject = page.getByLabel('Subject');
  await subject.waitFor();
  assert.equal(await subject.inputValue(), 'How do I connect Snowflake with a key pair?');
  const description = await page.getByLabel(/^Description/).inputValue();
  assert.match(description, /Connecting your Snowflake account/);
  assert.match(description, /penguin quantum entanglement/);
});
