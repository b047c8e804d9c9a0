// Issue "Catalog, advanced" (Alerts): docs lets webhooks reach a receiver inside the network in
// the Catalog Settings, creates a rule that sends incident moves to everyone's inbox and to that
// receiver, sends a test alert that the delivery log shows delivered, then acknowledges an
// incident: the alert fires into the notifications inbox and reaches the receiver.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, signIn } from '../support';

const SOURCE = 'crm.support_tickets';

let browser: Browser;
let page: Page;
let receiver: http.Server;
let hookUrl: string;
const received: { text: string }[] = [];

before(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text: string });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/data-team`;
  browser = await launch();
  ({ page } = await newPage(browser, 1440, 900));
  await signIn(page, 'docs', '/app/data-catalog/settings');
});
after(async () => {
  await browser.close();
  await new Promise((resolve) => receiver.close(resolve));
});

test('a catalog admin lets webhooks reach a listed host', async () => {
  await page.getByRole('heading', { level: 1, name: 'Catalog Settings' }).waitFor();
  const section = page.getByRole('region', { name: 'Alert webhooks' });
  await section.getByLabel('Allowed webhook hosts').fill('127.0.0.1');
  await section.getByRole('button', { name: 'Save' }).click();
  await section.getByText(/^Saved\./).waitFor();
});

test('docs creates a rule for incident moves and its test alert is delivered', async () => {
  await page.goto(`${baseUrl}/app/data-catalog/observability/alerts`);
  await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
  await page.getByRole('button', { name: 'New rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert rule' });
  await dialog.getByLabel('Name').fill('Incident moves');
  await dialog.getByLabel('When').selectOption('incident_state_change');
  await dialog.getByLabel('Webhook (Slack-compatible)').check();
  await dialog.getByLabel('Webhook address').fill(hookUrl);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = page.getByRole('table', { name: 'Alert rules' }).getByRole('row', { name: /Incident moves/ });
  assert.match((await row.textContent()) ?? '', /An incident changes state.*In-app notification \(everyone\).*127\.0\.0\.1/);

  await row.getByRole('button', { name: 'Send a test alert of Incident moves' }).click();
  await page.getByText(/Test alert of "Incident moves" queued for 2 destinations/).waitFor();
  const log = page.getByRole('table', { name: 'Alert deliveries, newest first' });
  // The log follows the pending deliveries until both are sent.
  await log.getByRole('row').filter({ hasText: 'Webhook' }).filter({ hasText: 'Sent' }).first().waitFor({ timeout: 30_000 });
  await log.getByRole('row').filter({ hasText: 'In-app notification' }).filter({ hasText: 'Sent' }).first().waitFor({ timeout: 30_000 });
  assert.ok(received.some((body) => body.text.startsWith('[Test] Test alert from the rule "Incident moves"')));
});

test("a rule's filters are chosen from pick-lists: an asset by name, a domain of the catalog and a role in words", async () => {
  await page.goto(`${baseUrl}/app/data-catalog/observability/alerts`);
  await page.getByRole('button', { name: 'New rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert rule' });
  await dialog.getByLabel('Name').fill('Picked filters');
  await dialog.getByLabel('When').selectOption('cost_anomaly');
  await dialog.getByRole('combobox', { name: 'Assets' }).fill('fct_orders');
  await dialog.getByRole('option', { name: /^fct_orders\s*model/ }).click();
  const domains = dialog.getByRole('combobox', { name: 'Domains' });
  await domains.focus();
  await dialog.getByRole('listbox', { name: 'Domains' }).getByRole('option').first().waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const domain = ((await dialog.getByRole('list', { name: 'Chosen: Domains' }).getByRole('listitem').first().textContent()) ?? '').trim();
  assert.ok(domain.length > 0, 'a domain of the catalog was chosen');
  await dialog.getByRole('combobox', { name: 'Roles' }).fill('data team');
  await dialog.getByRole('option', { name: /Data team/ }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = page.getByRole('table', { name: 'Alert rules' }).getByRole('row', { name: /Picked filters/ });
  const text = (await row.textContent()) ?? '';
  assert.match(text, /assets fct_orders/);
  assert.ok(text.includes(`domains ${domain}`), `the rule keeps the domain ${domain}: ${text}`);
  assert.match(text, /In-app notification \(Client-Dataworks-docs\)/);
  // It goes again, so the rules below are the file's only ones.
  await row.getByRole('button', { name: 'Delete Picked filters' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the rule Picked filters?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await confirm.waitFor({ state: 'hidden' });
});

test('acknowledging an incident fires the rule into the notifications inbox', async () => {
  await page.goto(`${baseUrl}/app/data-catalog/observability/incident-manager`);
  const incidents = page.getByRole('table', { name: 'Incidents' });
  const row = incidents.getByRole('row').filter({ hasText: SOURCE });
  await row.waitFor({ timeout: 120_000 });
  // The incident's link comes first; its asset (the source, named alike) links to the asset page.
  await row.getByRole('link', { name: SOURCE }).first().click();
  const detail = page.getByRole('region', { name: `Incident: ${SOURCE}` });
  await detail.getByRole('button', { name: 'Acknowledge' }).click();
  await detail.getByText('Acknowledged', { exact: true }).first().waitFor();

  await page.goto(`${baseUrl}/app/notifications`);
  await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
  await page.getByText(`Incident on ${SOURCE} acknowledged`).first().waitFor({ timeout: 30_000 });
  assert.ok(received.some((body) => body.text.startsWith(`Incident on ${SOURCE} acknowledged`)));
});

test('deleting the rule stops it (the receiver goes away with this file)', async () => {
  await page.goto(`${baseUrl}/app/data-catalog/observability/alerts`);
  await page.getByRole('button', { name: 'Delete Incident moves' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the rule Incident moves?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // The list is read again after the delete; it says there are no rules once that answer is in.
  await page.getByText(/^No rules yet\. Create one/).waitFor();
  assert.equal(await page.getByRole('table', { name: 'Alert rules' }).count(), 0, 'no rules left');
});
