// The one access table (docs/shell-rules.md, "Roles, editions and the access table"). Routes, menu and the portal API all read it, so
// a user sees a menu item exactly when its page would open and the API agrees.
import { appPaths, type AppRouteId } from '../paths';
import { hasAnyRole, hasFeature, type Feature } from './editions';
import { PUBLIC_ROLE, SNOWFLAKE_SYSTEM_ROLES } from '../warehouse/systemRoles';

export const INTEGRATION_ENGINEER = 'Integration_Engineer';

export interface AccessRule {
  feature?: Feature;
  /** The user needs any one of these realm roles. */
  roles?: readonly string[];
  /** Route and menu item are hidden from anyone holding Integration_Engineer. */
  hiddenForIntegrationEngineer?: boolean;
}

const adminOrClientAdmin = ['admin', 'Client-Admin'] as const;
const catalogBasic: AccessRule = { feature: 'data_catalog_basic' };
const catalogAdvanced: AccessRule = { feature: 'data_catalog_advanced' };
const optimize: AccessRule = { feature: 'snowflake_optimization', hiddenForIntegrationEngineer: true };
const warehouseUsers: AccessRule = {
  feature: 'user_management',
  roles: adminOrClientAdmin,
  hiddenForIntegrationEngineer: true,
};
const integrations: AccessRule = { feature: 'integrations' };
const docsPages: AccessRule = { roles: ['admin', 'Client-Dataworks-docs', INTEGRATION_ENGINEER] };
const developer: AccessRule = { roles: ['product', 'admin', INTEGRATION_ENGINEER] };

export const accessRules: Record<AppRouteId, AccessRule> = {
  home: { feature: 'home' },
  // Any signed-in user may see that they have no access yet.
  noAccess: {},
  dashboardDefault: { roles: adminOrClientAdmin },
  viewer: { feature: 'viewer', hiddenForIntegrationEngineer: true },
  exposures: { feature: 'consume', roles: ['admin'] },
  exposure: { feature: 'consume', roles: ['admin'] },
  freshness: { feature: 'freshness', roles: ['admin'] },
  integrations,
  manageConnectors: integrations,
  addConnector: integrations,
  addConnectorManaged: integrations,
  addConnectorCustom: integrations,
  apiCreator: developer,
  apiManagement: developer,
  support: { feature: 'support' },
  supportTicket: { feature: 'support' },
  projects: { roles: adminOrClientAdmin },
  hive: { roles: ['user', 'admin'] },
  faq: { roles: ['user', 'admin'] },
  snowflakeCost: optimize,
  snowflakeQueries: optimize,
  snowflakeWarehouses: optimize,
  snowflakeUsers: { feature: 'snowflake_users', hiddenForIntegrationEngineer: true },
  admin: { roles: ['admin', 'assured'] },
  catalogExplore: catalogBasic,
  catalogLineage: catalogBasic,
  catalogAssets: catalogBasic,
  catalogAsset: catalogBasic,
  catalogProducts: catalogAdvanced,
  catalogProduct: catalogAdvanced,
  catalogDataQuality: catalogAdvanced,
  catalogIncidents: catalogAdvanced,
  catalogAlerts: catalogAdvanced,
  catalogDomain: catalogAdvanced,
  catalogGlossary: catalogAdvanced,
  catalogClassifications: catalogAdvanced,
  catalogMetrics: catalogAdvanced,
  catalogSettings: { feature: 'data_catalog_basic', roles: ['admin', 'Client-Dataworks-docs'] },
  catalogExternal: {
    feature: 'data_catalog_basic',
    roles: ['admin', 'Client-Dataworks-docs', 'Client-dataworks-business-users'],
  },
  securityAuthentication: { roles: adminOrClientAdmin },
  securityAccess: { roles: adminOrClientAdmin },
  securityIdentity: { roles: adminOrClientAdmin },
  managementUsers: warehouseUsers,
  managementUser: warehouseUsers,
  managementRoles: warehouseUsers,
  managementRole: warehouseUsers,
  features: { roles: adminOrClientAdmin },
  feature: { roles: adminOrClientAdmin },
  notifications: docsPages,
  knowledgebase: docsPages,
};

/**
 * The realm role of service accounts that upload dbt artifacts (a client-credentials client of
 * the identity server, e.g. a dbt job after `dbt build`). It opens no page.
 */
export const DBT_UPLOADER_ROLE = 'dbt-uploader';

