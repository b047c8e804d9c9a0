/**
 * For each change: the Snowflake DDL that makes it, the DDL that undoes it, and the sample
 * account's statements with the same effect, side by side. Planning reads the current state
 * first (through the same reads the pages use), which
 * - refuses what Snowflake would refuse, with a clear message (unknown user, existing role,
 *   role not granted, a grant that would make a cycle, …),
 * - recognises a change that is already in place (`noop`: nothing runs, the audit still sees it),
 * - records the previous values, which the undo restores and the audit can show.
 * Object names in DDL are validated identifiers, double-quoted; the only string literals are
 * names as user property values (see nameLiteral) and display names, e-mails and comments
 * that passed the strict checks of identifiers.ts.
 */
import { sizeKeyword } from '../../../platform/warehouse/billing.js';
import { WarehouseError, alreadyExists, notFound } from '../../../platform/warehouse/errors.js';
import { str, type Queryable } from '../../../platform/warehouse/engine.js';
import { parseObjectName, stringLiteral } from '../../../platform/warehouse/identifiers.js';
import { int, join, raw, sql, ident, type Sql } from '../../../platform/warehouse/sql.js';
import { listWarehouses } from '../analytics/warehouses.js';
import type { AlterWarehouseChange, WarehouseChange } from './changes.js';
import { findRole, findUser, getUser } from './reads.js';

export interface ChangePlan {
  /** Snowflake statements that make the change. */
  forward: Sql[];
  /** Snowflake statements that restore the previous state; null when the change cannot be undone (DROP USER). */
  undo: Sql[] | null;
  /** Statements that make the change in the sample account's tables. */
  sample: Sql[];
  /** The account already is in the requested state. */
  noop: boolean;
  /** Previous values of what the change sets, for the audit. */
  before: Record<string, string | number | boolean | null> | null;
}

/** Who the sample records as grantor (a real account records the portal's own role). */
const SAMPLE_GRANTOR = 'SECURITYADMIN';

const q = (name: string, field: string): Sql => ident(name, field);
const lit = (value: string): Sql => raw(stringLiteral(value));
/**
 * A name as the value of a user property (LOGIN_NAME, DEFAULT_ROLE, DEFAULT_WAREHOUSE): Snowflake's
 * grammar types these as <string>, so they are written as a string literal of the name as
 * Snowflake holds it (stringLiteral escapes a quote or backslash in a quoted name) rather than
 * as a quoted identifier.
 */
const nameLiteral = (name: string, field: string): Sql => raw(stringLiteral(parseObjectName(name, field)));

async function requireUser(engine: Queryable, userName: string): Promise<NonNullable<Awaited<ReturnType<typeof findUser>>>> {
  const user = await findUser(engine, userName);
  if (!user) throw notFound(`User ${userName}`);
  return user;
}

async function requireRole(engine: Queryable, roleName: string): Promise<void> {
  if (!(await findRole(engine, roleName))) throw notFound(`Role ${roleName}`);
}

async function requireWarehouse(engine: Queryable, warehouseName: string): Promise<void> {
  if (!(await listWarehouses(engine)).some((w) => w.name === warehouseName)) throw notFound(`Warehouse ${warehouseName}`);
}

function userDefaultsDdl(userName: string, defaults: { defaultRole?: string | null; defaultWarehouse?: string | null }): Sql[] {
  const sets: Sql[] = [];
  const unsets: Sql[] = [];
  if (defaults.defaultRole !== undefined) {
    if (defaults.defaultRole === null) unsets.push(raw('DEFAULT_ROLE'));
    else sets.push(sql`DEFAULT_ROLE = ${nameLiteral(defaults.defaultRole, 'defaultRole')}`);
  }
  if (defaults.defaultWarehouse !== undefined) {
    if (defaults.defaultWarehouse === null) unsets.push(raw('DEFAULT_WAREHOUSE'));
    else sets.push(sql`DEFAULT_WAREHOUSE = ${nameLiteral(defaults.defaultWarehouse, 'defaultWarehouse')}`);
  }
  const user = q(userName, 'userName');
  return [
    ...(sets.length > 0 ? [sql`ALTER USER ${user} SET ${join(sets, ' ')}`] : []),
    ...(unsets.length > 0 ? [sql`ALTER USER ${user} UNSET ${join(unsets, ', ')}`] : []),
  ];
}

