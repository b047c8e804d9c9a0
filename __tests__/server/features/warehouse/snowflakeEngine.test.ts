/**
 * The Snowflake engine and write path against a fake snowflake-sdk (fakeSnowflake.ts): the
 * exact statements sent, session set-up, error mapping, and the unit of work by compensation.
 * The live Snowflake suite (snowflake.live.test.ts) runs the same paths on a real account.
 */
import { sql } from '../../../../server/src/platform/warehouse/sql';
import { openSnowflakeEngine, snowflakeError } from '../../../../server/src/features/warehouse/snowflakeEngine';
import { WarehouseError } from '../../../../server/src/platform/warehouse/errors';
import type { AppliedChange } from '../../../../server/src/features/warehouse/management/unitOfWork';
import { Warehouse } from '../../../../server/src/features/warehouse/warehouse';
import { FakeSnowflake, fakeAccount } from './fakeSnowflake';
import { infoFor } from './sampleAccount';

const SETTINGS = {
  account: 'xy12345.eu-west-1',
  username: 'DATAWORKS_SVC',
  privateKeyPath: '/run/secrets/key.p8',
  role: 'DATAWORKS_ADMIN',
  warehouse: 'DATAWORKS_WH',
};

async function open(): Promise<{ fake: FakeSnowflake; warehouse: Warehouse }> {
  const fake = new FakeSnowflake(fakeAccount());
  const warehouse = new Warehouse(infoFor('acme', 'snowflake'), await openSnowflakeEngine(SETTINGS, fake));
  return { fake, warehouse };
}

describe('Snowflake engine', () => {
  it('connects with key-pair auth to SNOWFLAKE.ACCOUNT_USAGE and switches each session to UTC once', async () => {
    const fake = new FakeSnowflake(fakeAccount());
    const engine = await openSnowflakeEngine({ ...SETTINGS, privateKeyPassphrase: 'secret' }, fake);
    expect(fake.options).toMatchObject({
      account: 'xy12345.eu-west-1',
      username: 'DATAWORKS_SVC',
      authenticator: 'SNOWFLAKE_JWT',
      privateKeyPath: '/run/secrets/key.p8',
      privateKeyPass: 'secret',
      role: 'DATAWORKS_ADMIN',
      warehouse: 'DATAWORKS_WH',
      database: 'SNOWFLAKE',
      schema: 'ACCOUNT_USAGE',
    });
    await engine.query(sql`SELECT ${1} AS "x"`);
    await engine.query(sql`SELECT ${'two'} AS "x"`);
    expect(fake.executed.map((e) => [e.sqlText, e.binds])).toEqual([
      ["ALTER SESSION SET TIMEZONE = 'UTC'", []],
      ['SELECT ? AS "x"', [1]],
      ['SELECT ? AS "x"', ['two']],
    ]);
    await engine.close();
    expect(fake.drained).toBe(true);
  });

  it('runs a transaction on one connection between BEGIN and COMMIT, and rolls back on error', async () => {
    const fake = new FakeSnowflake(fakeAccount());
    const engine = await openSnowflakeEngine(SETTINGS, fake);
    await engine.transaction(async (tx) => tx.query(sql`UPDATE T SET A = ${1}`));
    await expect(engine.transaction(async () => Promise.reject(new Error('nope')))).rejects.toThrow('nope');
    expect(fake.statements().slice(1)).toEqual(['BEGIN', 'UPDATE T SET A = ?', 'COMMIT', 'BEGIN', 'ROLLBACK']);
    expect(new Set(fake.executed.map((e) => e.connection)).size).toBe(1);
  });

  it.each([
    [{ code: '002003', message: "SQL compilation error: User 'X' does not exist or not authorized." }, 'not_found'],
    [{ code: '002002', message: "SQL compilation error: Object 'X' already exists." }, 'already_exists'],
    [{ code: '003001', message: 'Insufficient privileges to operate on user X' }, 'forbidden'],
    [{ code: '390144', message: 'JWT token is invalid.' }, 'unavailable'],
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, 'unavailable'],
    [{ code: '100183', message: 'something odd' }, 'failed'],
  ])('maps Snowflake error %j to a %s WarehouseError with a message for the user', async (error, kind) => {
    const mapped = snowflakeError(Object.assign(new Error(error.message), error));
    expect(mapped).toBeInstanceOf(WarehouseError);
    expect(mapped.kind).toBe(kind);
    expect(mapped.message).not.toContain(error.message);
    expect(mapped.cause).toBeDefined();
    const fake = new FakeSnowflake(fakeAccount());
    fake.failures.push({ match: /^SELECT/, error });
    const engine = await openSnowflakeEngine(SETTINGS, fake);
    await expect(engine.query(sql`SELECT 1`)).rejects.toMatchObject({ kind });
  });
});

