/**
 * User Management reads: users, one user with their roles, roles, one role with its grants and
 * members. On Snowflake these read the live state with SHOW commands (ACCOUNT_USAGE lags up to
 * two hours, so a page would not show the change just made); the sample answers the same
 * columns from its ACCOUNT_USAGE tables, which the sample's writes update. Each statement
 * pair sits side by side; the row mapping is shared.
 *
 * SHOW … LIKE takes a pattern, not a bind: names reach it only after parseObjectName, as a
 * string literal (stringLiteral escapes the quote and the backslash), and rows
 * are then matched exactly here, since `_` is a LIKE wildcard.
 */
import { notFound } from '../../../platform/warehouse/errors.js';
import { maybe, str, type Queryable, type Row, type RowValue } from '../../../platform/warehouse/engine.js';
import { parseObjectName, parseSearch, stringLiteral } from '../../../platform/warehouse/identifiers.js';
import { ident, raw, sql, type Sql } from '../../../platform/warehouse/sql.js';
import { systemRolesIncluded } from './protection.js';
import type {
  UserView,
  RoleGrantView,
  UserDetail,
  RoleView,
  PrivilegeView,
  MemberView,
  RoleDetail,
} from '@common/warehouse/managementContract';

function text(value: RowValue): string | null {
  if (value === null || value === '') return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

function flag(value: RowValue): boolean {
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
}

function countOf(value: RowValue): number {
  const parsed = Number(value ?? 0);
  return Number.isFinite(parsed) ? parsed : 0;
}

function userFromRow(row: Row): UserView {
  const mfa = maybe(row, 'has_mfa');
  return {
    name: str(row, 'name'),
    loginName: text(maybe(row, 'login_name')),
    displayName: text(maybe(row, 'display_name')),
    email: text(maybe(row, 'email')),
    type: text(maybe(row, 'type')),
    disabled: flag(maybe(row, 'disabled')),
    hasMfa: mfa === null ? null : flag(mfa),
    defaultRole: text(maybe(row, 'default_role')),
    defaultWarehouse: text(maybe(row, 'default_warehouse')),
    createdOn: text(maybe(row, 'created_on')),
    lastSuccessLogin: text(maybe(row, 'last_success_login')),
    comment: text(maybe(row, 'comment')),
  };
}

const SAMPLE_USERS = raw(`SELECT NAME AS "name", LOGIN_NAME AS "login_name", DISPLAY_NAME AS "display_name", EMAIL AS "email",
  TYPE AS "type", DISABLED AS "disabled", HAS_MFA AS "has_mfa", DEFAULT_ROLE AS "default_role",
  DEFAULT_WAREHOUSE AS "default_warehouse", CREATED_ON AS "created_on", LAST_SUCCESS_LOGIN AS "last_success_login",
  COMMENT AS "comment"
  FROM ACCOUNT_USAGE.USERS WHERE DELETED_ON IS NULL`);

function usersStatement(engine: Queryable, exactName?: string): Sql {
  if (engine.kind === 'duckdb') {
    return exactName === undefined ? sql`${SAMPLE_USERS} ORDER BY NAME` : sql`${SAMPLE_USERS} AND NAME = ${exactName}`;
  }
  return exactName === undefined ? sql`SHOW USERS` : sql`SHOW USERS LIKE ${raw(stringLiteral(exactName))}`;
}

/** Users, optionally those whose name, login, display name or e-mail contains `search` (any case). */
export async function listUsers(engine: Queryable, options: { search?: string; includeDisabled?: boolean } = {}): Promise<UserView[]> {
  const search = options.search === undefined ? undefined : parseSearch(options.search, 'search').toLowerCase();
  const users = (await engine.query(usersStatement(engine))).map(userFromRow);
  return users
    .filter((u) => options.includeDisabled !== false || !u.disabled)
    .filter((u) => search === undefined || [u.name, u.loginName, u.displayName, u.email].some((v) => v?.toLowerCase().includes(search)))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function findUser(engine: Queryable, userName: string): Promise<UserView | null> {
  const name = parseObjectName(userName, 'userName');
  const rows = await engine.query(usersStatement(engine, name));
  return rows.map(userFromRow).find((u) => u.name === name) ?? null;
}

export async function getUser(engine: Queryable, userName: string): Promise<UserDetail> {
  const user = await findUser(engine, userName);
  if (!user) throw notFound(`User ${parseObjectName(userName, 'userName')}`);
  const statement =
    engine.kind === 'duckdb'
      ? sql`SELECT ROLE AS "role", GRANTED_BY AS "granted_by", CREATED_ON AS "created_on" FROM ACCOUNT_USAGE.GRANTS_TO_USERS
            WHERE GRANTEE_NAME = ${user.name} AND DELETED_ON IS NULL ORDER BY ROLE`
      : sql`SHOW GRANTS TO USER ${ident(user.name, 'userName')}`;
  const roles = (await engine.query(statement))
    .map((row) => ({ role: str(row, 'role'), grantedBy: text(maybe(row, 'granted_by')), createdOn: text(maybe(row, 'created_on')) }))
    .sort((a, b) => a.role.localeCompare(b.role));
  return { user, roles };
}

const SAMPLE_ROLES = raw(`SELECT R.NAME AS "name", R.OWNER AS "owner", R.COMMENT AS "comment", R.CREATED_ON AS "created_on",
  (SELECT COUNT(*) FROM ACCOUNT_USAGE.GRANTS_TO_USERS G WHERE G.ROLE = R.NAME AND G.DELETED_ON IS NULL) AS "assigned_to_users",
  (SELECT COUNT(*) FROM ACCOUNT_USAGE.GRANTS_TO_ROLES G WHERE G.GRANTED_ON = 'ROLE' AND G.PRIVILEGE = 'USAGE' AND G.NAME = R.NAME AND G.DELETED_ON IS NULL) AS "granted_to_roles",
  (SELECT COUNT(*) FROM ACCOUNT_USAGE.GRANTS_TO_ROLES G WHERE G.GRANTED_ON = 'ROLE' AND G.PRIVILEGE = 'USAGE' AND G.GRANTEE_NAME = R.NAME AND G.DELETED_ON IS NULL) AS "granted_roles"
  FROM ACCOUNT_USAGE.ROLES R WHERE R.DELETED_ON IS NULL`);

const NO_INCLUSIONS: ReadonlyMap<string, string[]> = new Map();

function roleFromRow(row: Row, included: ReadonlyMap<string, string[]> = NO_INCLUSIONS): RoleView {
  const name = str(row, 'name');
  return {
    name: str(row, 'name'),
    owner: text(maybe(row, 'owner')),
    comment: text(maybe(row, 'comment')),
    createdOn: text(maybe(row, 'created_on')),
    assignedToUsers: countOf(maybe(row, 'assigned_to_users')),
    grantedToRoles: countOf(maybe(row, 'granted_to_roles')),
    grantedRoles: countOf(maybe(row, 'granted_roles')),
    systemRoles: included.get(name) ?? [],
  };
}

function rolesStatement(engine: Queryable, exactName?: string): Sql {
  if (engine.kind === 'duckdb') {
    return exactName === undefined ? sql`${SAMPLE_ROLES} ORDER BY R.NAME` : sql`${SAMPLE_ROLES} AND R.NAME = ${exactName}`;
  }
  return exactName === undefined ? sql`SHOW ROLES` : sql`SHOW ROLES LIKE ${raw(stringLiteral(exactName))}`;
}

export async function listRoles(engine: Queryable, options: { search?: string } = {}): Promise<RoleView[]> {
  const search = options.search === undefined ? undefined : parseSearch(options.search, 'search').toLowerCase();
  const [rows, included] = await Promise.all([engine.query(rolesStatement(engine)), systemRolesIncluded(engine)]);
  return rows
    .map((row) => roleFromRow(row, included))
    .filter((r) => search === undefined || r.name.toLowerCase().includes(search) || (r.comment ?? '').toLowerCase().includes(search))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The role, or null; without `systemRoles` (existence checks need no hierarchy walk). */
export async function findRole(engine: Queryable, roleName: string): Promise<RoleView | null> {
  const name = parseObjectName(roleName, 'roleName');
  return (await engine.query(rolesStatement(engine, name))).map((row) => roleFromRow(row)).find((r) => r.name === name) ?? null;
}

export async function getRole(engine: Queryable, roleName: string): Promise<RoleDetail> {
  const found = await findRole(engine, roleName);
  if (!found) throw notFound(`Role ${parseObjectName(roleName, 'roleName')}`);
  const role: RoleView = { ...found, systemRoles: (await systemRolesIncluded(engine)).get(found.name) ?? [] };
  const duck = engine.kind === 'duckdb';
  const privileges = duck
    ? sql`SELECT PRIVILEGE AS "privilege", GRANTED_ON AS "granted_on", NAME AS "name", GRANT_OPTION AS "grant_option",
                 GRANTED_BY AS "granted_by", CREATED_ON AS "created_on"
          FROM ACCOUNT_USAGE.GRANTS_TO_ROLES WHERE GRANTEE_NAME = ${role.name} AND DELETED_ON IS NULL ORDER BY 2, 3, 1`
    : sql`SHOW GRANTS TO ROLE ${ident(role.name, 'roleName')}`;
  const members = duck
    ? sql`SELECT 'USER' AS "granted_to", GRANTEE_NAME AS "grantee_name", GRANTED_BY AS "granted_by", CREATED_ON AS "created_on"
          FROM ACCOUNT_USAGE.GRANTS_TO_USERS WHERE ROLE = ${role.name} AND DELETED_ON IS NULL
          UNION ALL
          SELECT 'ROLE', GRANTEE_NAME, GRANTED_BY, CREATED_ON FROM ACCOUNT_USAGE.GRANTS_TO_ROLES
          WHERE GRANTED_ON = 'ROLE' AND PRIVILEGE = 'USAGE' AND NAME = ${role.name} AND DELETED_ON IS NULL
          ORDER BY 1, 2`
    : sql`SHOW GRANTS OF ROLE ${ident(role.name, 'roleName')}`;
  const defaultRoleOf = (await engine.query(usersStatement(engine)))
    .map(userFromRow)
    .filter((user) => user.defaultRole === role.name)
    .map((user) => user.name)
    .sort();
  return {
    role,
    defaultRoleOf,
    privileges: (await engine.query(privileges)).map((row) => ({
      privilege: str(row, 'privilege'),
      grantedOn: str(row, 'granted_on'),
      name: str(row, 'name'),
      grantOption: flag(maybe(row, 'grant_option')),
      grantedBy: text(maybe(row, 'granted_by')),
      createdOn: text(maybe(row, 'created_on')),
    })),
    members: (await engine.query(members)).map((row) => ({
      grantedTo: str(row, 'granted_to') === 'ROLE' ? 'ROLE' : 'USER',
      granteeName: str(row, 'grantee_name'),
      grantedBy: text(maybe(row, 'granted_by')),
      createdOn: text(maybe(row, 'created_on')),
    })),
  };
}

export type { UserView, RoleGrantView, UserDetail, RoleView, PrivilegeView, MemberView, RoleDetail };
