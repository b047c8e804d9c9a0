// Protected warehouse roles: with the access rules' policy, a Client-Admin cannot grant, revoke,
// assign, drop or grant to a system role (or PUBLIC as the receiving side), nor any role that
// includes one; the platform's admin can. Refusals are 403s naming the role and change nothing.
import { mayManageWarehouseRole } from '@common/access/access';
import { WarehouseError } from '../../../../server/src/platform/warehouse/errors';
import type { WarehouseChange } from '../../../../server/src/features/warehouse/management/changes';
import { openTestAccount, type TestAccount } from './sampleAccount';

const clientAdmin = { mayManageRole: (role: string) => mayManageWarehouseRole(['user', 'Client-Admin'], role) };
const admin = { mayManageRole: (role: string) => mayManageWarehouseRole(['user', 'admin'], role) };

describe('protected warehouse roles', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await openTestAccount();
    // A custom role that includes ACCOUNTADMIN, made by the platform's admin.
    await account.warehouse.write({ kind: 'createRole', roleName: 'SHADOW_ADMIN' }, undefined, admin);
    await account.warehouse.write({ kind: 'grantRoleToRole', roleName: 'ACCOUNTADMIN', parentRoleName: 'SHADOW_ADMIN' }, undefined, admin);
    await account.warehouse.write({ kind: 'createRole', roleName: 'PLAIN_ROLE' }, undefined, admin);
  });
  afterAll(() => account.close());

  async function state(): Promise<string> {
    const tables = ['ACCOUNT_USAGE.USERS', 'ACCOUNT_USAGE.ROLES', 'ACCOUNT_USAGE.GRANTS_TO_USERS', 'ACCOUNT_USAGE.GRANTS_TO_ROLES'];
    return JSON.stringify(await Promise.all(tables.map((table) => account.sql(`SELECT * FROM ${table} ORDER BY ALL`))));
  }

  const holder = 'DBT_SVC';
  it.each<[string, WarehouseChange, string]>([
    ['the example of the report', { kind: 'grantRoleToRole', roleName: 'ACCOUNTADMIN', parentRoleName: 'PUBLIC' }, 'ACCOUNTADMIN'],
    ['grantRoleToUser.roleName', { kind: 'grantRoleToUser', roleName: 'ACCOUNTADMIN', userName: holder }, 'ACCOUNTADMIN'],
    ['revokeRoleFromUser.roleName', { kind: 'revokeRoleFromUser', roleName: 'SECURITYADMIN', userName: holder }, 'SECURITYADMIN'],
    ['createUser.defaultRole', { kind: 'createUser', userName: 'NEW_BOSS', defaultRole: 'SYSADMIN' }, 'SYSADMIN'],
    ['setUserDefaults.defaultRole', { kind: 'setUserDefaults', userName: holder, defaultRole: 'USERADMIN' }, 'USERADMIN'],
    ['grantRoleToRole.roleName', { kind: 'grantRoleToRole', roleName: 'SECURITYADMIN', parentRoleName: 'PLAIN_ROLE' }, 'SECURITYADMIN'],
    ['grantRoleToRole.parentRoleName', { kind: 'grantRoleToRole', roleName: 'PLAIN_ROLE', parentRoleName: 'SYSADMIN' }, 'SYSADMIN'],
    ['grantRoleToRole.parentRoleName = PUBLIC', { kind: 'grantRoleToRole', roleName: 'PLAIN_ROLE', parentRoleName: 'PUBLIC' }, 'PUBLIC'],
    ['revokeRoleFromRole.roleName', { kind: 'revokeRoleFromRole', roleName: 'SYSADMIN', parentRoleName: 'ACCOUNTADMIN' }, 'SYSADMIN'],
    ['revokeRoleFromRole.parentRoleName', { kind: 'revokeRoleFromRole', roleName: 'ANALYST', parentRoleName: 'SYSADMIN' }, 'SYSADMIN'],
    [
      'a role that includes ACCOUNTADMIN, granted',
      { kind: 'grantRoleToUser', roleName: 'SHADOW_ADMIN', userName: holder },
      'SHADOW_ADMIN includes ACCOUNTADMIN',
    ],
    [
      'a role that includes ACCOUNTADMIN, as a default',
      { kind: 'setUserDefaults', userName: holder, defaultRole: 'SHADOW_ADMIN' },
      'SHADOW_ADMIN includes ACCOUNTADMIN',
    ],
    ['a role that includes ACCOUNTADMIN, dropped', { kind: 'dropRole', roleName: 'SHADOW_ADMIN' }, 'SHADOW_ADMIN includes ACCOUNTADMIN'],
    [
      'a role that includes ACCOUNTADMIN, receiving a grant',
      { kind: 'grantRoleToRole', roleName: 'PLAIN_ROLE', parentRoleName: 'SHADOW_ADMIN' },
      'SHADOW_ADMIN includes ACCOUNTADMIN',
    ],
    [
      'ACCOUNTADMIN itself includes SYSADMIN',
      { kind: 'revokeRoleFromRole', roleName: 'PLAIN_ROLE', parentRoleName: 'ACCOUNTADMIN' },
      'ACCOUNTADMIN',
    ],
  ])('refuses a Client-Admin: %s', async (_name, change, named) => {
    const before = await state();
    const error = await account.warehouse.write(change, undefined, clientAdmin).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WarehouseError);
    expect(error).toMatchObject({ kind: 'forbidden' });
    expect((error as Error).message).toContain(named);
    expect(await state()).toBe(before);
  });

  it('lets a Client-Admin manage ordinary roles, and use PUBLIC where it gives nothing', async () => {
    await account.warehouse.write({ kind: 'grantRoleToUser', roleName: 'PLAIN_ROLE', userName: holder }, undefined, clientAdmin);
    await account.warehouse.write({ kind: 'setUserDefaults', userName: holder, defaultRole: 'PUBLIC' }, undefined, clientAdmin);
    await account.warehouse.write({ kind: 'grantRoleToRole', roleName: 'PLAIN_ROLE', parentRoleName: 'ANALYST' }, undefined, clientAdmin);
    await account.warehouse.write(
      { kind: 'revokeRoleFromRole', roleName: 'PLAIN_ROLE', parentRoleName: 'ANALYST' },
      undefined,
      clientAdmin,
    );
    const { roles } = await account.warehouse.getUser(holder);
    expect(roles.map((grant) => grant.role)).toContain('PLAIN_ROLE');
  });

  it('lets the platform admin grant a system role', async () => {
    const applied = await account.warehouse.write(
      { kind: 'grantRoleToUser', roleName: 'ACCOUNTADMIN', userName: 'LOOKER_SVC' },
      undefined,
      admin,
    );
    expect(applied.statements).toEqual(['GRANT ROLE "ACCOUNTADMIN" TO USER "LOOKER_SVC"']);
  });

  it('refuses to drop or create a system role for anyone (400)', async () => {
    await expect(account.warehouse.write({ kind: 'dropRole', roleName: 'ACCOUNTADMIN' }, undefined, admin)).rejects.toMatchObject({
      field: 'roleName',
    });
    await expect(account.warehouse.write({ kind: 'createRole', roleName: 'PUBLIC' }, undefined, admin)).rejects.toMatchObject({
      field: 'roleName',
    });
  });
});