describe('Snowflake reads', () => {
  it('reads users, roles and warehouses from SHOW output', async () => {
    const { fake, warehouse } = await open();
    const users = await warehouse.listUsers();
    expect(users.map((u) => [u.name, u.disabled, u.hasMfa])).toEqual([
      ['JANE_DOE', false, true],
      ['OLD_ADMIN', true, null],
    ]);
    expect((await warehouse.getUser('jane_doe')).roles.map((r) => r.role)).toEqual(['ANALYST']);
    expect(fake.statements()).toContain(`SHOW USERS LIKE 'JANE_DOE'`);
    expect(fake.statements()).toContain('SHOW GRANTS TO USER "JANE_DOE"');
    const role = await warehouse.getRole('ANALYST');
    expect(role.role).toMatchObject({ assignedToUsers: 1, grantedToRoles: 1 });
    expect(role.members).toEqual([expect.objectContaining({ grantedTo: 'USER', granteeName: 'JANE_DOE' })]);
    expect(role.privileges).toEqual([
      expect.objectContaining({ privilege: 'USAGE', grantedOn: 'WAREHOUSE', name: 'BI_WH', grantOption: false }),
    ]);
    const warehouses = await warehouse.warehouses();
    expect(warehouses.map((w) => [w.name, w.size, w.autoSuspendSeconds])).toEqual([
      ['ADHOC_WH', 'X-Small', null],
      ['BI_WH', 'Medium', 600],
    ]);
  });
});