/** The ALTER WAREHOUSE a change runs; recommendations show its text before it is applied. */
export function alterWarehouseDdl(warehouseName: string, settings: Omit<AlterWarehouseChange, 'kind' | 'warehouseName'>): Sql {
  const parts: Sql[] = [];
  if (settings.size !== undefined) parts.push(raw(`WAREHOUSE_SIZE = ${sizeKeyword(settings.size)}`));
  if (settings.autoSuspendSeconds !== undefined) parts.push(sql`AUTO_SUSPEND = ${int(settings.autoSuspendSeconds)}`);
  if (settings.maxClusterCount !== undefined) parts.push(sql`MAX_CLUSTER_COUNT = ${int(settings.maxClusterCount)}`);
  return sql`ALTER WAREHOUSE ${q(warehouseName, 'warehouseName')} SET ${join(parts, ' ')}`;
}

/** Would granting `role` to `parent` close a cycle, i.e. does `role` already (transitively) hold `parent`? */
async function wouldCycle(engine: Queryable, role: string, parent: string): Promise<boolean> {
  const rows = await engine.query(sql`SELECT NAME AS "child", GRANTEE_NAME AS "parent" FROM ACCOUNT_USAGE.GRANTS_TO_ROLES
    WHERE GRANTED_ON = 'ROLE' AND PRIVILEGE = 'USAGE' AND DELETED_ON IS NULL`);
  const children = new Map<string, string[]>();
  for (const row of rows) children.set(str(row, 'parent'), [...(children.get(str(row, 'parent')) ?? []), str(row, 'child')]);
  const seen = new Set<string>();
  const stack = [role];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    if (current === parent) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    stack.push(...(children.get(current) ?? []));
  }
  return false;
}

/** What dropping a role takes away, for the audit: how many users and roles hold it, how many roles it holds. */
async function roleDependants(engine: Queryable, roleName: string): Promise<ChangePlan['before']> {
  const role = await findRole(engine, roleName);
  if (!role) throw notFound(`Role ${roleName}`);
  return { assignedToUsers: role.assignedToUsers, grantedToRoles: role.grantedToRoles, grantedRoles: role.grantedRoles };
}

async function roleGrantedToRole(engine: Queryable, role: string, parent: string): Promise<boolean> {
  if (engine.kind === 'snowflake') {
    const rows = await engine.query(sql`SHOW GRANTS OF ROLE ${q(role, 'roleName')}`);
    return rows.some((row) => str(row, 'granted_to') === 'ROLE' && str(row, 'grantee_name') === parent);
  }
  const rows = await engine.query(sql`SELECT 1 AS "x" FROM ACCOUNT_USAGE.GRANTS_TO_ROLES WHERE GRANTED_ON = 'ROLE' AND PRIVILEGE = 'USAGE'
    AND NAME = ${role} AND GRANTEE_NAME = ${parent} AND DELETED_ON IS NULL`);
  return rows.length > 0;
}

