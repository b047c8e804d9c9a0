import { useMemo } from 'react';
import { selectRealmRoles } from '../auth/authSlice';
import { useAppSelector } from '../state/hooks';
import { filterMenu } from './filterMenu';
import { withViewerItems } from './menuDashboards';
import { useMenuProducts, withProductItems } from './menuProducts';
import { navigationMenu } from './menuTree';
import { useMenuDashboards } from './useMenuDashboards';
import type { MenuItem } from './menuTypes';

/** The "Navigation" group as the signed-in user may see it, Viewer filled from the dashboards, Data Catalog with the products. */
export function useMenu(): MenuItem | null {
  const roles = useAppSelector(selectRealmRoles);
  const { dashboards } = useMenuDashboards();
  const products = useMenuProducts();
  return useMemo(
    () => filterMenu(withProductItems(withViewerItems(navigationMenu, dashboards), products), roles),
    [roles, dashboards, products],
  );
}

/** True until the dashboards have loaded (or failed): the navigation shows a spinner meanwhile. */
export function useMenuLoading(): boolean {
  return useMenuDashboards().status === 'loading';
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
