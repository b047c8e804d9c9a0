// Integrations: an engineer adds the sample connector from the catalog (spec form, check,
// discover, streams, schedule), syncs it and watches the rows arrive live, then finds the job,
// with its rows and logs, on the connection's Timeline. A wizard abandoned at its last step leaves
// nothing behind, so starting again works; a source's settings are edited, re-tested and saved on
// the connection's Settings tab. A custom HTTP source pointed where connectors may not go fails its
// test with the connector's own sentence.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { checkPage, isBlocking } from '../a11yReport';
import { baseUrl, launch, newPage, signIn } from '../support';

let browser: Browser;
let page: Page;
const stamp = Date.now();
const connectionName = `Shop sample ${stamp}`;

/** The steps and tabs the route-by-route gate never reaches pass axe too. */
async function assertAccessible(step: string): Promise<void> {
  const blocking = (await checkPage(page, { account: 'engineer', layout: 'default', route: `integrations: ${step}` })).filter(isBlocking);
  assert.equal(blocking.length, 0, blocking.map((finding) => `${finding.rule} (${finding.impact}): ${finding.example}`).join('\n'));
}

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  await signIn(page, 'engineer', '/app/integrations/add-connector');
});
after(async () => {
  await browser.close();
});

test('an engineer adds the sample source, syncs it and sees the rows and the job', async () => {
  await page.getByRole('link', { name: 'Browse the catalog' }).click();
  await page.getByLabel('Search connectors').fill('sample');
  await page.getByRole('button', { name: 'Set up Sample data' }).click();

  // The spec's form: `order` puts the seed first; defaults are filled in.
  const orders = page.getByLabel('Orders per hour');
  await orders.waitFor({ timeout: 20_000 });
  await orders.fill('5');
  await assertAccessible('spec form');
  await page.getByRole('button', { name: 'Test and continue' }).click();

  await page.getByRole('heading', { name: '3. Streams and schedule' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Connection name').fill(connectionName);
  await page.getByLabel('Warehouse schema').fill(`RAW_E2E_${stamp}`);
  await page.getByLabel('Every N hours').check();
  await page.getByLabel('Hours between syncs').fill('12');
  await assertAccessible('streams and schedule');
  await page.getByRole('button', { name: 'Create connection' }).click();

  await page.waitForURL(/manage-connectors\?connection=/, { timeout: 20_000 });
  await page.getByRole('heading', { name: connectionName }).waitFor();
  await page.getByRole('button', { name: 'Sync now' }).click();

  // Progress arrives on the live channel; the rows per stream show while it runs and when it ends.
  await page.getByRole('table', { name: 'Rows per stream' }).waitFor({ timeout: 30_000 });
  const finished = page.getByRole('status').filter({ hasText: /^Succeeded: [\d,]+ rows written/ });
  await finished.waitFor({ timeout: 90_000 });
  const rows = Number(((await finished.textContent()) ?? '').replace(/^Succeeded: ([\d,]+).*$/s, '$1').replace(/,/g, ''));
  assert.ok(rows > 0, `rows written: ${rows}`);
  await assertAccessible('connection status with progress');

  await page.getByRole('tab', { name: 'Timeline' }).click();
  assert.match(page.url(), /tab=timeline/);
  const jobs = page.getByRole('table', { name: /Jobs of this connection/ });
  await jobs.getByRole('cell', { name: 'Succeeded' }).first().waitFor({ timeout: 20_000 });
  const download = page.waitForEvent('download');
  await jobs
    .getByRole('button', { name: /Download the logs/ })
    .first()
    .click();
  assert.match((await download).suggestedFilename(), /^sync-.+\.log$/);
  await jobs
    .getByRole('button', { name: /Download the logs/ })
    .first()
    .filter({ hasText: 'Logs' })
    .waitFor();
  await page.mouse.move(0, 0);
  await assertAccessible('connection timeline');
  await page.getByRole('tab', { name: 'Schema' }).click();
  await page.getByRole('table', { name: 'Streams this connection copies' }).waitFor();
  await assertAccessible('connection schema');

  // The list shows the connection with its last status.
  await page.goto(`${baseUrl}/app/integrations/manage-connectors?search=${encodeURIComponent(connectionName)}`);
  const row = page.getByRole('row').filter({ hasText: connectionName });
  await row.getByText('Succeeded').waitFor({ timeout: 20_000 });

  // Clean up: delete with confirmation.
  await row.getByRole('link', { name: connectionName }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete connection' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete connection' }).click();
  await page.waitForURL((url) => !url.search.includes('connection='), { timeout: 20_000 });
});

test('an abandoned wizard leaves nothing behind: starting again works, and the source is then edited, re-tested and saved', async () => {
  const sourceName = `Abandoned ${stamp}`;
  const name = `Second try ${stamp}`;
  /** Steps 1 and 2 of the wizard, up to the streams and schedule. */
  const throughStepTwo = async () => {
    await page.goto(`${baseUrl}/app/integrations/add-connector/managed`);
    await page.getByLabel('Search connectors').fill('sample');
    await page.getByRole('button', { name: 'Set up Sample data' }).click();
    await page.getByLabel('Orders per hour').waitFor({ timeout: 20_000 });
    await page.getByLabel('Source name').fill(sourceName);
    await page.getByLabel('Orders per hour').fill('3');
    await page.getByRole('button', { name: 'Test and continue' }).click();
    await page.getByRole('heading', { name: '3. Streams and schedule' }).waitFor({ timeout: 30_000 });
    await page.getByText('Connection test passed.').waitFor();
  };
  await throughStepTwo();
  // Left at step 3: nothing was saved, so the same source name works on the second try.
  await page.goto(`${baseUrl}/app/integrations`);
  await throughStepTwo();
  await page.getByLabel('Connection name').fill(name);
  await page.getByLabel('Warehouse schema').fill(`RAW_E2E_AGAIN_${stamp}`);
  await page.getByRole('button', { name: 'Create connection' }).click();
  await page.waitForURL(/manage-connectors\?connection=/, { timeout: 20_000 });
  await page.getByRole('heading', { name }).waitFor();

  // The source's settings on the Settings tab: change one, test it, save it (tested again).
  await page.getByRole('tab', { name: 'Settings' }).click();
  const source = page.getByRole('region', { name: 'Source' });
  const orders = source.getByLabel('Orders per hour');
  await orders.waitFor({ timeout: 20_000 });
  assert.equal(await orders.inputValue(), '3');
  assert.equal(await source.getByLabel('Source name').inputValue(), sourceName);
  await orders.fill('7');
  await source.getByRole('button', { name: 'Test connection' }).click();
  await source.getByText(/^Connection test passed\. Nothing is saved/).waitFor({ timeout: 30_000 });
  // Away from the button just pressed: its hover colours are not what the page shows at rest.
  await page.mouse.move(0, 0);
  await assertAccessible('connection settings with its source');
  await source.getByRole('button', { name: 'Test and save' }).click();
  await source.getByText(/settings are saved/).waitFor({ timeout: 30_000 });
  // Saved: a fresh page shows the new setting.
  await page.reload();
  await page.getByRole('region', { name: 'Source' }).getByLabel('Orders per hour').waitFor({ timeout: 20_000 });
  assert.equal(await page.getByRole('region', { name: 'Source' }).getByLabel('Orders per hour').inputValue(), '7');

  await page.getByRole('button', { name: 'Delete connection' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete connection' }).click();
  await page.waitForURL((url) => !url.search.includes('connection='), { timeout: 20_000 });
});

test("a failing connector's error is shown in words", async () => {
  await page.goto(`${baseUrl}/app/integrations/add-connector/custom`);
  await page.getByLabel('Source name').fill(`Unreachable ${stamp}`);
  await page.getByLabel('Base URL').fill('http://127.0.0.1:9/');
  await page.getByLabel('Stream name').fill('orders');
  await page.getByLabel('Path').fill('/orders');
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: /^The check failed: / });
  await refusal.waitFor({ timeout: 30_000 });
  assert.ok(((await refusal.textContent()) ?? '').length > 'The check failed: '.length + 10);
});
