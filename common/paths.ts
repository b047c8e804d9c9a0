// Every route path of the portal, in one place: routes, menu, guards, links and the API's
// access checks all refer to these ids instead of repeating strings.

export const publicPaths = {
  login: '/login',
  signin2: '/auth/signin-2',
  signup: '/auth/signup-2',
  resetPassword: '/auth/reset-password-1',
  notFound: '/404',
  comingSoon: '/maintenance/coming-soon',
  maintenanceError: '/maintenance/error',
  offline: '/maintenance/offline-ui',
  landing: '/landing',
} as const;

export const appPaths = {
  home: '/app/home',
  noAccess: '/app/no-access',
  dashboardDefault: '/app/dashboard/default',
  viewer: '/app/viewer/:dashboardName',
  exposures: '/app/exposures',
  exposure: '/app/exposures/:exposureId',
  freshness: '/app/freshness',
  integrations: '/app/integrations',
  manageConnectors: '/app/integrations/manage-connectors',
  addConnector: '/app/integrations/add-connector',
  addConnectorManaged: '/app/integrations/add-connector/managed',
  addConnectorCustom: '/app/integrations/add-connector/custom',
  apiCreator: '/app/api-creator',
  apiManagement: '/app/api-management',
  support: '/app/support',
  supportTicket: '/app/support/tickets/:ticketId',
  projects: '/app/projects',
  hive: '/app/hive',
  faq: '/app/faq',
  snowflakeCost: '/app/snowflake/cost',
  snowflakeQueries: '/app/snowflake/queries',
  snowflakeWarehouses: '/app/snowflake/warehouses',
  snowflakeUsers: '/app/snowflake/users',
  admin: '/app/admin',
  catalogExplore: '/app/data-catalog/explore',
  catalogProducts: '/app/data-catalog/products',
  catalogProduct: '/app/data-catalog/products/:productId',
  catalogLineage: '/app/data-catalog/lineage',
  catalogDataQuality: '/app/data-catalog/observability/data-quality',
  catalogIncidents: '/app/data-catalog/observability/incident-manager',
  catalogAlerts: '/app/data-catalog/observability/alerts',
  catalogAssets: '/app/data-catalog/assets',
  catalogAsset: '/app/data-catalog/assets/:assetId',
  catalogDomain: '/app/data-catalog/domain',
  catalogGlossary: '/app/data-catalog/governance/glossary',
  catalogClassifications: '/app/data-catalog/governance/classifications',
  catalogMetrics: '/app/data-catalog/governance/metrics',
  catalogSettings: '/app/data-catalog/settings',
  catalogExternal: '/app/Data-Catalog/:subDomain/:subSubDomain?',
  securityAuthentication: '/app/security/authentication',
  securityAccess: '/app/security/access-management',
  securityIdentity: '/app/security/identity-management',
  managementUsers: '/app/management/users',
  managementUser: '/app/management/users/:username',
  managementRoles: '/app/management/roles',
  managementRole: '/app/management/roles/:roleId',
  features: '/app/features',
  feature: '/app/features/feature/:id',
  notifications: '/app/notifications',
  knowledgebase: '/app/knowledgebase',
} as const;

export type PublicRouteId = keyof typeof publicPaths;
export type AppRouteId = keyof typeof appPaths;

/** Builds the viewer link for one configured dashboard, both parts encoded. */
export function viewerPath(name: string, url: string): string {
  return `/app/viewer/${encodeURIComponent(name)}?dashboard_url=${encodeURIComponent(url)}`;
}

/** A warehouse user's page in User Management. */
export function warehouseUserPath(name: string): string {
  return appPaths.managementUser.replace(':username', encodeURIComponent(name));
}

/** A warehouse role's page in User Management. */
export function warehouseRolePath(name: string): string {
  return appPaths.managementRole.replace(':roleId', encodeURIComponent(name));
}

/**
 * A path we may send the browser to after sign-in: same origin, absolute, no scheme-relative
 * `//host` trick and no backslash (browsers treat `/\host` like `//host`). Anything else is
 * refused so `/login?next=` can never become an open redirect.
 */
export function isSafeLocalPath(value: string | null | undefined): value is string {
  if (!value || !value.startsWith('/')) return false;
  if (value.startsWith('//') || value.includes('\\')) return false;
  // Control characters can hide a scheme from naive checks; matching them is the point here.
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f]/.test(value);
}

/** An exposure's page under Consume (the id is dbt's unique_id). */
export function exposurePath(uniqueId: string): string {
  return appPaths.exposure.replace(':exposureId', encodeURIComponent(uniqueId));
}

/** A catalog asset's page (the id is dbt's unique_id). */
export function catalogAssetPath(uniqueId: string): string {
  return appPaths.catalogAsset.replace(':assetId', encodeURIComponent(uniqueId));
}

/** A data product's page. */
export function catalogProductPath(productId: string): string {
  return appPaths.catalogProduct.replace(':productId', encodeURIComponent(productId));
}

/** A support ticket's page. */
export function supportTicketPath(ticketId: string): string {
  return appPaths.supportTicket.replace(':ticketId', encodeURIComponent(ticketId));
}

/** A feature request's page. */
export function featureRequestPath(id: string): string {
  return appPaths.feature.replace(':id', encodeURIComponent(id));
}

/** One knowledge base article, Hive question or project: its list page with the item opened. */
export function knowledgeArticlePath(id: string): string {
  return `${appPaths.knowledgebase}?article=${encodeURIComponent(id)}`;
}

export function hiveQuestionPath(id: string): string {
  return `${appPaths.hive}?question=${encodeURIComponent(id)}`;
}

export function faqEntryPath(id: string): string {
  return `${appPaths.faq}#faq-${encodeURIComponent(id)}`;
}

export function projectPath(id: string): string {
  return `${appPaths.projects}?project=${encodeURIComponent(id)}`;
}

/** The support page's new-ticket form, filled in (the help assistant's hand-off). */
export function newSupportTicketPath(subject: string, description: string): string {
  return `${appPaths.support}?subject=${encodeURIComponent(subject)}&description=${encodeURIComponent(description)}`;
}
