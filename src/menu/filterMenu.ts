import { canOpen } from '@common/access/access';
import { hasAnyRole } from '@common/access/editions';
import type { MenuItem } from './menuTypes';

/**
 * The menu a user sees: an item shows when its route would open for them and its own menu
 * roles hold; a group or collapse shows when any child is left. Hidden items are dropped.
 */
export function filterMenu(item: MenuItem, roles: readonly string[]): MenuItem | null {
  if (item.visible === false) return null;
  if (!hasAnyRole(roles, item.roles)) return null;
  if (item.type === 'item') {
    return !item.routeId || canOpen(roles, item.routeId) ? item : null;
  }
  const children = (item.children ?? []).map((child) => filterMenu(child, roles)).filter((child): child is MenuItem => child !== null);
  return children.length > 0 ? { ...item, children } : null;
}

/** Ids of the collapses that lead to `pathname`, outermost first (to open them on mount). */
export function menuPathTo(item: MenuItem, pathname: string): string[] | null {
  if (item.type === 'item') return item.url && pathMatches(item.url, pathname) ? [] : null;
  for (const child of item.children ?? []) {
    const below = menuPathTo(child, pathname);
    if (below) return item.type === 'collapse' ? [item.id, ...below] : below;
  }
  return null;
}

/** The chain of menu items down to the page at `pathname`, for breadcrumbs. */
export function menuTrail(item: MenuItem, pathname: string): MenuItem[] | null {
  if (item.type === 'item') return item.url && pathMatches(item.url, pathname) ? [item] : null;
  for (const child of item.children ?? []) {
    const below = menuTrail(child, pathname);
    if (below) return item.type === 'group' ? below : [item, ...below];
  }
  return null;
}

function pathMatches(url: string, pathname: string): boolean {
  const [path] = url.split('?');
  return pathname === path || pathname.startsWith(`${path}/`);
}
