import { filterMenu, menuPathTo, menuTrail } from '../../src/menu/filterMenu';
import { navigationMenu } from '../../src/menu/menuTree';
import { demoRoles } from '../auth/demoAccounts';

const topLevel = (roles: readonly string[]) => filterMenu(navigationMenu, roles)?.children?.map((item) => item.title) ?? [];

describe('menu for each demo account', () => {
  it('admin sees every area but Security (needs product) and the empty Viewer', () => {
    expect(topLevel(demoRoles.admin)).toEqual([
      'Home',
      'Consume',
      'Dashboard',
      'Integrations',
      'Data Catalog',
      'Knowledge Base',
      'Notifications',
      'Optimize',
      'Projects',
      'User Management',
      'Support',
      'Developer Settings',
      'Admin',
    ]);
  });

  it('product also sees Security', () => {
    expect(topLevel(demoRoles.product)).toContain('Security');
  });

  it('engineer has no Optimize or User Management, and Developer Settings', () => {
    const menu = topLevel(demoRoles.engineer);
    expect(menu).not.toContain('Optimize');
    expect(menu).not.toContain('User Management');
    expect(menu).toEqual(expect.arrayContaining(['Developer Settings', 'Knowledge Base', 'Notifications']));
  });

  it('lite sees the lite edition only', () => {
    expect(topLevel(demoRoles.lite)).toEqual(['Home', 'Integrations', 'Data Catalog', 'Support']);
  });

  it('nobody sees nothing', () => {
    expect(filterMenu(navigationMenu, demoRoles.nobody)).toBeNull();
  });

  it('a collapse keeps only the children the user may open', () => {
    const catalog = filterMenu(navigationMenu, demoRoles.lite)?.children?.find((item) => item.id === 'data-catalog');
    expect(catalog?.children?.map((item) => item.title)).toEqual(['Explore', 'Lineage', 'Data Assets']);
  });
});

describe('menu paths', () => {
  it('finds the sections that lead to a page', () => {
    expect(menuPathTo(navigationMenu, '/app/data-catalog/governance/glossary')).toEqual(['data-catalog', 'catalog-governance']);
    expect(menuPathTo(navigationMenu, '/app/home')).toEqual([]);
    expect(menuPathTo(navigationMenu, '/app/unknown')).toBeNull();
  });

  it('builds the breadcrumb trail', () => {
    expect(menuTrail(navigationMenu, '/app/snowflake/cost')?.map((item) => item.title)).toEqual(['Optimize', 'Cost']);
  });
});
