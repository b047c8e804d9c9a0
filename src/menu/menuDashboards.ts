// Turning the organisation's dashboards list into Viewer menu entries (spec section 3).
import { DEFAULT_DASHBOARD_ORDER } from '../config/constants';
import { viewerPath } from '@common/paths';
import { VIEWER_MENU_ID } from './menuTree';
import type { MenuItem } from './menuTypes';

export interface MenuDashboard {
  name: string;
  url: string;
  order: number;
}

/** Only http(s) pages can become Viewer entries (the server checks this too). */
function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function isEntry(value: unknown): value is { name: string; url: string; order?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const { name, url } = value as { name?: unknown; url?: unknown };
  return typeof name === 'string' && name !== '' && typeof url === 'string' && isHttpUrl(url);
}

/** Valid entries sorted by order, a missing order counting as 0; equal orders keep their place. */
export function sortDashboards(entries: readonly unknown[]): MenuDashboard[] {
  const valid = entries.filter(isEntry);
  if (valid.length !== entries.length) console.warn(`Ignored ${entries.length - valid.length} dashboard entries without a name or an http(s) url`);
  return valid
    .map(({ name, url, order }) => ({
      name,
      url,
      order: typeof order === 'number' && Number.isFinite(order) ? order : DEFAULT_DASHBOARD_ORDER,
    }))
    .sort((a, b) => a.order - b.order);
}

export function viewerMenuItems(dashboards: readonly MenuDashboard[]): MenuItem[] {
  return dashboards.map((dashboard) => ({
    id: `viewer-${encodeURIComponent(dashboard.name)}`,
    title: dashboard.name,
    type: 'item',
    routeId: 'viewer',
    url: viewerPath(dashboard.name, dashboard.url),
  }));
}

/** The menu tree with one Viewer child per dashboard (none: the Viewer is hidden). */
export function withViewerItems(menu: MenuItem, dashboards: readonly MenuDashboard[]): MenuItem {
  return {
    ...menu,
    children: (menu.children ?? []).map((item) =>
      item.id === VIEWER_MENU_ID ? { ...item, children: viewerMenuItems(dashboards) } : item,
    ),
  };
}
