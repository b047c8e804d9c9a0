// The last pages a user visited, for the shortcuts on the home page. Kept per user (token
// subject) in localStorage; only portal paths, never a fragment or a parameter that could
// carry a credential, and shown only while the access table still lets the user in.
import { matchPath } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import { appPaths, type AppRouteId } from '@common/paths';
import { readStoredJson, writeStoredJson } from './safeStorage';

export const MAX_RECENT_PAGES = 6;

export interface RecentPage {
  path: string;
  title: string;
}

/** Pages that make no sense as a shortcut. */
const notShortcuts: ReadonlySet<AppRouteId> = new Set(['home', 'noAccess']);
const sensitiveParam = /token|code|state|session|secret|password|key|auth/i;

const storageKey = (subject: string) => `dataworks-recent-pages:${subject}`;

/** The route a portal path belongs to, or null when it is not one of ours. */
export function routeIdOf(path: string): AppRouteId | null {
  const [pathname = ''] = path.split('?');
  const ids = Object.keys(appPaths) as AppRouteId[];
  return ids.find((id) => matchPath({ path: appPaths[id], end: true }, pathname) !== null) ?? null;
}

/** The path worth remembering (search kept minus anything credential-like), or null. */
export function shortcutPath(pathname: string, search: string): string | null {
  if (!pathname.startsWith('/app/')) return null;
  const routeId = routeIdOf(pathname);
  if (!routeId || notShortcuts.has(routeId)) return null;
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (sensitiveParam.test(name)) params.delete(name);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function isRecentPage(value: unknown): value is RecentPage {
  if (typeof value !== 'object' || value === null) return false;
  const { path, title } = value as Partial<RecentPage>;
  return typeof path === 'string' && path.startsWith('/app/') && typeof title === 'string';
}

export function readRecentPages(subject: string): RecentPage[] {
  const stored = readStoredJson(storageKey(subject));
  return Array.isArray(stored) ? stored.filter(isRecentPage).slice(0, MAX_RECENT_PAGES) : [];
}

const pathnameOf = (path: string) => path.split('?')[0];

/**
 * Puts the page first, once, keeping at most MAX_RECENT_PAGES. One shortcut per screen: the same
 * page with other filters or another open item (`/app/projects?project=…`) replaces the earlier
 * visit, so the list never reads "Projects, Projects".
 */
export function recordRecentPage(subject: string, page: RecentPage): void {
  const others = readRecentPages(subject).filter((existing) => pathnameOf(existing.path) !== pathnameOf(page.path));
  writeStoredJson(storageKey(subject), [page, ...others].slice(0, MAX_RECENT_PAGES));
}

/** The shortcuts to show: those the user may still open. */
export function openableRecentPages(subject: string, roles: readonly string[]): RecentPage[] {
  return readRecentPages(subject).filter((page) => {
    const routeId = routeIdOf(page.path);
    return routeId !== null && !notShortcuts.has(routeId) && canOpen(roles, routeId);
  });
}
