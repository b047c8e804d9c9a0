// Sign-up that leads somewhere, in Chromium: the organisation's administrator allows an e-mail
// domain under Security → Authentication; a person registers with an address there, lands on the
// no-access page, follows the verification link (the dev identity server's outbox), comes back,
// joins the organisation and reaches its start page with the role the administrator chose.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, dataDir, launch, newPage, signIn } from '../support';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

const DOMAIN = 'signup.acme.example';

async function verificationLink(email: string): Promise<string> {
  const lines = (await readFile(path.join(dataDir, 'identity', 'outbox.jsonl'), 'utf8')).trim().split('\n');
  const mail = lines.map((line) => JSON.parse(line) as { to: string; link: string }).find((entry) => entry.to === email);
  assert.ok(mail, `a verification mail to ${email} in the outbox`);
  return mail.link;
}

test('an administrator allows a domain; a person registers there, verifies, joins and lands in the organisation', async () => {
  const admin = await newPage(browser, 1440, 900);
  await signIn(admin.page, 'clientadmin', '/app/security/authentication');
  const domains = admin.page.getByLabel('E-mail domains that may join');
  await domains.waitFor();
  await domains.fill(DOMAIN);
  await admin.page.getByLabel('Role they get').selectOption('Integration_Engineer');
  await admin.page.getByRole('button', { name: 'Save self sign-up' }).click();
  await admin.page.getByText(`People with a verified address at ${DOMAIN} may join`).waitFor();
  await admin.context.close();

  const { context, page } = await newPage(browser, 1440, 900);
  await page.goto(`${baseUrl}/app/home`);
  await page.getByRole('link', { name: 'Register' }).click();
  const email = `robin@${DOMAIN}`;
  await page.getByLabel('Username').fill('robin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Fields');
  await page.getByLabel('Password (at least 8 characters)').fill('a good password');
  await page.getByLabel('Confirm password').fill('a good password');
  await page.getByRole('button', { name: 'Register' }).click();

  await page.waitForURL((url) => url.pathname === '/app/no-access');
  await page.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor();
  // One banner: the page explains itself.
  assert.equal(await page.getByText(/You don't have access to/).count(), 0);

  await page.goto(await verificationLink(email));
  await page.getByRole('heading', { name: 'E-mail address verified' }).waitFor();
  await page.getByRole('link', { name: 'Back to Dataworks' }).click();
  await page.waitForURL((url) => url.pathname === '/app/no-access');
  const checkAgain = page.getByRole('button', { name: 'I have verified it: check again' });
  // Back in the app the token may already be a fresh one; otherwise ask for one.
  if (await checkAgain.isVisible().catch(() => false)) await checkAgain.click();
  await page.getByRole('button', { name: 'Join acme' }).click();
  await page.waitForURL((url) => url.pathname !== '/app/no-access' && url.pathname.startsWith('/app/'));
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  // An integration engineer's menu: Integrations is there, Optimize is not.
  assert.ok(await page.locator('nav[aria-label="Main"]').getByText('Integrations').first().isVisible());
  assert.equal(await page.locator('nav[aria-label="Main"]').getByText('Optimize').count(), 0);
  await context.close();
});
