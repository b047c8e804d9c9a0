// The accessibility gate, the part axe cannot do: walks through the portal with the keyboard
// only — skip link, Tab order, menu, settings panel, dialogs, focus always visible and never
// under the fixed header, and a form per area completed without a mouse.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { waitForPage } from '../a11yRoutes';
import { launch, newPage, signIn } from '../support';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

interface Focused {
  region: 'skip' | 'nav' | 'header' | 'main' | 'dialog' | 'other';
  name: string;
  /** Tag and classes, for messages. */
  what: string;
  top: number;
  bottom: number;
  visibleFocus: boolean;
}

/** What has focus: its region, accessible-ish name, where it is and whether focus shows. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { region: 'other', name: '', what: 'body', top: 0, bottom: 0, visibleFocus: false } as const;
    const region = element.classList.contains('dw-skip-link')
      ? 'skip'
      : element.closest('[role="dialog"], .offcanvas, .modal')
        ? 'dialog'
        : element.closest('nav[aria-label="Main"]')
          ? 'nav'
          : element.closest('header')
            ? 'header'
            : element.closest('main')
              ? 'main'
              : 'other';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    // Tab also stops on the calendar button inside a date field; the browser draws that ring
    // itself, inside the field, where styles cannot see it.
    const dateButton = element instanceof HTMLInputElement && element.type === 'date' && !element.matches(':focus-visible');
    const rect = element.getBoundingClientRect();
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const what = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
    return { region, name, what, top: rect.top, bottom: rect.bottom, visibleFocus: outline || shadow || dateButton } as const;
  });
}

async function tab(page: Page, shift = false): Promise<Focused> {
  await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  return focused(page);
}

async function signedInAt(account: string, path: string, width = 1440, height = 900) {
  const { context, page } = await newPage(browser, width, height);
  // No transitions, so a focus ring is read as it ends up rather than mid-animation (this is
  // also the reduced-motion path of the styles).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, account, path);
  await waitForPage(page);
  // Start every walk from the top of the document, as a fresh page load does.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return { context, page };
}

test('the skip link comes first and moves focus to the page content', async () => {
  const { context, page } = await signedInAt('admin', '/app/home');
  const first = await tab(page);
  assert.equal(first.region, 'skip');
  assert.equal(first.name, 'Skip to content');
  assert.ok(first.visibleFocus, 'the skip link shows focus');
  assert.ok(await page.locator('.dw-skip-link').isVisible(), 'the skip link is on screen when focused');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');
  const next = await tab(page);
  assert.equal(next.region, 'main', 'after skipping, Tab goes on in the page');
  await context.close();
});

test('Tab goes through menu, header and page in reading order, focus always visible', async () => {
  const { context, page } = await signedInAt('admin', '/app/home');
  const walk: Focused[] = [];
  for (let step = 0; step < 40; step += 1) walk.push(await tab(page));
  const regions = walk.map((stop) => stop.region).filter((region, index, all) => index === 0 || all[index - 1] !== region);
  assert.deepEqual(regions.slice(0, 4), ['skip', 'nav', 'header', 'main'], walk.map((stop) => `${stop.region}:${stop.name}`).join(' → '));
  // Within the menu (its first pass), top to bottom.
  const menuStart = walk.findIndex((stop) => stop.region === 'nav');
  const menuEnd = walk.findIndex((stop, index) => index > menuStart && stop.region !== 'nav');
  const menuStops = walk.slice(menuStart, menuEnd);
  assert.ok(menuStops.length >= 5, 'every top-level menu entry is a Tab stop');
  menuStops
    .slice(1)
    .forEach((stop, index) => assert.ok(stop.top >= menuStops[index]!.top, `${stop.name} comes after ${menuStops[index]!.name}`));
  // Past the last control focus leaves the document (the body); everything else shows focus.
  for (const stop of walk.filter((one) => one.region !== 'other')) {
    assert.ok(stop.visibleFocus, `focus shows on ${stop.region}: ${stop.name} (${stop.what})`);
  }
  // And back with Shift+Tab to the previous stop.
  const back = await tab(page, true);
  assert.equal(`${back.region}:${back.name}`, `${walk[38]!.region}:${walk[38]!.name}`);
  await context.close();
});

test('menu sections open and close with Enter, Space and Escape; entries open with Enter', async () => {
  const { context, page } = await signedInAt('admin', '/app/home');
  const optimize = page.locator('nav[aria-label="Main"] button.dw-nav-link', { hasText: 'Optimize' });
  await optimize.focus();
  await page.keyboard.press('Enter');
  assert.equal(await optimize.getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Space');
  assert.equal(await optimize.getAttribute('aria-expanded'), 'false');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).name, 'Cost');
  await page.keyboard.press('Escape');
  assert.equal(await optimize.getAttribute('aria-expanded'), 'false', 'Escape closes the section');
  assert.equal((await focused(page)).name, 'Optimize', 'and focus goes back to its button');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/app\/snowflake\/cost$/);
  await waitForPage(page);
  await context.close();
});

test('under 992 px the menu opens with the keyboard, keeps focus inside, closes on Escape', async () => {
  const { context, page } = await signedInAt('admin', '/app/home', 900, 800);
  const toggle = page.getByRole('button', { name: 'Expand menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const afterOpen = await focused(page);
  assert.equal(`${afterOpen.region}:${afterOpen.name}`, 'nav:Close menu', 'focus moves into the opened menu');
  for (let step = 0; step < 25; step += 1) {
    const stop = await tab(page);
    assert.equal(stop.region, 'nav', `Tab stays in the open menu (step ${step}: ${stop.name}, ${stop.what})`);
  }
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('.dw-menu-open').count(), 0, 'Escape closes the menu');
  assert.equal((await focused(page)).name, 'Expand menu', 'focus is back on the menu button');
  // The close button does the same.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('.dw-menu-open').count(), 0);
  // Widening the window after opening it leaves the full menu, not one shrunk to icons.
  await page.keyboard.press('Enter');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForFunction(() => !document.querySelector('.dw-mobile'));
  assert.equal(await page.locator('.dw-menu-collapsed').count(), 0);
  assert.ok(await page.locator('nav[aria-label="Main"] .dw-nav-text', { hasText: 'Home' }).first().isVisible());
  await context.close();
});

test('the settings panel opens from the keyboard, traps focus, closes on Escape and gives focus back', async () => {
  const { context, page } = await signedInAt('admin', '/app/home');
  const gear = page.getByRole('button', { name: 'Layout settings' });
  await gear.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Layout settings' }).waitFor();
  for (let step = 0; step < 50; step += 1) {
    const stop = await tab(page);
    assert.equal(stop.region, 'dialog', `Tab stays in the panel (step ${step}: ${stop.name})`);
    assert.ok(stop.visibleFocus, `focus shows on ${stop.name}`);
  }
  // A switch toggles with Space, a select changes with the arrow keys.
  // The account's saved layout (restored at sign-in, left by earlier tests) may be either way.
  const rtl = page.getByLabel('Right-to-left');
  const direction = () => page.evaluate(() => document.documentElement.dir);
  const startedAs = await direction();
  await rtl.focus();
  await page.keyboard.press('Space');
  assert.equal(await direction(), startedAs === 'rtl' ? 'ltr' : 'rtl');
  await page.keyboard.press('Space');
  assert.equal(await direction(), startedAs);
  const menuColour = page.getByLabel('Menu colour');
  const before = await menuColour.inputValue();
  await menuColour.focus();
  await page.keyboard.press('ArrowDown');
  assert.notEqual(await menuColour.inputValue(), before, 'the arrow keys change the menu colour');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Layout settings' }).waitFor({ state: 'detached' });
  assert.equal((await focused(page)).name, 'Layout settings', 'focus is back on the button that opened the panel');
  await context.close();
});

test('the user menu opens with Enter, moves with the arrow keys and closes on Escape', async () => {
  const { context, page } = await signedInAt('admin', '/app/home');
  const toggle = page.locator('#dw-user-menu');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  // An administrator's menu starts with the organisation's settings.
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).name, 'Organisation settings');
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).name, 'Sign out');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'dw-user-menu');
  await context.close();
});

test('with the fixed header, a focused element is never hidden under it', async () => {
  const { context, page } = await signedInAt('admin', '/app/snowflake/queries', 1440, 700);
  await page.getByRole('button', { name: 'Layout settings' }).click();
  await page.getByLabel('Fixed header').check();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Layout settings' }).waitFor({ state: 'detached' });
  const headerBottom = await page.locator('header.dw-header').evaluate((header) => header.getBoundingClientRect().bottom);
  await page.locator('#main-content').focus();
  // Down through the page, then back up: the upward walk is where a sticky header hides things.
  const stops: Focused[] = [];
  for (let step = 0; step < 40; step += 1) stops.push(await tab(page));
  for (let step = 0; step < 40; step += 1) stops.push(await tab(page, true));
  for (const stop of stops.filter((one) => one.region === 'main')) {
    assert.ok(stop.top >= headerBottom - 1, `${stop.name} (top ${stop.top}) is not under the header (bottom ${headerBottom})`);
    assert.ok(stop.visibleFocus, `focus shows on ${stop.name} (${stop.what})`);
  }
  await context.close();
});

test('Dashboards: a dashboard is added with the keyboard only; the dialog traps focus and gives it back', async () => {
  const { context, page } = await signedInAt('admin', '/app/dashboard/default');
  const add = page.getByRole('button', { name: 'Add a dashboard' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a dashboard' });
  await dialog.waitFor();
  for (let step = 0; step < 12; step += 1) {
    const stop = await tab(page);
    assert.equal(stop.region, 'dialog', `Tab stays in the dialog (step ${step}: ${stop.name}, ${stop.what})`);
  }
  // Escape closes it and focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal((await focused(page)).name, 'Add a dashboard');
  // Now fill it in for real.
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await dialog.getByLabel('Name', { exact: true }).focus();
  await page.keyboard.type('Keyboard dashboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type('https://example.com/keyboard');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('rowheader', { name: 'Keyboard dashboard' }).waitFor();
  // And deleted again with the keyboard (the other tests expect the demo dashboards only):
  // the confirmation starts on Cancel, Tab reaches Delete.
  await page.getByRole('button', { name: 'Delete Keyboard dashboard' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete dashboard "Keyboard dashboard"?' });
  await confirm.waitFor();
  assert.equal((await focused(page)).name, 'Cancel', 'the safe choice has focus');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'detached' });
  await page.getByRole('rowheader', { name: 'Keyboard dashboard' }).waitFor({ state: 'detached' });
  await context.close();
});

test('Optimize: the query filters are applied with the keyboard only', async () => {
  const { context, page } = await signedInAt('admin', '/app/snowflake/queries');
  const form = page.getByRole('form', { name: /filter/i }).first();
  await form.getByLabel('Warehouse', { exact: true }).focus();
  await page.keyboard.type('no_such_warehouse');
  await page.keyboard.press('Enter');
  await page.waitForURL(/[?&]warehouse=NO_SUCH_WAREHOUSE\b/);
  await waitForPage(page);
  // Reset is reached with Tab and pressed with Space.
  const reset = form.getByRole('button', { name: 'Reset' });
  await reset.focus();
  await page.keyboard.press('Space');
  await page.waitForURL((url) => !url.searchParams.has('warehouse'));
  await context.close();
});

test("Admin: a user's saved settings are looked up with the keyboard only", async () => {
  const { context, page } = await signedInAt('admin', '/app/admin');
  const field = page.locator('main input').first();
  await field.focus();
  await page.keyboard.type('clientadmin');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () => document.querySelector('main [role="status"], main [role="alert"], main pre, main dl, main table') !== null,
  );
  await context.close();
});
