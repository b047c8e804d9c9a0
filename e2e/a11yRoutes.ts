// Which screens the accessibility check visits, computed from the portal's own route table and
// access table: a screen added to the route table is checked without anyone listing it here.
import type { Page } from 'playwright-core';
import { demoRoles, type DemoAccount } from '../__tests__/auth/demoAccounts';
import { appScreens, publicScreens } from '../src/app/routeTable';
import { canOpen } from '@common/access/access';
import { appPaths, publicPaths, type AppRouteId } from '@common/paths';

export interface CheckedRoute {
  id: string;
  /** The path as the route table declares it (with its parameters). */
  pattern: string;
  /** A concrete path to open, or how to find one in the running portal. */
  path: string | ((page: Page) => Promise<string>);
}

/** The accounts the check signs in as: the full main edition, the Lite edition, Integration_Engineer. */
export const checkedAccounts = ['admin', 'lite', 'engineer'] as const satisfies readonly DemoAccount[];

/** The first link in the page whose address starts with `prefix`, after opening `listPath`. */
function firstLinkUnder(listPath: string, prefix: string) {
  return async (page: Page): Promise<string> => {
    await openInApp(page, listPath);
    const link = page.locator(`main a[href^="${prefix}"]`).first();
    await link.waitFor({ timeout: 20_000 });
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`no link under ${prefix} on ${listPath}`);
    return href;
  };
}

/** The first Viewer entry of the side menu: a dashboard the organisation really has. */
async function firstViewerDashboard(page: Page): Promise<string> {
  const link = page.locator('nav[aria-label="Main"] a[href^="/app/viewer/"]').first();
  await link.waitFor({ state: 'attached', timeout: 20_000 });
  const href = await link.getAttribute('href');
  if (!href) throw new Error('the Viewer menu has no dashboard');
  return href;
}

/** A ticket of the account's own: opened through the support page's pre-filled form (a fresh stack has none). */
async function ownSupportTicket(page: Page): Promise<string> {
  const subject = encodeURIComponent('Accessibility check');
  const description = encodeURIComponent('A ticket the accessibility check opens to look at its page.');
  await openInApp(page, `${appPaths.support}?subject=${subject}&description=${description}`);
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/app/support/tickets/'), { timeout: 20_000 });
  return new URL(page.url()).pathname;
}

