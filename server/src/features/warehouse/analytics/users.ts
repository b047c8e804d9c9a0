/**
 * The Users page of Optimize: what each warehouse user costs (query cost attribution), when
 * they last signed in, and two findings: dormant users (no sign-in for N days) who hold a
 * powerful role, and people without MFA. Reads ACCOUNT_USAGE (up to 2 hours behind on
 * Snowflake), which is fine for analysis; User Management reads the live state (reads.ts).
 * "Holding" a role means a direct, active grant (GRANTS_TO_USERS with DELETED_ON NULL).
 */
import { bool, isoOrNull, num, str, strOrNull } from '../../../platform/warehouse/engine.js';
import { sql } from '../../../platform/warehouse/sql.js';
import { queryCostRelation } from '../../../platform/warehouse/attribution.js';
import { latestUsageDay, type AnalyticsContext } from './context.js';
import { addDays, rangeWindow, type DateRange } from './filters.js';
import { DAY_MS, startOfUtcDay } from '@common/time/utcDay';
import type { UserCost, UsersOverview } from '@common/warehouse/analyticsContract';

export const POWERFUL_ROLES = ['ACCOUNTADMIN', 'SECURITYADMIN', 'SYSADMIN'] as const;
export const DEFAULT_DORMANT_DAYS = 90;

export async function usersOverview(
  context: AnalyticsContext,
  range: DateRange,
  options: { dormantDays?: number; asOf?: string } = {},
): Promise<UsersOverview> {
  const dormantDays = options.dormantDays ?? DEFAULT_DORMANT_DAYS;
  const asOf = options.asOf ?? (await latestUsageDay(context)) ?? range.to;
  const cutoff = startOfUtcDay(addDays(asOf, 1)).getTime();
  const rows = await context.engine.query(sql`
    WITH QC AS (${queryCostRelation(rangeWindow(range))}),
    COST AS (SELECT USER_NAME, COUNT(*) AS QUERIES, SUM(CREDITS) AS CREDITS FROM QC GROUP BY USER_NAME)
    SELECT U.NAME AS "userName", U.DISPLAY_NAME AS "displayName", U.TYPE AS "type", U.DISABLED AS "disabled",
           U.HAS_MFA AS "hasMfa", U.DEFAULT_ROLE AS "defaultRole", U.LAST_SUCCESS_LOGIN AS "lastLogin",
           COALESCE(COST.QUERIES, 0) AS "queries", COALESCE(COST.CREDITS, 0) AS "credits"
    FROM ACCOUNT_USAGE.USERS U LEFT JOIN COST ON COST.USER_NAME = U.NAME
    WHERE U.DELETED_ON IS NULL
    ORDER BY "credits" DESC, "userName"`);
  const grants = await context.engine.query(sql`
    SELECT GRANTEE_NAME AS "userName", ROLE AS "role" FROM ACCOUNT_USAGE.GRANTS_TO_USERS
    WHERE DELETED_ON IS NULL ORDER BY 1, 2`);
  const rolesByUser = new Map<string, string[]>();
  for (const grant of grants) {
    const list = rolesByUser.get(str(grant, 'userName')) ?? [];
    list.push(str(grant, 'role'));
    rolesByUser.set(str(grant, 'userName'), list);
  }
  const users = rows.map((row): UserCost => {
    const userName = str(row, 'userName');
    const lastSuccessLogin = isoOrNull(row, 'lastLogin');
    const daysSinceLogin = lastSuccessLogin === null ? null : Math.max(0, Math.floor((cutoff - Date.parse(lastSuccessLogin)) / DAY_MS));
    const roles = rolesByUser.get(userName) ?? [];
    const credits = num(row, 'credits');
    return {
      userName,
      displayName: strOrNull(row, 'displayName'),
      type: strOrNull(row, 'type'),
      disabled: bool(row, 'disabled'),
      hasMfa: bool(row, 'hasMfa'),
      defaultRole: strOrNull(row, 'defaultRole'),
      lastSuccessLogin,
      daysSinceLogin,
      roles,
      powerfulRoles: roles.filter((role) => (POWERFUL_ROLES as readonly string[]).includes(role)),
      dormant: daysSinceLogin === null || daysSinceLogin >= dormantDays,
      queries: num(row, 'queries'),
      credits,
      cost: credits * context.prices.pricePerCredit,
    };
  });
  return {
    range,
    asOf,
    dormantDays,
    users,
    dormantPrivileged: users.filter((u) => u.dormant && !u.disabled && u.powerfulRoles.length > 0),
    withoutMfa: users.filter((u) => !u.disabled && !u.hasMfa && (u.type === null || u.type === 'PERSON')),
  };
}

export type { UserCost, UsersOverview };
