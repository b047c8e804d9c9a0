// What Snowflake's system roles hand over, in words, for the confirmation a risky grant asks
// for. A role that includes one (through the role hierarchy) hands over the same.
import type { RoleView } from '../../api/warehouseTypes';

const POWERS: Readonly<Record<string, string>> = {
  ACCOUNTADMIN: 'full control of the account: every object, user, role and setting, and its billing',
  ORGADMIN: "control of the organisation's accounts: creating accounts and reading their usage",
  SECURITYADMIN: 'control of every grant in the account: it can give any role, ACCOUNTADMIN included, to anyone',
  USERADMIN: 'creating and changing users and roles',
  SYSADMIN: 'every warehouse and database of the account and all the data in them',
};

/** The sentences a grant of `role` needs to say before it is made, or none for an ordinary role. */
export function grantRisks(role: Pick<RoleView, 'name' | 'systemRoles'>): string[] {
  return role.systemRoles.map((systemRole) =>
    systemRole === role.name
      ? `${role.name} gives ${POWERS[systemRole] ?? 'administrative control of the account'}.`
      : `${role.name} includes ${systemRole}, which gives ${POWERS[systemRole] ?? 'administrative control of the account'}.`,
  );
}