export async function planChange(engine: Queryable, change: WarehouseChange, now: string): Promise<ChangePlan> {
  const plan = (forward: Sql[], undo: Sql[] | null, sample: Sql[], before: ChangePlan['before'] = null): ChangePlan => ({
    forward,
    undo,
    sample,
    noop: false,
    before,
  });
  const noop = (before: ChangePlan['before'] = null): ChangePlan => ({ forward: [], undo: [], sample: [], noop: true, before });
  switch (change.kind) {
    case 'createUser': {
      if (await findUser(engine, change.userName)) throw alreadyExists(`User ${change.userName}`);
      if (change.defaultRole) await requireRole(engine, change.defaultRole);
      if (change.defaultWarehouse) await requireWarehouse(engine, change.defaultWarehouse);
      const props: Sql[] = [sql`LOGIN_NAME = ${nameLiteral(change.userName, 'userName')}`];
      if (change.displayName !== undefined) props.push(sql`DISPLAY_NAME = ${lit(change.displayName)}`);
      if (change.email !== undefined) props.push(sql`EMAIL = ${lit(change.email)}`);
      if (change.defaultRole) props.push(sql`DEFAULT_ROLE = ${nameLiteral(change.defaultRole, 'defaultRole')}`);
      if (change.defaultWarehouse) props.push(sql`DEFAULT_WAREHOUSE = ${nameLiteral(change.defaultWarehouse, 'defaultWarehouse')}`);
      if (change.comment !== undefined) props.push(sql`COMMENT = ${lit(change.comment)}`);
      const user = q(change.userName, 'userName');
      return plan(
        [sql`CREATE USER ${user} ${join(props, ' ')}`],
        [sql`DROP USER ${user}`],
        [
          sql`INSERT INTO ACCOUNT_USAGE.USERS (USER_ID, NAME, LOGIN_NAME, DISPLAY_NAME, EMAIL, CREATED_ON, DISABLED, SNOWFLAKE_LOCK,
              HAS_PASSWORD, MUST_CHANGE_PASSWORD, HAS_MFA, TYPE, DEFAULT_WAREHOUSE, DEFAULT_ROLE, COMMENT)
            SELECT COALESCE(MAX(USER_ID), 0) + 1, ${change.userName}, ${change.userName}, ${change.displayName ?? change.userName},
              ${change.email ?? null}, CAST(${now} AS TIMESTAMP), FALSE, FALSE, FALSE, FALSE, FALSE, 'PERSON',
              ${change.defaultWarehouse ?? null}, ${change.defaultRole ?? null}, ${change.comment ?? null}
            FROM ACCOUNT_USAGE.USERS`,
        ],
      );
    }
    case 'setUserDisabled': {
      const user = await requireUser(engine, change.userName);
      if (user.disabled === change.disabled) return noop({ disabled: user.disabled });
      const ddl = (disabled: boolean): Sql =>
        sql`ALTER USER ${q(change.userName, 'userName')} SET DISABLED = ${raw(disabled ? 'TRUE' : 'FALSE')}`;
      return plan(
        [ddl(change.disabled)],
        [ddl(user.disabled)],
        [sql`UPDATE ACCOUNT_USAGE.USERS SET DISABLED = ${change.disabled} WHERE NAME = ${change.userName} AND DELETED_ON IS NULL`],
        { disabled: user.disabled },
      );
    }
    case 'setUserDefaults': {
      const user = await requireUser(engine, change.userName);
      if (change.defaultRole) await requireRole(engine, change.defaultRole);
      if (change.defaultWarehouse) await requireWarehouse(engine, change.defaultWarehouse);
      const before = { defaultRole: user.defaultRole, defaultWarehouse: user.defaultWarehouse };
      const wanted = {
        defaultRole: change.defaultRole === undefined ? before.defaultRole : change.defaultRole,
        defaultWarehouse: change.defaultWarehouse === undefined ? before.defaultWarehouse : change.defaultWarehouse,
      };
      if (wanted.defaultRole === before.defaultRole && wanted.defaultWarehouse === before.defaultWarehouse) return noop(before);
      const restore = {
        ...(change.defaultRole !== undefined ? { defaultRole: before.defaultRole } : {}),
        ...(change.defaultWarehouse !== undefined ? { defaultWarehouse: before.defaultWarehouse } : {}),
      };
      return plan(
        userDefaultsDdl(change.userName, change),
        userDefaultsDdl(change.userName, restore),
        [
          sql`UPDATE ACCOUNT_USAGE.USERS SET DEFAULT_ROLE = ${wanted.defaultRole}, DEFAULT_WAREHOUSE = ${wanted.defaultWarehouse}
            WHERE NAME = ${change.userName} AND DELETED_ON IS NULL`,
        ],
        before,
      );
    }
    case 'grantRoleToUser':
    case 'revokeRoleFromUser': {
      await requireUser(engine, change.userName);
      await requireRole(engine, change.roleName);
      const granted = (await getUser(engine, change.userName)).roles.some((r) => r.role === change.roleName);
      const grant = sql`GRANT ROLE ${q(change.roleName, 'roleName')} TO USER ${q(change.userName, 'userName')}`;
      const revoke = sql`REVOKE ROLE ${q(change.roleName, 'roleName')} FROM USER ${q(change.userName, 'userName')}`;
      if (change.kind === 'grantRoleToUser') {
        if (granted) return noop({ granted });
        return plan(
          [grant],
          [revoke],
          [
            sql`INSERT INTO ACCOUNT_USAGE.GRANTS_TO_USERS VALUES (CAST(${now} AS TIMESTAMP), NULL, ${change.roleName}, 'USER', ${change.userName}, ${SAMPLE_GRANTOR})`,
          ],
          { granted },
        );
      }
      if (!granted) throw notFound(`A grant of role ${change.roleName} to user ${change.userName}`);
      return plan(
        [revoke],
        [grant],
        [
          sql`UPDATE ACCOUNT_USAGE.GRANTS_TO_USERS SET DELETED_ON = CAST(${now} AS TIMESTAMP)
            WHERE ROLE = ${change.roleName} AND GRANTEE_NAME = ${change.userName} AND DELETED_ON IS NULL`,
        ],
        { granted },
      );
    }
    case 'dropUser': {
      await requireUser(engine, change.userName);
      return plan([sql`DROP USER ${q(change.userName, 'userName')}`], null, [
        sql`UPDATE ACCOUNT_USAGE.USERS SET DELETED_ON = CAST(${now} AS TIMESTAMP) WHERE NAME = ${change.userName} AND DELETED_ON IS NULL`,
        sql`UPDATE ACCOUNT_USAGE.GRANTS_TO_USERS SET DELETED_ON = CAST(${now} AS TIMESTAMP) WHERE GRANTEE_NAME = ${change.userName} AND DELETED_ON IS NULL`,
      ]);
    }
    case 'createRole': {
      if (await findRole(engine, change.roleName)) throw alreadyExists(`Role ${change.roleName}`);
      const role = q(change.roleName, 'roleName');
      const comment = change.comment !== undefined ? sql` COMMENT = ${lit(change.comment)}` : raw('');
      return plan(
        [sql`CREATE ROLE ${role}${comment}`],
        [sql`DROP ROLE ${role}`],
        [
          sql`INSERT INTO ACCOUNT_USAGE.ROLES SELECT COALESCE(MAX(ROLE_ID), 0) + 1, ${change.roleName}, ${SAMPLE_GRANTOR}, ${change.comment ?? null},
              CAST(${now} AS TIMESTAMP), NULL, 'ROLE' FROM ACCOUNT_USAGE.ROLES`,
        ],
      );
    }
    case 'grantRoleToRole': {
      await requireRole(engine, change.roleName);
      await requireRole(engine, change.parentRoleName);
      if (await roleGrantedToRole(engine, change.roleName, change.parentRoleName)) return noop({ granted: true });
      // Snowflake refuses cycles itself; the sample must check for them here.
      if (engine.kind === 'duckdb' && (await wouldCycle(engine, change.roleName, change.parentRoleName))) {
        throw new WarehouseError(
          'conflict',
          `Role ${change.roleName} already includes ${change.parentRoleName}; granting it would make a cycle.`,
        );
      }
      const role = q(change.roleName, 'roleName');
      const parent = q(change.parentRoleName, 'parentRoleName');
      return plan(
        [sql`GRANT ROLE ${role} TO ROLE ${parent}`],
        [sql`REVOKE ROLE ${role} FROM ROLE ${parent}`],
        [
          sql`INSERT INTO ACCOUNT_USAGE.GRANTS_TO_ROLES VALUES (CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP), 'USAGE', 'ROLE',
              ${change.roleName}, NULL, NULL, 'ROLE', ${change.parentRoleName}, FALSE, ${SAMPLE_GRANTOR}, NULL)`,
        ],
        { granted: false },
      );
    }
    case 'revokeRoleFromRole': {
      await requireRole(engine, change.roleName);
      await requireRole(engine, change.parentRoleName);
      if (!(await roleGrantedToRole(engine, change.roleName, change.parentRoleName))) {
        throw notFound(`A grant of role ${change.roleName} to role ${change.parentRoleName}`);
      }
      const role = q(change.roleName, 'roleName');
      const parent = q(change.parentRoleName, 'parentRoleName');
      return plan(
        [sql`REVOKE ROLE ${role} FROM ROLE ${parent}`],
        [sql`GRANT ROLE ${role} TO ROLE ${parent}`],
        [
          sql`UPDATE ACCOUNT_USAGE.GRANTS_TO_ROLES SET DELETED_ON = CAST(${now} AS TIMESTAMP)
            WHERE GRANTED_ON = 'ROLE' AND PRIVILEGE = 'USAGE' AND NAME = ${change.roleName} AND GRANTEE_NAME = ${change.parentRoleName}
              AND DELETED_ON IS NULL`,
        ],
        { granted: true },
      );
    }
    case 'dropRole': {
      const dependants = await roleDependants(engine, change.roleName);
      // Snowflake drops the role's grants with it; they cannot be restored by one statement.
      return plan(
        [sql`DROP ROLE ${q(change.roleName, 'roleName')}`],
        null,
        [
          sql`UPDATE ACCOUNT_USAGE.ROLES SET DELETED_ON = CAST(${now} AS TIMESTAMP) WHERE NAME = ${change.roleName} AND DELETED_ON IS NULL`,
          sql`UPDATE ACCOUNT_USAGE.GRANTS_TO_USERS SET DELETED_ON = CAST(${now} AS TIMESTAMP) WHERE ROLE = ${change.roleName} AND DELETED_ON IS NULL`,
          sql`UPDATE ACCOUNT_USAGE.GRANTS_TO_ROLES SET DELETED_ON = CAST(${now} AS TIMESTAMP)
            WHERE DELETED_ON IS NULL AND (GRANTEE_NAME = ${change.roleName} OR (GRANTED_ON = 'ROLE' AND NAME = ${change.roleName}))`,
        ],
        dependants,
      );
    }
    case 'alterWarehouse': {
      const warehouse = (await listWarehouses(engine)).find((w) => w.name === change.warehouseName);
      if (!warehouse) throw notFound(`Warehouse ${change.warehouseName}`);
      if (change.maxClusterCount !== undefined && change.maxClusterCount < warehouse.minClusterCount) {
        throw new WarehouseError(
          'conflict',
          `MAX_CLUSTER_COUNT cannot be below the warehouse's MIN_CLUSTER_COUNT (${warehouse.minClusterCount}).`,
        );
      }
      const before = {
        size: warehouse.sizeLabel,
        autoSuspendSeconds: warehouse.autoSuspendSeconds,
        maxClusterCount: warehouse.maxClusterCount,
      };
      const wanted: Omit<AlterWarehouseChange, 'kind' | 'warehouseName'> = {};
      const restore: Omit<AlterWarehouseChange, 'kind' | 'warehouseName'> = {};
      if (change.size !== undefined && change.size !== warehouse.size) {
        wanted.size = change.size;
        if (warehouse.size) restore.size = warehouse.size;
      }
      if (change.autoSuspendSeconds !== undefined && change.autoSuspendSeconds !== warehouse.autoSuspendSeconds) {
        wanted.autoSuspendSeconds = change.autoSuspendSeconds;
        restore.autoSuspendSeconds = warehouse.autoSuspendSeconds ?? 0;
      }
      if (change.maxClusterCount !== undefined && change.maxClusterCount !== warehouse.maxClusterCount) {
        wanted.maxClusterCount = change.maxClusterCount;
        restore.maxClusterCount = warehouse.maxClusterCount;
      }
      if (Object.keys(wanted).length === 0) return noop(before);
      return plan(
        [alterWarehouseDdl(change.warehouseName, wanted)],
        [alterWarehouseDdl(change.warehouseName, restore)],
        [
          sql`UPDATE DATAWORKS.WAREHOUSES SET "size" = ${wanted.size ?? warehouse.sizeLabel},
              "auto_suspend" = ${wanted.autoSuspendSeconds ?? warehouse.autoSuspendSeconds},
              "max_cluster_count" = ${wanted.maxClusterCount ?? warehouse.maxClusterCount},
              "updated_on" = CAST(${now} AS TIMESTAMP)
            WHERE "name" = ${change.warehouseName}`,
        ],
        before,
      );
    }
  }
}
