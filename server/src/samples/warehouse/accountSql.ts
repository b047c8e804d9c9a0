/**
 * Rows the generator writes from the JS plan: the generator's reference tables (profiles,
 * templates, workload users) and the account objects (warehouses, users, roles, grants).
 * Each is one INSERT … VALUES with bound parameters.
 */
import { DAY_MS } from '@common/time/utcDay';
import { raw, sql, join, type Sql, type SqlParam } from '../../platform/warehouse/sql.js';
import type { SamplePlan } from './plan.js';

function values(table: string, rows: ReadonlyArray<readonly SqlParam[]>): Sql | null {
  if (rows.length === 0) return null;
  return sql`INSERT INTO ${raw(table)} VALUES ${join(rows.map((row) => sql`(${join(row.map((value) => sql`${value}`))})`))}`;
}

function daysBefore(end: Date, days: number, hours = 0): string {
  return new Date(end.getTime() - days * DAY_MS - hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Cumulative lower bounds of normalised weights (the inverse-CDF pick of querySql.ts). */
function cumulative<T extends { weight: number }>(items: readonly T[]): Array<T & { cumLo: number }> {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let acc = 0;
  return items.map((item) => {
    const cumLo = acc / total;
    acc += item.weight;
    return { ...item, cumLo };
  });
}

export const REFERENCE_DDL: readonly string[] = [
  `CREATE TEMP TABLE G_WH (name VARCHAR, id BIGINT, size VARCHAR, rate DOUBLE, auto_suspend INTEGER)`,
  `CREATE TEMP TABLE G_WORKLOAD (workload VARCHAR, warehouse_name VARCHAR, warehouse_size VARCHAR, query_count BIGINT,
     queue_at_peak DOUBLE, cs_per_compile_ms DOUBLE, cs_per_query DOUBLE)`,
  `CREATE TEMP TABLE G_PROFILE (workload VARCHAR, weekend BOOLEAN, hour INTEGER, weight DOUBLE)`,
  `CREATE TEMP TABLE G_TEMPLATE (workload VARCHAR, cum_lo DOUBLE, key VARCHAR, query_type VARCHAR, database_name VARCHAR,
     schema_name VARCHAR, text VARCHAR, param_range BIGINT, tag VARCHAR, exec_median_ms DOUBLE, exec_sigma DOUBLE,
     exec_max_ms DOUBLE, compile_median_ms DOUBLE, remote_spill DOUBLE, cache_share DOUBLE, fail_rate DOUBLE, param_hash VARCHAR)`,
  `CREATE TEMP TABLE G_WUSER (workload VARCHAR, cum_lo DOUBLE, user_name VARCHAR, role_name VARCHAR)`,
];

export function referenceRows(plan: SamplePlan): Sql[] {
  const statements: Array<Sql | null> = [
    values(
      'G_WH',
      plan.warehouses.map((w) => [w.name, w.id, w.size, w.creditsPerHour, w.autoSuspend]),
    ),
    values(
      'G_WORKLOAD',
      plan.workloads.map((w) => [
        w.id,
        w.warehouse,
        plan.warehouses.find((x) => x.name === w.warehouse)?.size ?? null,
        w.queryCount,
        w.queueAtPeak,
        w.cloudServicesPerCompileMs,
        w.cloudServicesPerQuery,
      ]),
    ),
    values(
      'G_PROFILE',
      plan.workloads.flatMap((w) => [
        ...w.weekday.map((weight, hour): SqlParam[] => [w.id, false, hour, weight]),
        ...w.weekend.map((weight, hour): SqlParam[] => [w.id, true, hour, weight]),
      ]),
    ),
    values(
      'G_TEMPLATE',
      plan.workloads.flatMap((w) =>
        cumulative(w.templates).map((t): SqlParam[] => [
          w.id,
          t.cumLo,
          t.key,
          t.queryType,
          t.database,
          t.schema,
          t.text,
          t.paramRange,
          t.tag,
          t.execMedianMs,
          t.execSigma,
          t.execMaxMs,
          t.compileMedianMs,
          t.remoteSpill,
          t.cacheShare,
          t.failRate,
          null,
        ]),
      ),
    ),
    values(
      'G_WUSER',
      plan.workloads.flatMap((w) => cumulative(w.users).map((u): SqlParam[] => [w.id, u.cumLo, u.name, u.role])),
    ),
  ];
  return [
    ...statements.filter((s): s is Sql => s !== null),
    // Snowflake's parameterised hash is a hash of the text with literals replaced; the template text is exactly that.
    raw(`UPDATE G_TEMPLATE SET param_hash = md5('param:' || text)`),
  ];
}

export function accountRows(plan: SamplePlan): Sql[] {
  const end = plan.windowEnd;
  const { users, roles, roleGrants } = plan.people;
  const statements: Array<Sql | null> = [
    values(
      'DATAWORKS.WAREHOUSES',
      plan.warehouses.map((w) => [
        w.name,
        'SUSPENDED',
        'STANDARD',
        w.size,
        w.minClusters,
        w.maxClusters,
        0,
        0,
        0,
        w.autoSuspend,
        'true',
        'STANDARD',
        daysBefore(end, 700),
        null,
        daysBefore(end, 200),
        w.owner,
        w.comment,
        null,
      ]),
    ),
    values(
      'ACCOUNT_USAGE.USERS',
      users.map((u, i) => [
        2001 + i,
        u.name,
        u.name,
        u.displayName,
        u.email,
        daysBefore(end, u.createdDaysAgo),
        u.deletedDaysAgo === null ? null : daysBefore(end, u.deletedDaysAgo),
        u.disabled,
        false,
        u.hasPassword,
        false,
        u.hasMfa,
        u.type,
        u.defaultWarehouse,
        null,
        u.defaultRole,
        u.lastLoginDaysAgo === null ? null : daysBefore(end, u.lastLoginDaysAgo, (i * 7) % 11),
        null,
        null,
        null,
      ]),
    ),
    values(
      'ACCOUNT_USAGE.ROLES',
      roles.map((r, i) => [3001 + i, r.name, r.owner, r.comment, daysBefore(end, r.createdDaysAgo), null, 'ROLE']),
    ),
    values(
      'ACCOUNT_USAGE.GRANTS_TO_USERS',
      users.flatMap((u) =>
        u.roles.map((role): SqlParam[] => [
          daysBefore(end, u.createdDaysAgo - 1),
          u.deletedDaysAgo === null ? null : daysBefore(end, u.deletedDaysAgo),
          role,
          'USER',
          u.name,
          role === 'ACCOUNTADMIN' ? 'ACCOUNTADMIN' : 'SECURITYADMIN',
        ]),
      ),
    ),
    values(
      'ACCOUNT_USAGE.GRANTS_TO_ROLES',
      roleGrants.map((g, i) => [
        daysBefore(end, 600 - i),
        daysBefore(end, 600 - i),
        g.privilege,
        g.grantedOn,
        g.name,
        g.grantedOn === 'SCHEMA' ? (g.name.split('.')[0] ?? null) : null,
        null,
        'ROLE',
        g.grantee,
        false,
        g.grantedBy,
        null,
      ]),
    ),
  ];
  return statements.filter((s): s is Sql => s !== null);
}

/** Sign-ins of users whose last login follows their queries: a little before their last query. */
export function lastLoginSql(plan: SamplePlan): Sql {
  return sql`UPDATE ACCOUNT_USAGE.USERS U SET LAST_SUCCESS_LOGIN = L.LAST_LOGIN
    FROM (SELECT USER_NAME, MAX(START_TIME) - INTERVAL 20 MINUTE AS LAST_LOGIN FROM ACCOUNT_USAGE.QUERY_HISTORY GROUP BY USER_NAME) L
    WHERE L.USER_NAME = U.NAME AND U.LAST_SUCCESS_LOGIN IS NULL AND U.NAME IN (${join(
      plan.people.users.filter((u) => u.lastLoginDaysAgo === null).map((u) => sql`${u.name}`),
    )})`;
}
