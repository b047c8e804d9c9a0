import { useMemo } from 'react';
import { selectRealmRoles } from '../auth/authSlice';
import { useAppSelector } from '../app/hooks';
import { filterMenu } from './filterMenu';
import { withViewerItems } from './menuDashboards';
import { selectMenuDashboards, selectMenuStatus } from './menuSlice';
import { navigationMenu } from './menuTree';
import type { MenuItem } from './menuTypes';

/** The "Navigation" group as the signed-in user may see it, Viewer filled from the dashboards. */
export function useMenu(): MenuItem | null {
  const roles = useAppSelector(selectRealmRoles);
  const dashboards = useAppSelector(selectMenuDashboards);
  return useMemo(() => filterMenu(withViewerItems(navigationMenu, dashboards), roles), [roles, dashboards]);
}

/** True until the dashboards have loaded (or failed): the navigation shows a spinner meanwhile. */
export function useMenuLoading(): boolean {
  return useAppSelector(selectMenuStatus) === 'loading';
}

/** First page a top-level menu entry leads to (its own url, or its first child's). */
export function firstUrl(item: MenuItem): string | undefined {
  if (item.url) return item.url;
  for (const child of item.children ?? []) {
    const url = firstUrl(child);
    if (url) return url;
  }
  return undefined;
}
