// Every screen of the portal as data: path, title and its lazy, named chunk. Pages of areas
// that are not built yet share one honest "not available yet" chunk.
import { appPaths, publicPaths, type AppRouteId, type PublicRouteId } from '@common/paths';
import OfflinePage from '../features/public/OfflinePage';
import { lazyPage } from './lazyChunk';

export interface ScreenRoute<Id extends string> {
  id: Id;
  title: string;
  lazy: ReturnType<typeof lazyPage>;
}

const notAvailableYet = lazyPage(() => import(/* webpackChunkName: "not-available" */ '../components/NotAvailableYetPage'));

export const publicScreens: ScreenRoute<PublicRouteId>[] = [
  { id: 'landing', title: 'Welcome', lazy: lazyPage(() => import(/* webpackChunkName: "landing" */ '../features/public/LandingPage')) },
  { id: 'login', title: 'Sign in', lazy: lazyPage(() => import(/* webpackChunkName: "sign-in" */ '../features/sign-in/LoginPage')) },
  { id: 'signin2', title: 'Sign in', lazy: lazyPage(() => import(/* webpackChunkName: "sign-in" */ '../features/sign-in/LoginPage')) },
  { id: 'signup', title: 'Sign up', lazy: lazyPage(() => import(/* webpackChunkName: "sign-in" */ '../features/sign-in/SignupPage')) },
  {
    id: 'resetPassword',
    title: 'Reset password',
    lazy: lazyPage(() => import(/* webpackChunkName: "sign-in" */ '../features/sign-in/ResetPasswordPage')),
  },
  {
    id: 'notFound',
    title: 'Page not found',
    lazy: lazyPage(() => import(/* webpackChunkName: "status-pages" */ '../features/public/NotFoundPage')),
  },
  {
    id: 'comingSoon',
    title: 'Coming soon',
    lazy: lazyPage(() => import(/* webpackChunkName: "status-pages" */ '../features/public/ComingSoonPage')),
  },
  {
    id: 'maintenanceError',
    title: 'Something went wrong',
    lazy: lazyPage(() => import(/* webpackChunkName: "status-pages" */ '../features/public/MaintenanceErrorPage')),
  },
  // The offline page is in the initial bundle: when the network is gone, no chunk can load.
  { id: 'offline', title: 'You are offline', lazy: async () => ({ Component: OfflinePage }) },
];

const screen = (id: AppRouteId, title: string, lazy = notAvailableYet): ScreenRoute<AppRouteId> => ({ id, title, lazy });

