// The menu's public face: what features may use (lint keeps them off the rest of src/menu).
export { OPTIMIZE_MENU_ID, VIEWER_MENU_ID } from './menuTree';
export { firstUrl, useMenu } from './useMenu';
export { useMenuDashboards, type MenuDashboards, type MenuStatus } from './useMenuDashboards';
export type { MenuDashboard } from '../api/clientDashboards';
