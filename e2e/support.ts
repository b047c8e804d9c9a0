// Shared set-up for the browser tests: Debian's chromium through playwright-core.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:3100';
export const identityUrl = process.env.E2E_IDENTITY_URL ?? 'http://localhost:8190';
/** The data directory of the portal under test (its sample warehouses live there). */
export const dataDir = process.env.E2E_DATA_DIR ?? '';
/** Where the portal under test sends analytics events (a collector the analytics test runs). */
export const analyticsCollectorPort = Number(process.env.E2E_ANALYTICS_PORT ?? 3199);

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Without these, chromium tries to reach the internet this machine cannot reach.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function newPage(browser: Browser, width = 1400, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the real identity server's login page, starting from `path`. */
export async function signIn(page: Page, username: string, path = '/app/home'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForSelector('#username');
  await page.fill('#username', username);
  await page.fill('#password', username);
  await page.click('#kc-login');
  await page.waitForURL((url) => url.href.startsWith(`${baseUrl}/app/`));
}

/** Titles of the top-level items of the side menu. */
/**
 * Puts the account's layout back to the defaults, on the server too (it is restored at every
 * sign-in, so a test that leaves it changed would change the next test's starting point). The
 * layout settings panel must be open.
 */
export async function leaveDefaults(page: Page): Promise<void> {
  const saved = page
    .waitForResponse((response) => response.url().endsWith('/api/me/layout-settings') && response.request().method() === 'PUT', {
      timeout: 5_000,
    })
    .catch(() => null);
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await saved;
}

export async function topLevelMenu(page: Page): Promise<string[]> {
  const list = page.locator('nav[aria-label="Main"] .dw-nav-list > li > .dw-nav-link .dw-nav-text');
  await list.first().waitFor();
  return list.allTextContents();
}
