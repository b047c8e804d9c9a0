// Security, in Chromium against the real stack: `admin` revokes a session of another member in
// Identity management and that member's next API call is refused (the app sends them to sign
// in); an invited member sets a password through the one-time link; with one-time codes
// required, that member enrols an authenticator (codes computed here with the same TOTP
// library) and signs in again with a code. The policy is put back afterwards, so later test
// files sign in without codes; the invited member is used by no other test.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { generate } from 'otplib';
import type { Browser, Page, Request } from 'playwright-core';
import { baseUrl, launch, newPage, signIn } from '../support';

let browser: Browser;
let admin: Page;
let policyChanged = false;

before(async () => {
  browser = await launch();
  ({ page: admin } = await newPage(browser));
  await signIn(admin, 'admin', '/app/security/identity-management');
});
after(async () => {
  if (policyChanged)
    await setRequireMfa(admin, false).catch((error: unknown) => console.error('could not restore the sign-in policy', error));
  await browser.close();
});

/** The claims of the bearer token a page's next API request carries. */
async function nextTokenClaims(page: Page, trigger: () => Promise<unknown>): Promise<{ token: string; sid: string }> {
  const request = page.waitForRequest(
    (candidate: Request) => candidate.url().startsWith(`${baseUrl}/api/`) && !!candidate.headers().authorization,
    { timeout: 20_000 },
  );
  await trigger();
  const token = ((await request).headers().authorization ?? '').replace(/^Bearer /, '');
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string };
  return { token, sid: claims.sid };
}

async function setRequireMfa(page: Page, required: boolean): Promise<void> {
  await page.goto(`${baseUrl}/app/security/authentication`);
  const toggle = page.getByLabel('Require one-time codes at sign-in');
  await toggle.waitFor({ timeout: 20_000 });
  if ((await toggle.isChecked()) !== required) await toggle.setChecked(required);
  await page.getByRole('button', { name: 'Save policy' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `one-time codes ${required ? 'required' : 'optional'}` })
    .waitFor({ timeout: 20_000 });
}

test("admin revokes a member session and the member's next API call is refused", async () => {
  const { context, page: member } = await newPage(browser);
  const { token, sid } = await nextTokenClaims(member, () => signIn(member, 'engineer', '/app/support'));
  assert.ok(sid, 'the access token names its session');

  await admin.goto(`${baseUrl}/app/security/identity-management?search=engineer`);
  await admin.getByRole('button', { name: 'Manage engineer' }).click();
  // The details take the focus when they open.
  await admin.waitForFunction(() => document.activeElement?.id === 'member-details-title', undefined, { timeout: 20_000 });
  const row = admin.locator(`tr[data-session-id="${sid}"]`);
  await row.waitFor({ timeout: 20_000 });
  await row.getByRole('button', { name: /^Revoke the session/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Revoke this session?' });
  await dialog.getByRole('button', { name: 'Revoke session' }).click();
  await admin.getByRole('status').filter({ hasText: 'The session of engineer' }).waitFor({ timeout: 20_000 });
  await row.waitFor({ state: 'detached', timeout: 20_000 });

  // The member's token, still unexpired, is refused now...
  const answer = await member.evaluate(
    async ([url, bearer]) => (await fetch(url, { headers: { Authorization: `Bearer ${bearer}` } })).status,
    [`${baseUrl}/api/me/layout-settings`, token] as const,
  );
  assert.equal(answer, 401);
  // ...and the app's next call (sending a ticket, no reload) is refused, the refresh fails (the
  // session is gone at the identity server), and the app sends them to sign in.
  await member.getByRole('button', { name: 'New ticket' }).click();
  const form = member.getByRole('form', { name: 'New ticket' });
  await form.getByLabel('Subject').fill('Written after my session was revoked');
  await form.getByLabel('Description').fill('This must not be saved.');
  await form.getByRole('button', { name: 'Send ticket' }).click();
  await member.waitForSelector('#username', { timeout: 30_000 });
  await context.close();
});

test('an invited member sets a password, enrols one-time codes when required, and signs in with a code', async () => {
  const username = `mfa-e2e-${Date.now()}`;
  const password = 'Correct-horse-battery-9';
  await admin.goto(`${baseUrl}/app/security/identity-management`);
  await admin.getByRole('button', { name: 'Invite member' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('E-mail').fill(`${username}@acme.example`);
  await dialog.getByLabel('First name').fill('Mona');
  await dialog.getByLabel('Last name').fill('Factor');
  await dialog.getByRole('button', { name: 'Invite' }).click();
  const link = (await admin.locator('#invitation-link').textContent({ timeout: 20_000 })) ?? '';
  assert.match(link, /login-actions\/action-token\?key=/);

  await setRequireMfa(admin, true);
  policyChanged = true;

  const { context, page: member } = await newPage(browser);
  await member.goto(link);
  await member.fill('#password-new', password);
  await member.fill('#password-confirm', password);
  await member.click('#kc-passwd-submit');
  await member.getByText('has been changed').waitFor();

  // First sign-in: password, then enrolment (key shown once, confirmed with a code).
  await member.goto(`${baseUrl}/app/home`);
  await member.fill('#username', username);
  await member.fill('#password', password);
  await member.click('#kc-login');
  const secret = ((await member.locator('#kc-totp-secret-key').textContent({ timeout: 20_000 })) ?? '').replace(/\s+/g, '');
  assert.ok(secret.length >= 16);
  await member.fill('#totp', await generate({ secret }));
  await member.click('#saveTOTPBtn');
  await member.waitForURL((url) => url.href.startsWith(`${baseUrl}/app/`), { timeout: 30_000 });
  await context.close();

  // Second sign-in, in a fresh browser: the code is asked for. A code is good once, so the
  // next time step's code is used (the server accepts one step either side).
  const again = await newPage(browser);
  await again.page.goto(`${baseUrl}/app/home`);
  await again.page.fill('#username', username);
  await again.page.fill('#password', password);
  await again.page.click('#kc-login');
  await again.page.locator('#otp').waitFor({ timeout: 20_000 });
  await again.page.fill('#otp', '000000');
  await again.page.click('#kc-login');
  await again.page.getByText('Invalid one-time code.').waitFor();
  await again.page.fill('#otp', await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await again.page.click('#kc-login');
  await again.page.waitForURL((url) => url.href.startsWith(`${baseUrl}/app/`), { timeout: 30_000 });
  await again.context.close();

  await setRequireMfa(admin, false);
  policyChanged = false;
});
