// What the side menu should show a user, computed from the same access table and menu tree
// the portal uses, so the browser tests check the running app against the rules rather than
// against a second hand-written copy of them.
import { filterMenu } from '../src/menu/filterMenu';
import { navigationMenu, VIEWER_MENU_ID } from '../src/menu/menuTree';
import type { MenuItem } from '../src/menu/menuTypes';

/** Every demo organisation has dashboards configured, so the Viewer has entries to show. */
function withViewerEntry(item: MenuItem): MenuItem {
  if (item.id === VIEWER_MENU_ID) {
    return { ...item, children: [{ id: 'viewer-entry', title: 'entry', type: 'item', routeId: 'viewer', url: '/app/viewer/entry' }] };
  }
  return item.children ? { ...item, children: item.children.map(withViewerEntry) } : item;
}

/** Titles of the top-level menu entries a user holding `roles` should see, in order. */
export function expectedTopLevelMenu(roles: readonly string[]): string[] {
  const visible = filterMenu(withViewerEntry(navigationMenu), roles);
  return (visible?.children ?? []).map((entry) => entry.title);
}

/** Titles of every top-level entry that exists, whoever may see it. */
export const allTopLevelTitles: string[] = (navigationMenu.children ?? []).map((entry) => entry.title);
