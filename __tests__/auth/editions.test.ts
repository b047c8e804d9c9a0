import { featuresOf, hasAnyRole, hasFeature } from '@common/access/editions';

describe('hasAnyRole', () => {
  it('is true when any listed role is held', () => {
    expect(hasAnyRole(['user', 'admin'], ['Client-Admin', 'admin'])).toBe(true);
  });
  it('is false when none is held', () => {
    expect(hasAnyRole(['user'], ['Client-Admin', 'admin'])).toBe(false);
  });
  it('asks for nothing when the list is empty or missing', () => {
    expect(hasAnyRole([], [])).toBe(true);
    expect(hasAnyRole([], undefined)).toBe(true);
  });
  it('is case-sensitive, as Keycloak role names are', () => {
    expect(hasAnyRole(['client-admin'], ['Client-Admin'])).toBe(false);
  });
});

describe('editions', () => {
  it('lite has no freshness and no main-only features', () => {
    expect(featuresOf(['Client-Lite']).sort()).toEqual(
      ['consume', 'data_catalog_basic', 'home', 'integrations', 'support', 'viewer'].sort(),
    );
  });
  it('main has the core features plus the main-only ones', () => {
    const main = featuresOf(['Client-Admin']);
    expect(main).toEqual(
      expect.arrayContaining(['freshness', 'snowflake_optimization', 'user_management', 'data_catalog_advanced', 'snowflake_users']),
    );
    expect(main).toHaveLength(11);
  });
  it('roles outside every edition give no feature', () => {
    expect(hasFeature(['user', 'product'], 'home')).toBe(false);
  });
});
