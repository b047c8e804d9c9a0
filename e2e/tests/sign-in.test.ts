// Issue "Sign-in": the real keycloak-js adapter against the dev identity server, in Chromium.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { demoAccounts, demoRoles } from '../../__tests__/auth/demoAccounts';
import { allTopLevelTitles, expectedTopLevelMenu } from '../expectedMenu';
import { baseUrl, identityUrl, launch, newPage, signIn, topLevelMenu } from '../support';

const JWT = /eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]*/;
const authEndpoint = `${identityUrl}/realms/dataworks/protocol/openid-connect/auth`;

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

/** Main-frame navigations of a page (redirects included), to see whether login was shown. */
function recordNavigations(page: Page): string[] {
  const visited: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(request.url());
  });
  return visited;
}

for (const account of demoAccounts.filter((name) => name !== 'nobody')) {
  test(`${account} sees exactly the top-level menu the access table allows`, async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, account);
    const expected = expectedTopLevelMenu(demoRoles[account]);
    assert.ok(expected.length > 0, 'every demo account but nobody may open something');
    // The Viewer entry appears once the dashboards list has loaded; wait for the full menu.
    await page
      .waitForFunction(
        (count) => document.querySelectorAll('nav[aria-label="Main"] .dw-nav-list > li > .dw-nav-link').length === count,
        expected.length,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    const shown = await topLevelMenu(page);
    assert.deepEqual(shown, expected);
    for (const hidden of allTopLevelTitles.filter((title) => !expected.includes(title))) {
      assert.ok(!shown.includes(hidden), `${account} must not see ${hidden}`);
    }
    await context.close();
  });
}

test('nobody, who holds no role, gets the no-access page', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'nobody');
  await page.getByRole('heading', { name: 'No access yet' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/app/no-access');
  assert.equal(await page.locator('nav[aria-label="Main"] .dw-nav-list > li').count(), 0);
  await context.close();
});

test('a deep link taken signed out lands on that page after sign-in', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'admin', '/app/freshness?range=7d');
  await page.waitForURL(`${baseUrl}/app/freshness?range=7d`);
  // The page's own chunk sets the title once it has loaded.
  await page.waitForFunction(() => document.title === 'Freshness | Dataworks');
  await context.close();
});

test('an unknown app address taken signed out asks for sign-in, then shows the default page saying there is no such page', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'clientadmin', '/app/no-such-thing');
  await page.waitForURL(`${baseUrl}/app/home`);
  await page.getByText('/app/no-such-thing').first().waitFor();
  assert.notEqual(new URL(page.url()).pathname, '/landing');
  await context.close();
});

test('a reload keeps the session through silent SSO, without showing the login page', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'clientadmin');
  await topLevelMenu(page);
  const visited = recordNavigations(page);
  await page.reload();
  await page.locator('#dw-user-menu').waitFor();
  assert.equal(new URL(page.url()).pathname, '/app/home');
  assert.ok(!visited.some((url) => url.startsWith(authEndpoint)), `no login redirect: ${visited.join(', ')}`);
  assert.equal(await page.locator('#username').count(), 0);
  await context.close();
});

test('with 15-second access tokens the user stays signed in for 45 seconds, refreshed at least twice', async () => {
  const { context, page } = await newPage(browser);
  const refreshes: number[] = [];
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      request.url().endsWith('/protocol/openid-connect/token') &&
      request.postData()?.includes('grant_type=refresh_token')
    ) {
      refreshes.push(Date.now());
    }
  });
  await signIn(page, 'engineer');
  const visited = recordNavigations(page);
  const start = Date.now();
  await page.waitForTimeout(45_000);
  assert.ok(refreshes.length >= 2, `refreshed ${refreshes.length} times`);
  assert.ok(!visited.some((url) => url.startsWith(authEndpoint)), 'never sent back to the login page');
  // Still signed in: the app navigates and the user menu is there.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await page.locator('#dw-user-menu').waitFor();
  assert.ok(Date.now() - start >= 45_000);
  assert.match(new URL(page.url()).pathname, /^\/app\//);
  await context.close();
});

test('sign-out ends the identity session: /app/home then asks for sign-in again', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'docs');
  await page.locator('#dw-user-menu').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${baseUrl}/landing`);
  await page.goto(`${baseUrl}/app/home`);
  await page.waitForSelector('#username');
  assert.ok(page.url().startsWith(`${identityUrl}/realms/dataworks/`), page.url());
  await context.close();
});

test('after sign-in no JWT is kept in localStorage, sessionStorage or cookies of the portal', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'admin');
  await topLevelMenu(page);
  const stored = await page.evaluate(() => {
    const values: string[] = [];
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index) ?? '';
        values.push(`${key}=${storage.getItem(key) ?? ''}`);
      }
    }
    return values;
  });
  for (const value of stored) assert.doesNotMatch(value, JWT);
  const cookies = await context.cookies(baseUrl);
  for (const cookie of cookies) assert.doesNotMatch(`${cookie.name}=${cookie.value}`, JWT);
  // The document's own view of its cookies too (the portal sets none).
  assert.doesNotMatch(await page.evaluate(() => document.cookie), JWT);
  await context.close();
});
