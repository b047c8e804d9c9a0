// Issue 13, notifications and support: a requester (engineer) opens a ticket sharing their
// layout; support staff (assured) find it and answer; the requester's bell goes up live and the
// reply appears on the ticket without a reload; staff apply the requester's layout to their own
// session. Both accounts' layouts are put back to the defaults afterwards (they are restored at
// every sign-in, and other test files use these accounts).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, signIn } from '../support';

let browser: Browser;
let requester: Page;
let staff: Page;
let ticketPath = '';
const subject = `Box layout hides the freshness table ${Date.now()}`;

before(async () => {
  browser = await launch();
  ({ page: requester } = await newPage(browser));
  ({ page: staff } = await newPage(browser));
  await signIn(requester, 'engineer', '/app/support');
  await signIn(staff, 'assured', '/app/support');
});
after(async () => {
  for (const page of [requester, staff]) {
    await resetLayout(page).catch(() => undefined);
  }
  await browser.close();
});

async function resetLayout(page: Page): Promise<void> {
  const saved = page
    .waitForResponse((response) => response.url().endsWith('/api/me/layout-settings') && response.request().method() === 'PUT', {
      timeout: 5_000,
    })
    .catch(() => null);
  if (!(await page.getByRole('button', { name: 'Reset to defaults' }).isVisible()))
    await page.locator('header').getByRole('button', { name: 'Layout settings' }).click();
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await saved;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, / });
const unreadOf = async (page: Page) => {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = /(\d+) unread/.exec(name);
  return match ? Number(match[1]) : 0;
};

test('a requester opens a ticket with their layout settings', async () => {
  // A layout of their own first: the box layout.
  await requester.locator('header').getByRole('button', { name: 'Layout settings' }).click();
  await requester.getByLabel('Box layout').check();
  await requester.keyboard.press('Escape');
  await requester.getByLabel('Box layout').waitFor({ state: 'hidden' });
  assert.ok(await requester.evaluate(() => document.body.classList.contains('dw-box-layout')));

  await requester.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
  await requester.getByRole('button', { name: 'New ticket' }).click();
  const form = requester.getByRole('form', { name: 'New ticket' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Priority').selectOption('high');
  await form
    .getByLabel('Description')
    .fill('The **freshness** table is cut off on the right.\n\n<img src=x onerror="document.title=\'hacked\'">');
  await form.getByLabel('Include my layout settings').check();
  await form.getByRole('button', { name: 'Send ticket' }).click();
  await requester.waitForURL((url) => url.pathname.startsWith('/app/support/tickets/'));
  ticketPath = new URL(requester.url()).pathname;
  await requester.getByRole('heading', { level: 1, name: new RegExp(subject) }).waitFor();
  assert.equal(await requester.locator('main .dw-markdown strong').first().textContent(), 'freshness');
  assert.equal(await requester.locator('main img').count(), 0, 'raw HTML in the description is not rendered');
  assert.ok(!(await requester.title()).includes('hacked'));
  await requester.getByText('You shared your layout settings with this ticket.').waitFor();
  await requester.getByText(/First response due in/).waitFor();
});

test('staff answer it; the requester’s bell goes up live and the reply shows without a reload, internal notes never', async () => {
  await bell(requester).waitFor();
  // The count settles once the page has asked for it.
  await requester.waitForFunction(() => /Notifications, /.test(document.querySelector('button.dw-bell')?.getAttribute('aria-label') ?? ''));
  await requester.waitForTimeout(500);
  const before = await unreadOf(requester);

  await staff.goto(`${baseUrl}/app/support`);
  const search = staff.getByRole('searchbox', { name: 'Search tickets' });
  await search.fill('box layout freshness');
  await staff.getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: new RegExp(subject) }).click();
  await staff.getByRole('heading', { level: 1, name: new RegExp(subject) }).waitFor();

  await staff.getByLabel('Internal note (support staff only)').check();
  await staff.getByLabel('Internal note', { exact: true }).fill('Probably the box layout width; checking.');
  await staff.getByRole('button', { name: 'Add note' }).click();
  await staff.getByText('Your internal note is added.').waitFor();

  await staff.getByLabel('Public reply (the requester sees it)').check();
  await staff.getByLabel('Your reply').fill('Thanks! We can **reproduce** it with your layout.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await staff.getByText('Your reply is sent.').waitFor();

  // The requester did nothing: the bell and the conversation update by themselves.
  await requester.waitForFunction(
    (count) => {
      const label = document.querySelector('button.dw-bell')?.getAttribute('aria-label') ?? '';
      const match = /(\d+) unread/.exec(label);
      return match !== null && Number(match[1]) > count;
    },
    before,
    { timeout: 20_000 },
  );
  assert.ok((await unreadOf(requester)) > before);
  await requester.getByText('We can reproduce it with your layout.', { exact: false }).waitFor({ timeout: 20_000 });
  assert.equal(await requester.getByText('Probably the box layout width', { exact: false }).count(), 0);
  assert.equal(await requester.getByText('Internal note').count(), 0);

  // The inbox lists it, linking to the ticket.
  await requester.goto(`${baseUrl}/app/notifications`);
  const notice = requester
    .getByRole('list', { name: 'Notifications' })
    .getByRole('link', { name: new RegExp(`New reply on ticket #\\d+: ${subject}`) });
  assert.equal(await notice.getAttribute('href'), ticketPath);
  assert.equal(await requester.getByText('Probably the box layout width', { exact: false }).count(), 0);
});

test('staff preview the ticket’s layout in their tab and return to their own', async () => {
  assert.ok(!(await staff.evaluate(() => document.body.classList.contains('dw-box-layout'))));
  const region = staff.getByRole('region', { name: 'Layout settings of engineer' });
  await region.getByText('Box layout', { exact: true }).waitFor();
  await region.getByRole('button', { name: 'Preview in this tab' }).click();
  await region.getByRole('status').filter({ hasText: 'You now see the layout of engineer in this tab.' }).waitFor();
  assert.ok(await staff.evaluate(() => document.body.classList.contains('dw-box-layout')));
  // The preview survives a reload of the tab, and says so on every page with the way back.
  await staff.reload();
  const banner = staff.getByRole('region', { name: 'Layout preview' });
  await banner.getByRole('button', { name: 'Return to my layout' }).click();
  await banner.waitFor({ state: 'detached' });
  assert.ok(!(await staff.evaluate(() => document.body.classList.contains('dw-box-layout'))));
});