/**
 * API-only rules: calls no page stands for. `dbtUpload` is POST /api/dbt/artifacts — the
 * organisation's administrators and documentation editors, and its dbt service accounts.
 */
export const apiAccessRules = {
  dbtUpload: { roles: ['admin', 'Client-Dataworks-docs', DBT_UPLOADER_ROLE] },
} as const satisfies Record<string, AccessRule>;

/**
 * Who may change the organisation's warehouse account: apply a warehouse recommendation, manage
 * its users and roles. Pages hide those controls from everyone else; the API refuses them too.
 */
export const warehouseWriterRoles: readonly string[] = adminOrClientAdmin;

export function canWriteWarehouse(userRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, warehouseWriterRoles);
}

/**
 * Which portal roles may manage which warehouse roles. Snowflake's system roles hand over the
 * account (ACCOUNTADMIN, ORGADMIN, SECURITYADMIN, USERADMIN, SYSADMIN): only the platform's own
 * administrators (`admin`) may grant, revoke, drop or set them as a default, and the same holds
 * for any role that includes one of them (the warehouse layer works that out from the account's
 * role hierarchy). PUBLIC is held by every user, so granting a role *to* PUBLIC grants it to
 * everyone: that is `admin`'s alone too. Every other warehouse role: whoever may write the
 * warehouse.
 */
export const protectedWarehouseRoles: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  [...SNOWFLAKE_SYSTEM_ROLES, PUBLIC_ROLE].map((role) => [role, ['admin']]),
);

/** The portal roles that may manage a warehouse role (by its upper-case Snowflake name). */
export function warehouseRoleManagers(warehouseRole: string): readonly string[] {
  return protectedWarehouseRoles[warehouseRole] ?? warehouseWriterRoles;
}

export function mayManageWarehouseRole(userRoles: readonly string[], warehouseRole: string): boolean {
  return hasAnyRole(userRoles, warehouseRoleManagers(warehouseRole));
}

/**
 * Support staff (docs/shell-rules.md, "Roles, editions and the access table"): they see every ticket of their organisation, answer with
 * public replies and internal notes, assign and open a ticket's captured layout settings.
 * Everyone else who may open /app/support sees only the tickets they requested.
 */
export const supportStaffRoles: readonly string[] = ['assured', 'admin'];

export function isSupportStaff(userRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, supportStaffRoles);
}

/**
 * The workspace's editors: knowledge base articles are written by `admin` and
 * `Client-Dataworks-docs`; the FAQ, promoting a Hive answer to it and the roadmap's status
 * (feature requests) are `admin`'s.
 */
export const knowledgeEditorRoles: readonly string[] = ['admin', 'Client-Dataworks-docs'];
export const faqManagerRoles: readonly string[] = ['admin'];
export const roadmapManagerRoles: readonly string[] = ['admin'];

/** Who may register a program from the portal's connector directory as a custom connector. */
export const customConnectorAdminRoles: readonly string[] = ['admin'];

export function canEditKnowledge(userRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, knowledgeEditorRoles);
}

export function canManageFaq(userRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, faqManagerRoles);
}

export function canManageRoadmap(userRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, roadmapManagerRoles);
}

/** Whether a user with these realm roles may open the route (and call the API behind it). */
export function canAccess(userRoles: readonly string[], rule: AccessRule): boolean {
  if (rule.hiddenForIntegrationEngineer && userRoles.includes(INTEGRATION_ENGINEER)) return false;
  if (rule.feature && !hasFeature(userRoles, rule.feature)) return false;
  return hasAnyRole(userRoles, rule.roles);
}

export function canOpen(userRoles: readonly string[], routeId: AppRouteId): boolean {
  return canAccess(userRoles, accessRules[routeId]);
}

/**
 * Candidates for the landing page, in side-menu order. Pages outside the menu (hive, faq)
 * are left out on purpose: a fresh account holding only `user` lands on the no-access page.
 */
const landingOrder: readonly AppRouteId[] = [
  'home',
  'exposures',
  'freshness',
  'dashboardDefault',
  'integrations',
  'catalogExplore',
  'knowledgebase',
  'notifications',
  'snowflakeCost',
  'projects',
  'managementUsers',
  'securityAuthentication',
  'support',
  'apiCreator',
  'admin',
];

/** The page a user lands on: home when allowed, else the first page they may open, else no-access. */
export function defaultPathFor(userRoles: readonly string[]): string {
  const first = landingOrder.find((routeId) => canOpen(userRoles, routeId));
  return first ? appPaths[first] : appPaths.noAccess;
}
