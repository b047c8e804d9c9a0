// Turning the organisation's dashboards list into Viewer menu entries (docs/shell-rules.md, "Dashboards list and layout settings").
import type { MenuDashboard } from '../api/clientDashboards';
import { viewerPath } from '@common/paths';
import { VIEWER_MENU_ID } from './menuTree';
import type { MenuItem } from './menuTypes';

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
    children: (menu.children ?? []).map((item) => (item.id === VIEWER_MENU_ID ? { ...item, children: viewerMenuItems(dashboards) } : item)),
  };
}
