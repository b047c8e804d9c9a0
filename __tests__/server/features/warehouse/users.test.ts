import { fullRange, openTestAccount, PRICE, type TestAccount } from './sampleAccount';

describe('users analytics (Optimize)', () => {
  let account: TestAccount;
  let range: { from: string; to: string };
  beforeAll(async () => {
    account = await openTestAccount();
    range = await fullRange(account.warehouse);
  });
  afterAll(() => account.close());

  it("costs each user as the sum of their queries' attributed cost, most expensive first", async () => {
    const overview = await account.warehouse.usersOverview(range);
    const direct = new Map(
      (await account.sql(`SELECT USER_NAME AS u, COUNT(*) AS n, SUM(CREDITS) AS c FROM DATAWORKS.QUERY_COST GROUP BY 1`)).map((r) => [
        String(r.u),
        r,
      ]),
    );
    const [listed] = await account.sql(`SELECT COUNT(*) AS n FROM ACCOUNT_USAGE.USERS WHERE DELETED_ON IS NULL`);
    expect(overview.users).toHaveLength(Number(listed?.n));
    for (const user of overview.users) {
      expect(user.queries).toBe(Number(direct.get(user.userName)?.n ?? 0));
      expect(user.credits).toBeCloseTo(Number(direct.get(user.userName)?.c ?? 0), 9);
      expect(user.cost).toBeCloseTo(user.credits * PRICE, 9);
    }
    for (let i = 1; i < overview.users.length; i += 1)
      expect(overview.users[i - 1]!.credits).toBeGreaterThanOrEqual(overview.users[i]!.credits);
    expect(overview.users[0]?.userName).toBe('REPORT_SVC');
  });

  it('finds dormant users holding powerful roles, as a direct query does', async () => {
    const overview = await account.warehouse.usersOverview(range, { dormantDays: 90 });
    expect(overview.asOf).toBe('2026-03-18');
    const direct =
      await account.sql(`SELECT DISTINCT U.NAME AS n FROM ACCOUNT_USAGE.USERS U JOIN ACCOUNT_USAGE.GRANTS_TO_USERS G ON G.GRANTEE_NAME = U.NAME
      WHERE G.DELETED_ON IS NULL AND U.DELETED_ON IS NULL AND NOT U.DISABLED AND G.ROLE IN ('ACCOUNTADMIN', 'SECURITYADMIN', 'SYSADMIN')
        AND (U.LAST_SUCCESS_LOGIN IS NULL OR U.LAST_SUCCESS_LOGIN < TIMESTAMP '2026-03-19' - INTERVAL 90 DAY) ORDER BY 1`);
    expect(overview.dormantPrivileged.map((u) => u.userName).sort()).toEqual(direct.map((r) => String(r.n)));
    expect(overview.dormantPrivileged.filter((u) => u.powerfulRoles.includes('ACCOUNTADMIN')).length).toBeGreaterThanOrEqual(2);
    for (const u of overview.dormantPrivileged) expect(u.daysSinceLogin ?? Infinity).toBeGreaterThanOrEqual(90);
    const stricter = await account.warehouse.usersOverview(range, { dormantDays: 365 });
    expect(stricter.dormantPrivileged.length).toBeLessThan(overview.dormantPrivileged.length);
  });

  it('lists enabled people without MFA, never service users', async () => {
    const overview = await account.warehouse.usersOverview(range);
    const direct = await account.sql(
      `SELECT NAME AS n FROM ACCOUNT_USAGE.USERS WHERE DELETED_ON IS NULL AND NOT DISABLED AND NOT HAS_MFA AND TYPE = 'PERSON' ORDER BY 1`,
    );
    expect(overview.withoutMfa.map((u) => u.userName).sort()).toEqual(direct.map((r) => String(r.n)));
    expect(overview.withoutMfa.some((u) => u.type === 'SERVICE')).toBe(false);
  });

  it('shows last logins and roles', async () => {
    const overview = await account.warehouse.usersOverview(range);
    const looker = overview.users.find((u) => u.userName === 'LOOKER_SVC');
    expect(looker).toMatchObject({ type: 'SERVICE', roles: ['BI_READER'], dormant: false, daysSinceLogin: 0 });
    expect(looker?.lastSuccessLogin?.startsWith('2026-03-18')).toBe(true);
  });
});
