// Every row of the access table (docs/shell-rules.md, "Roles, editions and the access table") for every demo account. The expected
// sets are written out from the design by hand, not derived from the code under test.
import { canOpen, defaultPathFor, isSupportStaff } from '@common/access/access';
import { appPaths, type AppRouteId } from '@common/paths';
import { demoAccounts, demoRoles, type DemoAccount } from './demoAccounts';

const all = demoAccounts.filter((account) => account !== 'nobody');
const main: DemoAccount[] = ['admin', 'clientadmin', 'engineer', 'docs', 'business', 'product', 'assured'];
const mainNoEngineer = main.filter((account) => account !== 'engineer');
const lite: DemoAccount[] = ['lite', 'liteadmin'];
const adminish: DemoAccount[] = ['admin', 'clientadmin', 'product'];

const expected: Record<AppRouteId, DemoAccount[]> = {
  home: [...main, ...lite],
  noAccess: [...demoAccounts],
  dashboardDefault: adminish,
  viewer: [...mainNoEngineer, ...lite],
  exposures: ['admin', 'product'],
  exposure: ['admin', 'product'],
  freshness: ['admin', 'product'],
  integrations: [...main, ...lite],
  manageConnectors: [...main, ...lite],
  addConnector: [...main, ...lite],
  addConnectorManaged: [...main, ...lite],
  addConnectorCustom: [...main, ...lite],
  apiCreator: ['admin', 'engineer', 'product'],
  apiManagement: ['admin', 'engineer', 'product'],
  support: [...main, ...lite],
  supportTicket: [...main, ...lite],
  projects: adminish,
  hive: all,
  faq: all,
  snowflakeCost: mainNoEngineer,
  snowflakeQueries: mainNoEngineer,
  snowflakeWarehouses: mainNoEngineer,
  snowflakeUsers: mainNoEngineer,
  admin: ['admin', 'product', 'assured'],
  catalogExplore: [...main, ...lite],
  catalogLineage: [...main, ...lite],
  catalogAssets: [...main, ...lite],
  catalogAsset: [...main, ...lite],
  catalogProducts: main,
  catalogProduct: main,
  catalogDataQuality: main,
  catalogIncidents: main,
  catalogAlerts: main,
  catalogDomain: main,
  catalogGlossary: main,
  catalogClassifications: main,
  catalogMetrics: main,
  catalogSettings: ['admin', 'docs', 'product'],
  catalogExternal: ['admin', 'docs', 'business', 'product'],
  securityAuthentication: adminish,
  securityAccess: adminish,
  securityIdentity: adminish,
  managementUsers: adminish,
  managementUser: adminish,
  managementRoles: adminish,
  managementRole: adminish,
  features: adminish,
  feature: adminish,
  notifications: ['admin', 'engineer', 'docs', 'product'],
  knowledgebase: ['admin', 'engineer', 'docs', 'product'],
};

describe('access table', () => {
  const rows = (Object.keys(appPaths) as AppRouteId[]).flatMap((routeId) =>
    demoAccounts.map((account) => [routeId, account, expected[routeId].includes(account)] as const),
  );

  it.each(rows)('%s for %s: %s', (routeId, account, allowed) => {
    expect(canOpen(demoRoles[account], routeId)).toBe(allowed);
  });

  it('support staff are assured and admin, nobody else', () => {
    const staff = demoAccounts.filter((account) => isSupportStaff(demoRoles[account]));
    expect(staff.sort()).toEqual(['admin', 'assured', 'product']);
  });

  it('Integration_Engineer loses Viewer, Optimize and User Management even with admin', () => {
    const roles = ['admin', 'Integration_Engineer'];
    expect(canOpen(roles, 'viewer')).toBe(false);
    expect(canOpen(roles, 'snowflakeCost')).toBe(false);
    expect(canOpen(roles, 'managementUsers')).toBe(false);
    expect(canOpen(roles, 'exposures')).toBe(true);
  });
});

describe('default page', () => {
  it.each(main.concat(lite))('%s lands on home', (account) => {
    expect(defaultPathFor(demoRoles[account])).toBe('/app/home');
  });

  it('an account without roles, or with only "user", lands on the no-access page', () => {
    expect(defaultPathFor([])).toBe('/app/no-access');
    expect(defaultPathFor(['user'])).toBe('/app/no-access');
  });

  it('without home, the first page the user may open, which they can open (no loop)', () => {
    // "product" alone is in no edition: no features, but Developer Settings lets it in.
    const productOnly = ['product'];
    expect(defaultPathFor(productOnly)).toBe('/app/api-creator');
    expect(canOpen(productOnly, 'apiCreator')).toBe(true);
  });
});