describe('Snowflake writes', () => {
  it.each([
    [
      {
        kind: 'createUser',
        userName: 'new_user',
        displayName: 'New User',
        email: 'new@acme.example',
        defaultRole: 'ANALYST',
        defaultWarehouse: 'BI_WH',
        comment: 'From the portal',
      },
      [
        `CREATE USER "NEW_USER" LOGIN_NAME = 'NEW_USER' DISPLAY_NAME = 'New User' EMAIL = 'new@acme.example' DEFAULT_ROLE = 'ANALYST' DEFAULT_WAREHOUSE = 'BI_WH' COMMENT = 'From the portal'`,
      ],
    ],
    [{ kind: 'setUserDisabled', userName: 'JANE_DOE', disabled: true }, ['ALTER USER "JANE_DOE" SET DISABLED = TRUE']],
    [
      { kind: 'setUserDefaults', userName: 'JANE_DOE', defaultRole: 'PUBLIC', defaultWarehouse: null },
      [`ALTER USER "JANE_DOE" SET DEFAULT_ROLE = 'PUBLIC'`, 'ALTER USER "JANE_DOE" UNSET DEFAULT_WAREHOUSE'],
    ],
    [{ kind: 'grantRoleToUser', roleName: 'PUBLIC', userName: 'JANE_DOE' }, ['GRANT ROLE "PUBLIC" TO USER "JANE_DOE"']],
    [{ kind: 'revokeRoleFromUser', roleName: 'ANALYST', userName: 'JANE_DOE' }, ['REVOKE ROLE "ANALYST" FROM USER "JANE_DOE"']],
    [{ kind: 'dropUser', userName: 'OLD_ADMIN' }, ['DROP USER "OLD_ADMIN"']],
    [{ kind: 'createRole', roleName: 'MARKETING', comment: 'Marketing' }, [`CREATE ROLE "MARKETING" COMMENT = 'Marketing'`]],
    [{ kind: 'grantRoleToRole', roleName: 'PUBLIC', parentRoleName: 'ANALYST' }, ['GRANT ROLE "PUBLIC" TO ROLE "ANALYST"']],
    [
      { kind: 'alterWarehouse', warehouseName: 'BI_WH', size: 'X-Large', autoSuspendSeconds: 60, maxClusterCount: 3 },
      ['ALTER WAREHOUSE "BI_WH" SET WAREHOUSE_SIZE = XLARGE AUTO_SUSPEND = 60 MAX_CLUSTER_COUNT = 3'],
    ],
  ])('%j issues the DDL Snowflake expects', async (change, ddl) => {
    const { fake, warehouse } = await open();
    const audits: AppliedChange[] = [];
    const applied = await warehouse.write(change, (a) => void audits.push(a));
    expect(fake.ddl()).toEqual(ddl);
    expect(applied).toMatchObject({ engine: 'snowflake', noop: false, statements: ddl });
    expect(audits).toEqual([applied]);
  });

  it('records the intent before any DDL: when the audit fails, nothing is sent', async () => {
    const { fake, warehouse } = await open();
    const fail = (): never => {
      throw new Error('audit store down');
    };
    await expect(warehouse.write({ kind: 'grantRoleToUser', roleName: 'PUBLIC', userName: 'JANE_DOE' }, fail)).rejects.toThrow(
      'audit store down',
    );
    await expect(
      warehouse.write({ kind: 'alterWarehouse', warehouseName: 'BI_WH', autoSuspendSeconds: 60, size: 'Small' }, fail),
    ).rejects.toThrow('audit store down');
    await expect(warehouse.write({ kind: 'setUserDefaults', userName: 'JANE_DOE', defaultRole: 'PUBLIC' }, fail)).rejects.toThrow(
      'audit store down',
    );
    await expect(warehouse.write({ kind: 'setUserDisabled', userName: 'OLD_ADMIN', disabled: false }, fail)).rejects.toThrow(
      'audit store down',
    );
    expect(fake.ddl()).toEqual([]);
  });

  it('settles the outcome after the DDL: applied, or failed with the error', async () => {
    const { fake, warehouse } = await open();
    const outcomes: string[] = [];
    const settle = (result: { outcome: string }) => void outcomes.push(`${result.outcome} after ${fake.ddl().length} DDL`);
    await warehouse.write({ kind: 'grantRoleToUser', roleName: 'PUBLIC', userName: 'JANE_DOE' }, () => undefined, { settle });
    fake.failures.push({ match: /^REVOKE/, error: { code: '003001', message: 'Insufficient privileges' } });
    await expect(
      warehouse.write({ kind: 'revokeRoleFromUser', roleName: 'ANALYST', userName: 'JANE_DOE' }, () => undefined, { settle }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    expect(outcomes).toEqual(['applied after 1 DDL', 'failed after 2 DDL']);
  });

  it('undoes the first statement when a later one fails, and reports a failed undo', async () => {
    const { fake, warehouse } = await open();
    fake.failures.push({ match: /UNSET DEFAULT_WAREHOUSE/, error: { code: '003001', message: 'Insufficient privileges' } });
    await expect(
      warehouse.write({ kind: 'setUserDefaults', userName: 'JANE_DOE', defaultRole: 'PUBLIC', defaultWarehouse: null }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    expect(fake.ddl()).toEqual([
      `ALTER USER "JANE_DOE" SET DEFAULT_ROLE = 'PUBLIC'`,
      'ALTER USER "JANE_DOE" UNSET DEFAULT_WAREHOUSE',
      `ALTER USER "JANE_DOE" SET DEFAULT_ROLE = 'ANALYST' DEFAULT_WAREHOUSE = 'BI_WH'`,
    ]);
    fake.failures.push({ match: /UNSET DEFAULT_WAREHOUSE/, error: { code: '003001', message: 'Insufficient privileges' } });
    fake.failures.push({ match: /DEFAULT_ROLE = 'ANALYST'/, error: { code: '100183', message: 'boom' } });
    const error = await warehouse
      .write({ kind: 'setUserDefaults', userName: 'JANE_DOE', defaultRole: 'PUBLIC', defaultWarehouse: null })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'failed' });
    expect((error as Error).message).toContain('undoing it failed too');
  });

  it('audits DROP USER first, drops only if the audit succeeded, and lets a failed drop surface', async () => {
    const { fake, warehouse } = await open();
    const order: string[] = [];
    await expect(
      warehouse.write({ kind: 'dropUser', userName: 'OLD_ADMIN' }, () => {
        order.push(`audit with ${fake.ddl().length} DDL sent`);
        throw new Error('audit down');
      }),
    ).rejects.toThrow('audit down');
    expect(fake.ddl()).toEqual([]);
    fake.failures.push({ match: /^DROP USER/, error: { code: '003001', message: 'Insufficient privileges' } });
    await expect(warehouse.write({ kind: 'dropUser', userName: 'OLD_ADMIN' }, () => void order.push('audit'))).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(order).toEqual(['audit with 0 DDL sent', 'audit']);
  });

  it('walks the role hierarchy with SHOW GRANTS OF ROLE to refuse protected roles, before any DDL', async () => {
    const { fake, warehouse } = await open();
    const clientAdmin = {
      mayManageRole: (role: string) => !['ACCOUNTADMIN', 'ORGADMIN', 'SECURITYADMIN', 'USERADMIN', 'SYSADMIN', 'PUBLIC'].includes(role),
    };
    await expect(
      warehouse.write({ kind: 'grantRoleToUser', roleName: 'ACCOUNTADMIN', userName: 'JANE_DOE' }, undefined, clientAdmin),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    // ORGADMIN exists only in an organisation's primary account: its absence includes nothing.
    fake.failures.push({
      match: /SHOW GRANTS OF ROLE "ORGADMIN"/,
      error: { code: '002003', message: "Role 'ORGADMIN' does not exist or not authorized." },
    });
    await warehouse.write({ kind: 'revokeRoleFromUser', roleName: 'ANALYST', userName: 'JANE_DOE' }, undefined, clientAdmin);
    expect(fake.statements().filter((text) => text.startsWith('SHOW GRANTS OF ROLE "')).length).toBeGreaterThanOrEqual(5);
    expect(fake.ddl()).toEqual(['REVOKE ROLE "ANALYST" FROM USER "JANE_DOE"']);
    // When the hierarchy cannot be read, the change is not made.
    fake.failures.push({ match: /SHOW GRANTS OF ROLE "SECURITYADMIN"/, error: { code: '003001', message: 'Insufficient privileges' } });
    await expect(
      warehouse.write({ kind: 'grantRoleToUser', roleName: 'ANALYST', userName: 'JANE_DOE' }, undefined, clientAdmin),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    expect(fake.ddl()).toEqual(['REVOKE ROLE "ANALYST" FROM USER "JANE_DOE"']);
  });

  it('refuses a change to a missing object before sending any DDL, and records no-ops without DDL', async () => {
    const { fake, warehouse } = await open();
    await expect(warehouse.write({ kind: 'grantRoleToUser', roleName: 'ANALYST', userName: 'NOBODY' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(warehouse.write({ kind: 'createUser', userName: 'JANE_DOE' })).rejects.toMatchObject({ kind: 'already_exists' });
    const noop = await warehouse.write({ kind: 'grantRoleToUser', roleName: 'ANALYST', userName: 'JANE_DOE' });
    expect(noop).toMatchObject({ noop: true, statements: [] });
    expect(fake.ddl()).toEqual([]);
  });
});
