import { InvalidInputError, WarehouseError } from '../../../../server/src/platform/warehouse/errors';
import type { WarehouseChange } from '../../../../server/src/features/warehouse/management/changes';
import type { AppliedChange } from '../../../../server/src/features/warehouse/management/unitOfWork';
import { openTestAccount, type TestAccount } from './sampleAccount';

describe('user management on the sample account', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await openTestAccount();
  });
  afterAll(() => account.close());

  const write = (change: WarehouseChange | Record<string, unknown>, audits?: AppliedChange[]): Promise<AppliedChange> =>
    account.warehouse.write(change, audits ? (a) => void audits.push(a) : undefined);

  /** Snapshot of every table a write may touch. */
  async function state(): Promise<string> {
    const parts = await Promise.all(
      [
        'ACCOUNT_USAGE.USERS',
        'ACCOUNT_USAGE.ROLES',
        'ACCOUNT_USAGE.GRANTS_TO_USERS',
        'ACCOUNT_USAGE.GRANTS_TO_ROLES',
        'DATAWORKS.WAREHOUSES',
      ].map(async (table) => JSON.stringify(await account.sql(`SELECT * FROM ${table} ORDER BY ALL`))),
    );
    return parts.join('\n');
  }

  it('lists and searches users and shows one with its roles', async () => {
    const all = await account.warehouse.listUsers();
    expect(all.length).toBe(24);
    expect(all.some((u) => u.name === 'LOOKER_SVC' && u.type === 'SERVICE')).toBe(true);
    const found = await account.warehouse.listUsers({ search: 'svc' });
    expect(found.map((u) => u.name)).toEqual(['DBT_SVC', 'FIVETRAN_SVC', 'LOOKER_SVC', 'MONITOR_SVC', 'REPORT_SVC', 'TABLEAU_SVC']);
    expect((await account.warehouse.listUsers({ includeDisabled: false })).every((u) => !u.disabled)).toBe(true);
    const detail = await account.warehouse.getUser('dbt_svc');
    expect(detail.user).toMatchObject({ name: 'DBT_SVC', defaultRole: 'TRANSFORMER', defaultWarehouse: 'ELT_WH', disabled: false });
    expect(detail.roles.map((r) => r.role)).toEqual(['TRANSFORMER']);
    await expect(account.warehouse.getUser('NOBODY_HERE')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('lists roles and shows one with its grants and members', async () => {
    const roles = await account.warehouse.listRoles();
    expect(roles.map((r) => r.name)).toEqual(expect.arrayContaining(['ACCOUNTADMIN', 'ANALYST', 'BI_READER', 'SYSADMIN', 'PUBLIC']));
    const analyst = roles.find((r) => r.name === 'ANALYST');
    expect(analyst).toMatchObject({ assignedToUsers: 8, grantedToRoles: 2, grantedRoles: 1 });
    const detail = await account.warehouse.getRole('ANALYST');
    expect(
      detail.members
        .filter((m) => m.grantedTo === 'ROLE')
        .map((m) => m.granteeName)
        .sort(),
    ).toEqual(['DATA_ENGINEER', 'SYSADMIN']);
    expect(detail.members.filter((m) => m.grantedTo === 'USER')).toHaveLength(8);
    expect(detail.privileges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ privilege: 'USAGE', grantedOn: 'WAREHOUSE', name: 'ANALYTICS_WH' }),
        expect.objectContaining({ privilege: 'USAGE', grantedOn: 'ROLE', name: 'BI_READER' }),
      ]),
    );
    expect((await account.warehouse.listRoles({ search: 'admin' })).map((r) => r.name)).toEqual([
      'ACCOUNTADMIN',
      'SECURITYADMIN',
      'SYSADMIN',
      'USERADMIN',
    ]);
  });

  it('creates a user, sets defaults, grants and revokes a role, disables, enables and drops it — each audited', async () => {
    const audits: AppliedChange[] = [];
    const created = await write(
      {
        kind: 'createUser',
        userName: 'new_analyst',
        displayName: 'New Analyst',
        email: 'new.analyst@acme.example',
        defaultRole: 'ANALYST',
      },
      audits,
    );
    expect(created.statements).toEqual([
      `CREATE USER "NEW_ANALYST" LOGIN_NAME = 'NEW_ANALYST' DISPLAY_NAME = 'New Analyst' EMAIL = 'new.analyst@acme.example' DEFAULT_ROLE = 'ANALYST'`,
    ]);
    expect((await account.warehouse.getUser('NEW_ANALYST')).user).toMatchObject({
      displayName: 'New Analyst',
      defaultRole: 'ANALYST',
      disabled: false,
    });

    await write({ kind: 'setUserDefaults', userName: 'NEW_ANALYST', defaultWarehouse: 'ANALYTICS_WH', defaultRole: null }, audits);
    expect((await account.warehouse.getUser('NEW_ANALYST')).user).toMatchObject({ defaultRole: null, defaultWarehouse: 'ANALYTICS_WH' });
    expect(audits.at(-1)).toMatchObject({
      before: { defaultRole: 'ANALYST', defaultWarehouse: null },
      statements: [`ALTER USER "NEW_ANALYST" SET DEFAULT_WAREHOUSE = 'ANALYTICS_WH'`, 'ALTER USER "NEW_ANALYST" UNSET DEFAULT_ROLE'],
    });

    await write({ kind: 'grantRoleToUser', roleName: 'ANALYST', userName: 'NEW_ANALYST' }, audits);
    expect((await account.warehouse.getUser('NEW_ANALYST')).roles.map((r) => r.role)).toEqual(['ANALYST']);
    const again = await write({ kind: 'grantRoleToUser', roleName: 'ANALYST', userName: 'NEW_ANALYST' }, audits);
    expect(again).toMatchObject({ noop: true, statements: [] });
    await write({ kind: 'revokeRoleFromUser', roleName: 'ANALYST', userName: 'NEW_ANALYST' }, audits);
    expect((await account.warehouse.getUser('NEW_ANALYST')).roles).toEqual([]);
    await expect(write({ kind: 'revokeRoleFromUser', roleName: 'ANALYST', userName: 'NEW_ANALYST' })).rejects.toMatchObject({
      kind: 'not_found',
    });

    await write({ kind: 'setUserDisabled', userName: 'NEW_ANALYST', disabled: true }, audits);
    expect((await account.warehouse.getUser('NEW_ANALYST')).user.disabled).toBe(true);
    await write({ kind: 'setUserDisabled', userName: 'NEW_ANALYST', disabled: false }, audits);
    expect((await account.warehouse.getUser('NEW_ANALYST')).user.disabled).toBe(false);

    await write({ kind: 'dropUser', userName: 'NEW_ANALYST' }, audits);
    await expect(account.warehouse.getUser('NEW_ANALYST')).rejects.toMatchObject({ kind: 'not_found' });
    expect(audits.map((a) => a.change.kind)).toEqual([
      'createUser',
      'setUserDefaults',
      'grantRoleToUser',
      'grantRoleToUser',
      'revokeRoleFromUser',
      'setUserDisabled',
      'setUserDisabled',
      'dropUser',
    ]);
    expect(audits.every((a) => a.engine === 'duckdb' && !Number.isNaN(Date.parse(a.appliedAt)))).toBe(true);
  });

  it('creates a role and grants it to another role, refusing duplicates and cycles', async () => {
    await write({ kind: 'createRole', roleName: 'MARKETING_ANALYST', comment: 'Marketing team' });
    await write({ kind: 'grantRoleToRole', roleName: 'BI_READER', parentRoleName: 'MARKETING_ANALYST' });
    await write({ kind: 'grantRoleToRole', roleName: 'MARKETING_ANALYST', parentRoleName: 'SYSADMIN' });
    const detail = await account.warehouse.getRole('MARKETING_ANALYST');
    expect(detail.role).toMatchObject({ comment: 'Marketing team', grantedRoles: 1, grantedToRoles: 1 });
    expect(detail.members).toEqual([expect.objectContaining({ grantedTo: 'ROLE', granteeName: 'SYSADMIN' })]);
    await expect(write({ kind: 'createRole', roleName: 'MARKETING_ANALYST' })).rejects.toMatchObject({ kind: 'already_exists' });
    await expect(write({ kind: 'grantRoleToRole', roleName: 'SYSADMIN', parentRoleName: 'BI_READER' })).rejects.toMatchObject({
      kind: 'conflict',
    });
    await expect(write({ kind: 'createRole', roleName: 'ACCOUNTADMIN' })).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('manages a user whose name needs quoting (created outside the portal, e.g. by SCIM)', async () => {
    const name = "jane.o'brien@acme.example";
    await account.sql(`INSERT INTO ACCOUNT_USAGE.USERS (USER_ID, NAME, LOGIN_NAME, DISPLAY_NAME, CREATED_ON, DISABLED, SNOWFLAKE_LOCK,
      HAS_PASSWORD, MUST_CHANGE_PASSWORD, HAS_MFA, TYPE)
      SELECT MAX(USER_ID) + 1, 'jane.o''brien@acme.example', 'jane.o''brien@acme.example', 'Jane', now(), FALSE, FALSE, FALSE, FALSE, FALSE, 'PERSON'
      FROM ACCOUNT_USAGE.USERS`);
    // The exact name, as the users list shows it, opens the user and changes it.
    expect((await account.warehouse.getUser(name)).user.name).toBe(name);
    const granted = await write({ kind: 'grantRoleToUser', roleName: 'analyst', userName: name });
    expect(granted.statements).toEqual([`GRANT ROLE "ANALYST" TO USER "jane.o'brien@acme.example"`]);
    expect((await account.warehouse.getUser(name)).roles.map((r) => r.role)).toContain('ANALYST');
    await write({ kind: 'setUserDefaults', userName: name, defaultRole: 'ANALYST' });
    await write({ kind: 'setUserDisabled', userName: name, disabled: true });
    expect((await account.warehouse.getUser(name)).user).toMatchObject({ defaultRole: 'ANALYST', disabled: true });
    const dropped = await write({ kind: 'dropUser', userName: name });
    expect(dropped.statements).toEqual([`DROP USER "jane.o'brien@acme.example"`]);
    await expect(account.warehouse.getUser(name)).rejects.toMatchObject({ kind: 'not_found' });
    // A new user still takes Snowflake's unquoted form.
    await expect(write({ kind: 'createUser', userName: name })).rejects.toMatchObject({ field: 'userName' });
  });

  it('refuses changes to objects that do not exist, and creates of ones that do', async () => {
    await expect(write({ kind: 'grantRoleToUser', roleName: 'NO_SUCH_ROLE', userName: 'DBT_SVC' })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Role NO_SUCH_ROLE does not exist.',
    });
    await expect(write({ kind: 'setUserDisabled', userName: 'GHOST', disabled: true })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(write({ kind: 'createUser', userName: 'dbt_svc' })).rejects.toMatchObject({ kind: 'already_exists' });
    await expect(write({ kind: 'createUser', userName: 'X1', defaultWarehouse: 'NOPE_WH' })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(write({ kind: 'alterWarehouse', warehouseName: 'NOPE_WH', size: 'Small' })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(write({ kind: 'alterWarehouse', warehouseName: 'BI_WH', size: 'Huge' } as Record<string, unknown>)).rejects.toMatchObject({
      field: 'size',
    });
    await expect(write({ kind: 'alterWarehouse', warehouseName: 'BI_WH' })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(write({ kind: 'createUser', userName: 'X2', extra: 1 } as Record<string, unknown>)).rejects.toMatchObject({
      field: 'extra',
    });
    await expect(write({ kind: 'launchMissiles' })).rejects.toMatchObject({ field: 'kind' });
  });

  it.each<[string, WarehouseChange | Record<string, unknown>]>([
    ['create user', { kind: 'createUser', userName: 'ROLLED_BACK' }],
    ['disable user', { kind: 'setUserDisabled', userName: 'LOOKER_SVC', disabled: true }],
    ['set defaults', { kind: 'setUserDefaults', userName: 'LOOKER_SVC', defaultRole: 'PUBLIC' }],
    ['grant role', { kind: 'grantRoleToUser', roleName: 'ACCOUNTADMIN', userName: 'LOOKER_SVC' }],
    ['revoke role', { kind: 'revokeRoleFromUser', roleName: 'BI_READER', userName: 'LOOKER_SVC' }],
    ['drop user', { kind: 'dropUser', userName: 'TABLEAU_SVC' }],
    ['create role', { kind: 'createRole', roleName: 'ROLLED_BACK_ROLE' }],
    ['grant role to role', { kind: 'grantRoleToRole', roleName: 'MONITOR', parentRoleName: 'ANALYST' }],
    ['alter warehouse', { kind: 'alterWarehouse', warehouseName: 'BI_WH', size: 'Small', autoSuspendSeconds: 60, maxClusterCount: 3 }],
  ])('rolls back "%s" when the audit throws, leaving nothing half-done', async (_name, change) => {
    const before = await state();
    let audited: AppliedChange | undefined;
    await expect(
      account.warehouse.write(change, (applied) => {
        audited = applied;
        throw new Error('audit failed');
      }),
    ).rejects.toThrow('audit failed');
    expect(audited?.noop).toBe(false);
    expect(await state()).toBe(before);
  });

  it('keeps concurrent writes consistent: one of two identical creates wins', async () => {
    const results = await Promise.allSettled([
      write({ kind: 'createRole', roleName: 'RACE_ROLE' }),
      write({ kind: 'createRole', roleName: 'RACE_ROLE' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(WarehouseError);
    expect(['conflict', 'already_exists']).toContain((failed.reason as WarehouseError).kind);
    expect((await account.warehouse.listRoles({ search: 'RACE_ROLE' })).length).toBe(1);
  });
});
