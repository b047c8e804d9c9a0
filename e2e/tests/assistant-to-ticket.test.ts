// Issue 13's whole path through the workspace: a user asks the help assistant, opens a support
// ticket from the conversation, support staff answer it, and the user sees the reply arrive live
// with the bell's count going up — three areas meeting only through shared contracts and the
// notifications service.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, signIn } from '../support';

let browser: Browser;
let user: Page;
let staff: Page;

before(async () => {
  browser = await launch();
  ({ page: user } = await newPage(browser));
  ({ page: staff } = await newPage(browser));
  await signIn(user, 'docs', '/app/home');
  await signIn(staff, 'assured', '/app/support');
});
after(async () => {
  await browser.close();
});

const unread = async (page: Page) => {
  const label = (await page.locator('button.dw-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
};

test('a question the assistant cannot settle becomes a ticket; the answer comes back live', async () => {
  const question = `Why does the freshness page show crm.support_tickets in error? ${Date.now()}`;
  await user.getByRole('button', { name: 'Help assistant' }).click();
  const dialog = user.getByRole('dialog', { name: 'Help assistant' });
  await dialog.getByLabel('Your question').fill(question);
  await user.keyboard.press('Enter');
  const log = dialog.getByRole('log', { name: 'Conversation' });
  await log.getByText(question).waitFor();
  // Whatever it found, the hand-off to a person is offered.
  await dialog.getByRole('link', { name: 'Open a support ticket' }).click();
  await user.waitForURL((url) => url.pathname === '/app/support');
  const subject = await user.getByLabel('Subject').inputValue();
  assert.ok(subject.length > 20 && question.startsWith(subject), `the subject is the question: "${subject}"`);
  assert.match(await user.getByLabel(/^Description/).inputValue(), /freshness page/);
  await user.getByRole('form', { name: 'New ticket' }).getByRole('button', { name: 'Send ticket' }).click();
  await user.waitForURL((url) => url.pathname.startsWith('/app/support/tickets/'));
  const ticketPath = new URL(user.url()).pathname;

  await user.waitForFunction(() => /Notifications, /.test(document.querySelector('button.dw-bell')?.getAttribute('aria-label') ?? ''));
  await user.waitForTimeout(500);
  const before = await unread(user);

  await staff.goto(`${baseUrl}${ticketPath}`);
  await staff.getByLabel('Public reply (the requester sees it)').check();
  await staff.getByLabel('Your reply').fill('The CRM sync has not run for three days; we restarted it.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await staff.getByText('Your reply is sent.').waitFor();

  await user.getByText('we restarted it', { exact: false }).waitFor({ timeout: 20_000 });
  await user.waitForFunction(
    (count) => Number(/(\d+) unread/.exec(document.querySelector('button.dw-bell')?.getAttribute('aria-label') ?? '')?.[1] ?? 0) > count,
    before,
    { timeout: 20_000 },
  );
  assert.ok((await unread(user)) > before);
});