export const appScreens: ScreenRoute<AppRouteId>[] = [
  screen(
    'home',
    'Home',
    lazyPage(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage')),
  ),
  screen(
    'noAccess',
    'No access yet',
    lazyPage(() => import(/* webpackChunkName: "no-access" */ '../features/no-access/NoAccessPage')),
  ),
  screen(
    'dashboardDefault',
    'Dashboard',
    lazyPage(() => import(/* webpackChunkName: "dashboards" */ '../features/dashboards/DashboardsPage')),
  ),
  screen(
    'viewer',
    'Viewer',
    lazyPage(() => import(/* webpackChunkName: "viewer" */ '../features/viewer/ViewerPage')),
  ),
  screen(
    'exposures',
    'Exposures',
    lazyPage(() => import(/* webpackChunkName: "exposures" */ '../features/consume/ExposuresPage')),
  ),
  screen(
    'exposure',
    'Exposure',
    lazyPage(() => import(/* webpackChunkName: "exposure" */ '../features/consume/ExposurePage')),
  ),
  screen(
    'freshness',
    'Freshness',
    lazyPage(() => import(/* webpackChunkName: "freshness" */ '../features/consume/FreshnessPage')),
  ),
  screen(
    'integrations',
    'Integrations',
    lazyPage(() => import(/* webpackChunkName: "integrations" */ '../features/integrations/IntegrationsOverviewPage')),
  ),
  screen(
    'manageConnectors',
    'Manage Connectors',
    lazyPage(() => import(/* webpackChunkName: "manage-connectors" */ '../features/integrations/ManageConnectorsPage')),
  ),
  screen(
    'addConnector',
    'Add New Connector',
    lazyPage(() => import(/* webpackChunkName: "add-connector" */ '../features/integrations/AddConnectorPage')),
  ),
  screen(
    'addConnectorManaged',
    'Add Managed Connector',
    lazyPage(() => import(/* webpackChunkName: "add-connector-managed" */ '../features/integrations/AddManagedConnectorPage')),
  ),
  screen(
    'addConnectorCustom',
    'Add Custom Connector',
    lazyPage(() => import(/* webpackChunkName: "add-connector-custom" */ '../features/integrations/AddCustomConnectorPage')),
  ),
  screen(
    'apiCreator',
    'API Creator',
    lazyPage(() => import(/* webpackChunkName: "api-creator" */ '../features/data-api/ApiCreatorPage')),
  ),
  screen(
    'apiManagement',
    'API Management',
    lazyPage(() => import(/* webpackChunkName: "api-management" */ '../features/data-api/ApiManagementPage')),
  ),
  screen(
    'support',
    'Support',
    lazyPage(() => import(/* webpackChunkName: "support" */ '../features/support/SupportPage')),
  ),
  screen(
    'supportTicket',
    'Support Ticket',
    lazyPage(() => import(/* webpackChunkName: "support-ticket" */ '../features/support/TicketPage')),
  ),
  screen(
    'projects',
    'Projects',
    lazyPage(() => import(/* webpackChunkName: "projects" */ '../features/projects/ProjectsPage')),
  ),
  screen(
    'hive',
    'Hive',
    lazyPage(() => import(/* webpackChunkName: "hive" */ '../features/hive/HivePage')),
  ),
  screen(
    'faq',
    'FAQ',
    lazyPage(() => import(/* webpackChunkName: "faq" */ '../features/faq/FaqPage')),
  ),
  screen(
    'snowflakeCost',
    'Cost',
    lazyPage(() => import(/* webpackChunkName: "snowflake-cost" */ '../features/snowflake/cost/CostPage')),
  ),
  screen(
    'snowflakeQueries',
    'Queries',
    lazyPage(() => import(/* webpackChunkName: "snowflake-queries" */ '../features/snowflake/queries/QueriesPage')),
  ),
  screen(
    'snowflakeWarehouses',
    'Warehouses',
    lazyPage(() => import(/* webpackChunkName: "snowflake-warehouses" */ '../features/snowflake/warehouses/WarehousesPage')),
  ),
  screen(
    'snowflakeUsers',
    'Users',
    lazyPage(() => import(/* webpackChunkName: "snowflake-users" */ '../features/snowflake/users/UsersPage')),
  ),
  screen(
    'admin',
    'Admin',
    lazyPage(() => import(/* webpackChunkName: "admin" */ '../features/admin/AdminPage')),
  ),
  screen(
    'catalogExplore',
    'Explore',
    lazyPage(() => import(/* webpackChunkName: "catalog-explore" */ '../features/catalog/ExplorePage')),
  ),
  screen(
    'catalogProducts',
    'Data Products',
    lazyPage(() => import(/* webpackChunkName: "catalog-products" */ '../features/catalog/domains/ProductsPage')),
  ),
  screen(
    'catalogProduct',
    'Data Product',
    lazyPage(() => import(/* webpackChunkName: "catalog-product" */ '../features/catalog/domains/ProductPage')),
  ),
  screen(
    'catalogLineage',
    'Lineage',
    lazyPage(() => import(/* webpackChunkName: "catalog-lineage" */ '../features/catalog/LineagePage')),
  ),
  screen(
    'catalogDataQuality',
    'Data Quality',
    lazyPage(() => import(/* webpackChunkName: "catalog-data-quality" */ '../features/catalog/observability/DataQualityPage')),
  ),
  screen(
    'catalogIncidents',
    'Incident Manager',
    lazyPage(() => import(/* webpackChunkName: "catalog-incidents" */ '../features/catalog/observability/IncidentsPage')),
  ),
  screen(
    'catalogAlerts',
    'Alerts',
    lazyPage(() => import(/* webpackChunkName: "catalog-alerts" */ '../features/catalog/alerts/AlertsPage')),
  ),
  screen(
    'catalogAssets',
    'Data Assets',
    lazyPage(() => import(/* webpackChunkName: "catalog-assets" */ '../features/catalog/AssetsPage')),
  ),
  screen(
    'catalogAsset',
    'Data Asset',
    lazyPage(() => import(/* webpackChunkName: "catalog-asset" */ '../features/catalog/AssetPage')),
  ),
  screen(
    'catalogDomain',
    'Domain',
    lazyPage(() => import(/* webpackChunkName: "catalog-domain" */ '../features/catalog/domains/DomainsPage')),
  ),
  screen(
    'catalogGlossary',
    'Glossary',
    lazyPage(() => import(/* webpackChunkName: "catalog-glossary" */ '../features/catalog/governance/glossary/GlossaryPage')),
  ),
  screen(
    'catalogClassifications',
    'Classifications',
    lazyPage(
      () => import(/* webpackChunkName: "catalog-classifications" */ '../features/catalog/governance/classifications/ClassificationsPage'),
    ),
  ),
  screen(
    'catalogMetrics',
    'Metrics',
    lazyPage(() => import(/* webpackChunkName: "catalog-metrics" */ '../features/catalog/governance/metrics/MetricsPage')),
  ),
  screen(
    'catalogSettings',
    'Catalog Settings',
    lazyPage(() => import(/* webpackChunkName: "catalog-settings" */ '../features/catalog/settings/CatalogSettingsPage')),
  ),
  screen(
    'catalogExternal',
    'Data Catalog',
    lazyPage(() => import(/* webpackChunkName: "catalog-external" */ '../features/catalog/ExternalCatalogPage')),
  ),
  screen(
    'securityAuthentication',
    'Authentication',
    lazyPage(() => import(/* webpackChunkName: "security-authentication" */ '../features/security/AuthenticationPage')),
  ),
  screen(
    'securityAccess',
    'Access Management',
    lazyPage(() => import(/* webpackChunkName: "security-access" */ '../features/security/AccessManagementPage')),
  ),
  screen(
    'securityIdentity',
    'Identity Management',
    lazyPage(() => import(/* webpackChunkName: "security-identity" */ '../features/security/IdentityManagementPage')),
  ),
  screen(
    'managementUsers',
    'Warehouse Users',
    lazyPage(() => import(/* webpackChunkName: "management-users" */ '../features/user-management/users/UsersPage')),
  ),
  screen(
    'managementUser',
    'Warehouse User',
    lazyPage(() => import(/* webpackChunkName: "management-user" */ '../features/user-management/users/UserPage')),
  ),
  screen(
    'managementRoles',
    'Warehouse Roles',
    lazyPage(() => import(/* webpackChunkName: "management-roles" */ '../features/user-management/roles/RolesPage')),
  ),
  screen(
    'managementRole',
    'Warehouse Role',
    lazyPage(() => import(/* webpackChunkName: "management-role" */ '../features/user-management/roles/RolePage')),
  ),
  screen(
    'features',
    'Features',
    lazyPage(() => import(/* webpackChunkName: "features" */ '../features/feature-requests/FeaturesPage')),
  ),
  screen(
    'feature',
    'Feature',
    lazyPage(() => import(/* webpackChunkName: "feature" */ '../features/feature-requests/FeaturePage')),
  ),
  screen(
    'notifications',
    'Notifications',
    lazyPage(() => import(/* webpackChunkName: "notifications" */ '../features/notifications/NotificationsPage')),
  ),
  screen(
    'knowledgebase',
    'Knowledge Base',
    lazyPage(() => import(/* webpackChunkName: "knowledgebase" */ '../features/knowledge/KnowledgeBasePage')),
  ),
];

export { appPaths, publicPaths };