/** A feature request's page: the first one on the features page, proposed there first on a fresh stack. */
async function aFeatureRequest(page: Page): Promise<string> {
  await openInApp(page, appPaths.features);
  const link = page.locator(`main a[href^="${appPaths.features}/feature/"]`).first();
  const proposeButton = page.getByRole('button', { name: 'Propose a feature' });
  // The list or its empty state, once loaded.
  await page.locator('main table, main .card').first().waitFor({ timeout: 20_000 });
  if ((await link.count()) === 0) {
    await proposeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Propose a feature' });
    await dialog.getByLabel('Title').fill('Accessibility check request');
    await dialog.getByLabel('Description (markdown)').fill('A request the accessibility check proposes to look at its page.');
    await dialog.getByRole('button', { name: 'Propose' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${appPaths.features}/feature/`), { timeout: 20_000 });
    return new URL(page.url()).pathname;
  }
  const href = await link.getAttribute('href');
  if (!href) throw new Error('no feature request link on the features page');
  return href;
}

/**
 * A data product's page: the first one listed, created through the New data product dialog on a
 * fresh stack by an account that may; the list itself for one that may not when there is none.
 */
async function aDataProduct(page: Page): Promise<string> {
  await openInApp(page, appPaths.catalogProducts);
  const link = page.locator(`main a[href^="${appPaths.catalogProducts}/"]`).first();
  await page.locator('main table, main .card').first().waitFor({ timeout: 20_000 });
  if ((await link.count()) > 0) return (await link.getAttribute('href')) ?? appPaths.catalogProducts;
  const create = page.getByRole('button', { name: 'New data product' });
  if ((await create.count()) === 0) return appPaths.catalogProducts;
  await create.click();
  const dialog = page.getByRole('dialog', { name: 'New data product' });
  await dialog.getByLabel('Name').fill('Accessibility check product');
  await dialog.getByRole('combobox', { name: 'Owner' }).fill('Data platform team');
  await dialog
    .getByRole('option', { name: /Data platform team/ })
    .first()
    .click();
  // Assets are picked by name; the dialog sends their ids.
  const assets = dialog.getByRole('combobox', { name: 'Assets and exposures' });
  for (const [name, type] of [
    ['fct_orders', 'model'],
    ['order_status_emails', 'exposure'],
  ] as const) {
    await assets.fill(name);
    await dialog.getByRole('option', { name: new RegExp(`^${name}\\s*${type}`) }).click();
  }
  await dialog.getByLabel('Sources loaded within (hours)').fill('24');
  await dialog.getByLabel('Tests passing at least (%)').fill('90');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`${appPaths.catalogProducts}/`), { timeout: 20_000 });
  return new URL(page.url()).pathname;
}

/**
 * Real values for the routes that take parameters. A new parameterised route without an entry
 * here stops the check with a message naming it, rather than being skipped.
 */
const parameterised: Partial<Record<AppRouteId, CheckedRoute['path']>> = {
  viewer: firstViewerDashboard,
  managementUser: firstLinkUnder(appPaths.managementUsers, `${appPaths.managementUsers}/`),
  managementRole: firstLinkUnder(appPaths.managementRoles, `${appPaths.managementRoles}/`),
  exposure: firstLinkUnder(appPaths.exposures, `${appPaths.exposures}/`),
  catalogAsset: firstLinkUnder(appPaths.catalogAssets, `${appPaths.catalogAssets}/`),
  catalogProduct: aDataProduct,
  // The external catalog deep link: with no external catalog configured it opens in the portal.
  catalogExternal: '/app/Data-Catalog/explore/tables',
  feature: aFeatureRequest,
  supportTicket: ownSupportTicket,
};

/** The list's first item opened below it (`?test=`, `?incident=`), or the list alone when it has none. */
function withFirstDetail(listPath: string, parameter: string) {
  return async (page: Page): Promise<string> => {
    await openInApp(page, listPath);
    const link = page.locator(`main a[href^="${listPath}?${parameter}="]`).first();
    await link.waitFor({ timeout: 20_000 }).catch(() => undefined);
    return (await link.count()) > 0 ? ((await link.getAttribute('href')) ?? listPath).replace(/#.*$/, '') : listPath;
  };
}

/** Screens checked with a detail open, so that the detail's chart, forms and controls are checked too. */
const withDetail: Partial<Record<AppRouteId, CheckedRoute['path']>> = {
  catalogDataQuality: withFirstDetail(appPaths.catalogDataQuality, 'test'),
  catalogIncidents: withFirstDetail(appPaths.catalogIncidents, 'incident'),
  // A metric with its definition, lineage and values chart (the sample's first metric).
  catalogMetrics: withFirstDetail(appPaths.catalogMetrics, 'metric'),
};

function concrete(id: AppRouteId): CheckedRoute['path'] {
  const pattern = appPaths[id];
  if (!pattern.includes(':')) return withDetail[id] ?? pattern;
  const path = parameterised[id];
  if (!path) throw new Error(`The route ${id} (${pattern}) takes parameters: give it a real value in e2e/a11yRoutes.ts`);
  return path;
}

/** Every `/app/…` route of the route table that `account` may open, in route-table order. */
export function appRoutesFor(account: DemoAccount): CheckedRoute[] {
  const roles = demoRoles[account];
  return appScreens
    .filter((screen) => canOpen(roles, screen.id))
    .map((screen) => ({ id: screen.id, pattern: appPaths[screen.id], path: concrete(screen.id) }));
}

/** Every public route of the route table, visited signed out. */
export function publicRoutes(): CheckedRoute[] {
  return publicScreens.map((screen) => ({ id: screen.id, pattern: publicPaths[screen.id], path: publicPaths[screen.id] }));
}

/**
 * Moves the signed-in app to `path` the way a link does (history entry + popstate, which the
 * router listens to), so each check reuses one signed-in page instead of loading the app again.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const before = await page.evaluate((target) => {
    const previous = { title: document.title, at: window.location.pathname };
    window.history.pushState({ usr: null, key: `a11y${Date.now()}`, idx: window.history.length }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    return previous;
  }, path);
  // The router shows the new screen once its chunk and loader are done; until then the old
  // screen, heading and all, is still there and would pass for the new one. Every screen has a
  // title of its own (the accessibility test asserts it), so a new title means the new screen is
  // in. Another address of the same screen (other parameters) keeps its title: for that, the
  // wait ends after a while and the heading check below decides.
  if (before.at !== new URL(path, 'http://portal').pathname) {
    await page.waitForFunction((title) => document.title !== title, before.title, { timeout: 10_000, polling: 50 }).catch(() => undefined);
  }
  await waitForPage(page);
}

/** Waits until the page has its heading and nothing is loading any more. */
export async function waitForPage(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      () => {
        const busy = document.querySelector('.spinner-border, .dw-page-loader');
        const heading = document.querySelector('h1');
        return !busy && heading !== null && (heading.textContent ?? '').trim() !== '';
      },
      undefined,
      { timeout: 30_000, polling: 100 },
    );
  } catch (error) {
    const state = await page.evaluate(() => ({
      url: window.location.href,
      h1: document.querySelector('h1')?.textContent ?? null,
      busy: [...document.querySelectorAll('.spinner-border, .dw-page-loader')].map((element) =>
        element.parentElement?.outerHTML.slice(0, 300),
      ),
    }));
    throw new Error(`The page did not finish loading: ${JSON.stringify(state)}`, { cause: error });
  }
}
