// Issue "Sign-in", layout part: the settings panel, persistence across reloads, the narrow
// window and right-to-left, signed in for real.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launch, leaveDefaults, newPage, signIn, topLevelMenu } from '../support';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Layout settings' }).click();
  await page.getByLabel('Menu colour').waitFor();
}

const shellClasses = (page: Page) => page.locator('.dw-shell').getAttribute('class');
const storedLayout = (page: Page) => page.evaluate(() => window.localStorage.getItem('persist:dataworks-layout'));

test('settings changed in the panel survive a reload; right-to-left sets dir="rtl"', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'admin');
  await topLevelMenu(page);
  await openSettings(page);
  await page.getByLabel('Right-to-left').check();
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  await page.getByLabel('Box layout').check();
  const menuColour = page.getByLabel('Menu colour');
  const options = await menuColour.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  const chosen = options.find((value) => value !== '' && value !== 'navbar-default');
  assert.ok(chosen, 'the menu colour select offers a colour besides the default');
  await menuColour.selectOption(chosen);
  await page.reload();
  await topLevelMenu(page);
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  assert.ok(await page.evaluate(() => document.body.classList.contains('dw-box-layout')));
  await openSettings(page);
  assert.equal(await page.getByLabel('Menu colour').inputValue(), chosen);
  assert.ok(await page.getByLabel('Right-to-left').isChecked());
  // Turning it off again restores left-to-right.
  await page.getByLabel('Right-to-left').uncheck();
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr');
  await leaveDefaults(page);
  await context.close();
});

test('the layout saved from one browser is restored at sign-in on another', async () => {
  const first = await newPage(browser);
  await signIn(first.page, 'assured');
  await topLevelMenu(first.page);
  await openSettings(first.page);
  const menuColour = first.page.getByLabel('Menu colour');
  const options = await menuColour.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  const before = await menuColour.inputValue();
  const chosen = options.find((value) => value !== '' && value !== before);
  assert.ok(chosen, 'the menu colour select offers another colour');
  const saved = first.page.waitForResponse(
    (response) => response.url().endsWith('/api/me/layout-settings') && response.request().method() === 'PUT',
  );
  await menuColour.selectOption(chosen);
  assert.equal((await saved).status(), 200);
  await first.context.close();

  // A new browser context: nothing in its storage.
  const second = await newPage(browser);
  await signIn(second.page, 'assured');
  await topLevelMenu(second.page);
  await openSettings(second.page);
  // The saved copy arrives just after sign-in.
  const deadline = Date.now() + 5_000;
  let shown = await second.page.getByLabel('Menu colour').inputValue();
  while (shown !== chosen && Date.now() < deadline) {
    await second.page.waitForTimeout(100);
    shown = await second.page.getByLabel('Menu colour').inputValue();
  }
  assert.equal(shown, chosen);
  await leaveDefaults(second.page);
  await second.context.close();
});

test('a pasted invalid settings JSON is refused, says why and changes nothing', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'clientadmin');
  await topLevelMenu(page);
  await openSettings(page);
  const before = {
    classes: await shellClasses(page),
    stored: await storedLayout(page),
    dir: await page.evaluate(() => document.documentElement.dir),
  };
  for (const pasted of ['{"rtlLayout": true, "layout": "no-such-layout"}', '{not json', '{"rtlLayout": "yes"}', '[]']) {
    await page.getByLabel('Settings JSON to apply').fill(pasted);
    await page.getByRole('button', { name: 'Apply settings' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Settings not applied.' });
    await alert.waitFor();
    // The refusal is said once the input has been judged, before anything would be applied.
    assert.match((await alert.textContent()) ?? '', /Settings not applied\. .+/);
    assert.equal(await shellClasses(page), before.classes);
    assert.equal(await storedLayout(page), before.stored);
    assert.equal(await page.evaluate(() => document.documentElement.dir), before.dir);
  }
  // A valid one is applied, to show the refusals above were about the input.
  await page.getByLabel('Settings JSON to apply').fill('{"rtlLayout": true}');
  await page.getByRole('button', { name: 'Apply settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Settings applied.' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  await leaveDefaults(page);
  await context.close();
});

test('a 900 px wide window collapses the menu; the header toggle opens it', async () => {
  const { context, page } = await newPage(browser, 900, 800);
  await signIn(page, 'admin');
  const nav = page.locator('nav[aria-label="Main"]');
  await nav.waitFor({ state: 'attached' });
  assert.match((await shellClasses(page)) ?? '', /\bdw-mobile\b/);
  assert.doesNotMatch((await shellClasses(page)) ?? '', /\bdw-menu-open\b/);
  assert.equal(await nav.isVisible(), false, 'the menu is hidden until opened');
  await page.getByRole('button', { name: 'Expand menu' }).click();
  assert.match((await shellClasses(page)) ?? '', /\bdw-menu-open\b/);
  await nav.waitFor({ state: 'visible' });
  await page.getByRole('link', { name: 'Home' }).first().waitFor({ state: 'visible' });
  await context.close();
});
