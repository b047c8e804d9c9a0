// The side menu's "Navigation" group (docs/shell-rules.md, "Routes and menu"). Labels are the documented ones; access comes
// from the route each item opens (common/access/access.ts) plus the item's own `roles`.
import {
  BarChartLine,
  Book,
  Building,
  Bell,
  CodeSlash,
  Diagram3,
  Display,
  Grid1x2,
  HouseDoor,
  Kanban,
  LifePreserver,
  Plug,
  ShieldLock,
  Speedometer2,
  People,
} from 'react-bootstrap-icons';
import { appPaths } from '@common/paths';
import type { MenuItem } from './menuTypes';

export const VIEWER_MENU_ID = 'viewer';
export const OPTIMIZE_MENU_ID = 'optimize';

const item = (id: string, title: string, routeId: keyof typeof appPaths, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  title,
  type: 'item',
  routeId,
  url: appPaths[routeId],
  ...extra,
});

export const navigationMenu: MenuItem = {
  id: 'navigation',
  title: 'Navigation',
  type: 'group',
  children: [
    item('home', 'Home', 'home', { icon: HouseDoor }),
    {
      id: 'consume',
      title: 'Consume',
      type: 'collapse',
      icon: Kanban,
      children: [item('exposures', 'Exposures', 'exposures'), item('freshness', 'Freshness', 'freshness')],
    },
    item('dashboard', 'Dashboard', 'dashboardDefault', { icon: Speedometer2 }),
    {
      id: 'integrations',
      title: 'Integrations',
      type: 'collapse',
      icon: Plug,
      children: [
        item('manage-connectors', 'Manage Connectors', 'manageConnectors'),
        item('add-connector', 'Add New Connector', 'addConnector'),
      ],
    },
    {
      id: 'data-catalog',
      title: 'Data Catalog',
      type: 'collapse',
      icon: Diagram3,
      children: [
        item('catalog-explore', 'Explore', 'catalogExplore'),
        item('catalog-products', 'Data Products', 'catalogProducts'),
        item('catalog-lineage', 'Lineage', 'catalogLineage'),
        {
          id: 'catalog-observability',
          title: 'Observability',
          type: 'collapse',
          children: [
            item('catalog-data-quality', 'Data Quality', 'catalogDataQuality'),
            item('catalog-incidents', 'Incident Manager', 'catalogIncidents'),
            item('catalog-alerts', 'Alerts', 'catalogAlerts'),
          ],
        },
        item('catalog-assets', 'Data Assets', 'catalogAssets'),
        item('catalog-domain', 'Domain', 'catalogDomain'),
        {
          id: 'catalog-governance',
          title: 'Governance',
          type: 'collapse',
          children: [
            item('catalog-glossary', 'Glossary', 'catalogGlossary'),
            item('catalog-classifications', 'Classifications', 'catalogClassifications'),
            item('catalog-metrics', 'Metrics', 'catalogMetrics'),
          ],
        },
        item('catalog-settings', 'Settings', 'catalogSettings'),
      ],
    },
    item('knowledgebase', 'Knowledge Base', 'knowledgebase', { icon: Book }),
    item('notifications', 'Notifications', 'notifications', { icon: Bell }),
    // One child per configured dashboard, filled in from the dashboards list.
    { id: VIEWER_MENU_ID, title: 'Viewer', type: 'collapse', icon: Display, children: [] },
    {
      id: OPTIMIZE_MENU_ID,
      title: 'Optimize',
      type: 'collapse',
      icon: BarChartLine,
      children: [
        item('snowflake-cost', 'Cost', 'snowflakeCost'),
        item('snowflake-queries', 'Queries', 'snowflakeQueries'),
        item('snowflake-warehouses', 'Warehouses', 'snowflakeWarehouses'),
        item('snowflake-users', 'Users', 'snowflakeUsers'),
      ],
    },
    item('projects', 'Projects', 'projects', { icon: Grid1x2 }),
    {
      id: 'user-management',
      title: 'User Management',
      type: 'collapse',
      icon: People,
      children: [
        item('warehouse-users', 'Warehouse Users', 'managementUsers'),
        item('warehouse-roles', 'Warehouse Roles', 'managementRoles'),
      ],
    },
    {
      id: 'security',
      title: 'Security',
      type: 'collapse',
      icon: ShieldLock,
      roles: ['product'],
      children: [
        item('security-authentication', 'Authentication', 'securityAuthentication', { roles: ['admin'] }),
        item('security-access', 'Access Management', 'securityAccess', { roles: ['admin'] }),
        item('security-identity', 'Identity Management', 'securityIdentity', { roles: ['admin'] }),
      ],
    },
    item('support', 'Support', 'support', { icon: LifePreserver }),
    {
      id: 'developer-settings',
      title: 'Developer Settings',
      type: 'collapse',
      icon: CodeSlash,
      children: [item('api-creator', 'API Creator', 'apiCreator'), item('api-management', 'API Management', 'apiManagement')],
    },
    item('admin', 'Admin', 'admin', { icon: Building }),
  ],
};
