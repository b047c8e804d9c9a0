/**
 * Protected roles: who may touch which warehouse role is the access rules' decision
 * (`mayManageRole`, given by the API from the caller's portal roles); this file finds every
 * warehouse role a change touches and, for each, the system roles it includes through the
 * account's role hierarchy — so that granting a custom role that holds ACCOUNTADMIN is treated
 * as granting ACCOUNTADMIN. It runs inside the change's unit of work, before planning.
 */
import { str, type Queryable } from '../../../platform/warehouse/engine.js';
import { WarehouseError } from '../../../platform/warehouse/errors.js';
import { ident, sql } from '../../../platform/warehouse/sql.js';
import type { WarehouseChange } from './changes.js';
import { RESERVED_ROLE_NAMES, SNOWFLAKE_SYSTEM_ROLES } from '@common/warehouse/systemRoles';

/** Snowflake's system roles: each hands over part of the account. */
export const SYSTEM_ROLES = SNOWFLAKE_SYSTEM_ROLES;
/** Names that cannot be created: the system roles, and PUBLIC, which every user holds. */
export { RESERVED_ROLE_NAMES };

/** Whether the caller may grant, revoke, drop or assign a warehouse role (upper-case name). */
export type RolePolicy = (role: string) => boolean;

/** Every role a change grants, revokes, drops, assigns as a default or grants to. */
export function rolesTouchedBy(change: WarehouseChange): { field: string; role: string }[] {
  switch (change.kind) {
    case 'createUser':
    case 'setUserDefaults':
      return change.defaultRole ? [{ field: 'defaultRole', role: change.defaultRole }] : [];
    case 'grantRoleToUser':
    case 'revokeRoleFromUser':
    case 'createRole':
    case 'dropRole':
      return [{ field: 'roleName', role: change.roleName }];
    case 'grantRoleToRole':
    case 'revokeRoleFromRole':
      return [
        { field: 'roleName', role: change.roleName },
        { field: 'parentRoleName', role: change.parentRoleName },
      ];
    case 'setUserDisabled':
    case 'dropUser':
    case 'alterWarehouse':
      return [];
  }
}

/** The roles `role` is granted to (its direct holders among roles). */
async function roleHolders(engine: Queryable, role: string): Promise<string[]> {
  if (engine.kind === 'snowflake') {
    let rows;
    try {
      rows = await engine.query(sql`SHOW GRANTS OF ROLE ${ident(role, 'roleName')}`);
    } catch (error) {
      // ORGADMIN exists only in an organisation's primary account: a role that does not exist
      // is included by nothing. Any other failure (privileges) leaves the question open: refused.
      if (error instanceof WarehouseError && error.kind === 'not_found' && (SYSTEM_ROLES as readonly string[]).includes(role)) return [];
      throw error;
    }
    return rows.filter((row) => str(row, 'granted_to') === 'ROLE').map((row) => str(row, 'grantee_name'));
  }
  const rows = await engine.query(sql`SELECT GRANTEE_NAME AS "grantee_name" FROM ACCOUNT_USAGE.GRANTS_TO_ROLES
    WHERE GRANTED_ON = 'ROLE' AND PRIVILEGE = 'USAGE' AND NAME = ${role} AND DELETED_ON IS NULL`);
  return rows.map((row) => str(row, 'grantee_name'));
}

/**
 * For every role that is or includes a system role, the system roles it includes. Walks up from
 * each system role through its holders, so it reads only the part of the hierarchy above them.
 */
export async function systemRolesIncluded(engine: Queryable): Promise<Map<string, string[]>> {
  const included = new Map<string, string[]>();
  for (const systemRole of SYSTEM_ROLES) {
    const seen = new Set<string>();
    const stack: string[] = [systemRole];
    while (stack.length > 0) {
      const role = stack.pop() as string;
      if (seen.has(role)) continue;
      seen.add(role);
      included.set(role, [...(included.get(role) ?? []), systemRole]);
      stack.push(...(await roleHolders(engine, role)));
    }
  }
  return included;
}

/** Refuses (403) a change that touches a protected role, or a role including one, the caller may not manage. */
export async function authorizeRoles(engine: Queryable, change: WarehouseChange, mayManage: RolePolicy): Promise<void> {
  // PUBLIC gives nothing when granted or set as a default (everyone holds it already); it is
  // dangerous only as the receiving side, where whatever it gets, every user gets.
  const touched = rolesTouchedBy(change).filter(({ field, role }) => role !== 'PUBLIC' || field === 'parentRoleName');
  if (touched.length === 0) return;
  for (const { role } of touched) {
    if (!mayManage(role)) throw protectedRole(role);
  }
  const included = await systemRolesIncluded(engine);
  for (const { role } of touched) {
    const refused = (included.get(role) ?? []).find((systemRole) => systemRole !== role && !mayManage(systemRole));
    if (refused) {
      throw new WarehouseError(
        'forbidden',
        `Role ${role} includes ${refused}, a protected role: your portal roles do not allow granting, revoking, dropping or assigning it.`,
      );
    }
  }
}

function protectedRole(role: string): WarehouseError {
  return new WarehouseError(
    'forbidden',
    `${role} is a protected role: your portal roles do not allow granting, revoking, dropping or assigning it.`,
  );
}
