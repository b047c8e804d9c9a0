/**
 * The warehouse layer against a real Snowflake account. Runs only when these are set:
 *
 *   SNOWFLAKE_TEST_ACCOUNT, SNOWFLAKE_TEST_USER, SNOWFLAKE_TEST_PRIVATE_KEY_PATH,
 *   SNOWFLAKE_TEST_ROLE, SNOWFLAKE_TEST_WAREHOUSE   (SNOWFLAKE_TEST_PRIVATE_KEY_PASSPHRASE optional)
 *
 * The user needs IMPORTED PRIVILEGES on the SNOWFLAKE database. The write round trip (creates
 * and drops a DW_TEST_* user and role) runs only with SNOWFLAKE_TEST_WRITES=true and a role that
 * may create users and roles. Otherwise the suite is skipped and says why.
 */
import { randomBytes } from 'node:crypto';
import { openSnowflakeEngine } from '../../../../server/src/features/warehouse/snowflakeEngine';
import type { Engine } from '../../../../server/src/platform/warehouse/engine';
import { addDays } from '../../../../server/src/features/warehouse/analytics/filters';
import { warehouseHourCostSelect } from '../../../../server/src/platform/warehouse/attribution';
import { raw, sql } from '../../../../server/src/platform/warehouse/sql';
import { Warehouse } from '../../../../server/src/features/warehouse/warehouse';
import { infoFor, sumOf, tempDir } from './sampleAccount';
import { missingSnowflakeSettings, snowflakeTestSettings } from './snowflakeTestAccount';
import { promises as fs } from 'node:fs';
import { openUsageCopy } from '../../../../server/src/features/warehouse/usage-sync/usageCopy';
import { OrganisationUsage } from '../../../../server/src/features/warehouse/usage-sync/organisationUsage';
import type { UsageSyncResult } from '../../../../server/src/features/warehouse/usage-sync/usageSync';

const missing = missingSnowflakeSettings();
const writes = process.env.SNOWFLAKE_TEST_WRITES === 'true';

if (missing.length > 0) {
  console.log(
    `Snowflake suite skipped: no Snowflake credentials (${missing.join(', ')} not set). See the header of snowflake.live.test.ts.`,
  );
} else if (!writes) {
  console.log('Snowflake suite: the write round trip is skipped (set SNOWFLAKE_TEST_WRITES=true to create and drop a test user and role).');
}

(missing.length > 0 ? describe.skip : describe)('warehouse layer on a real Snowflake account', () => {
  jest.setTimeout(120_000);
  let engine: Engine;
  let warehouse: Warehouse;
  let range: { from: string; to: string };
  let copyDir: string;
  let usage: OrganisationUsage;
  let syncResult: UsageSyncResult;
  const suffix = randomBytes(3).toString('hex').toUpperCase();

  beforeAll(async () => {
    engine = await openSnowflakeEngine(snowflakeTestSettings());
    // The pages read a usage copy filled from the account by the portal's own sync (a week here).
    copyDir = await tempDir('dw-snowflake-usage-');
    const settings = { dir: copyDir, backfillDays: 7, intervalMs: 3_600_000, readyWaitMs: 1000 };
    usage = await OrganisationUsage.open(
      'live',
      await openUsageCopy(copyDir, 'live', `snowflake:${process.env.SNOWFLAKE_TEST_ACCOUNT ?? ''}`),
      engine,
      settings,
    );
    syncResult = await usage.sync();
    warehouse = new Warehouse(infoFor('live', 'snowflake'), engine, { usage });
    const data = await warehouse.dataRange();
    if (!data) throw new Error('the account has no METERING_DAILY_HISTORY rows');
    range = { from: addDays(data.to, -6), to: data.to };
  });

  afterAll(async () => {
    if (writes) {
      await engine.query(raw(`DROP USER IF EXISTS "DW_TEST_USER_${suffix}"`)).catch(() => undefined);
      await engine.query(raw(`DROP ROLE IF EXISTS "DW_TEST_ROLE_${suffix}"`)).catch(() => undefined);
    }
    await usage?.close();
    await engine?.close();
    if (copyDir) await fs.rm(copyDir, { recursive: true, force: true });
  });

  it('fills the usage copy from ACCOUNT_USAGE with marked statements, and a second sync reads only the re-read window', async () => {
    expect(syncResult.kind).toBe('backfill');
    expect(syncResult.rowsCopied).toBeGreaterThan(0);
    const second = await usage.sync();
    expect(second.kind).toBe('incremental');
    expect(second.sourceStatements).toBeLessThan(syncResult.sourceStatements + 5);
    const state = await usage.state();
    expect(state.ready).toBe(true);
    expect(state.lastRun).toMatchObject({ status: 'succeeded', error: null });
  });

  it('summarises cost as WAREHOUSE_METERING_HISTORY meters it', async () => {
    const summary = await warehouse.costSummary(range);
    expect(summary.byService.map((s) => s.service)).toEqual(['compute', 'cloud_services', 'storage']);
    const [direct] = await engine.query(sql`SELECT SUM(CREDITS_USED_COMPUTE) AS "c" FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
      WHERE START_TIME >= CAST(${`${range.from} 00:00:00`} AS TIMESTAMP_LTZ) AND START_TIME < CAST(${`${addDays(range.to, 1)} 00:00:00`} AS TIMESTAMP_LTZ)`);
    expect(sumOf(summary.byDayAndWarehouse, (d) => d.credits)).toBeCloseTo(Number(direct?.c ?? 0), 6);
  });

  it('attributes every metered warehouse-hour to queries or idle', async () => {
    const hours = await engine.query(warehouseHourCostSelect({ start: `${range.from} 00:00:00`, end: `${addDays(range.to, 1)} 00:00:00` }));
    for (const h of hours) expect(Number(h.CREDITS_ATTRIBUTED) + Number(h.CREDITS_IDLE)).toBeCloseTo(Number(h.CREDITS_METERED), 6);
  });

  it('runs the query, warehouse and user analytics', async () => {
    const top = await warehouse.topQueries({ range }, { limit: 5 });
    await warehouse.queryPatterns({ range }, { limit: 5 });
    await warehouse.remoteSpillingQueries({ range }, 5);
    await warehouse.spillByWarehouse({ range });
    if (top[0]) expect((await warehouse.queryDetail(top[0].queryId)).queryId).toBe(top[0].queryId);
    const usage = await warehouse.warehouseUsage(range);
    expect(usage.length).toBeGreaterThan(0);
    await warehouse.recommendations(range);
    const users = await warehouse.usersOverview(range);
    expect(users.users.length).toBeGreaterThan(0);
  });

  it('reads users and roles live', async () => {
    expect((await warehouse.listUsers()).length).toBeGreaterThan(0);
    expect((await warehouse.listRoles()).map((r) => r.name)).toContain('PUBLIC');
    expect((await warehouse.getRole('PUBLIC')).role.name).toBe('PUBLIC');
  });

  (writes ? it : it.skip)('creates, grants (undone when the audit fails), disables and drops a test user', async () => {
    const user = `DW_TEST_USER_${suffix}`;
    const role = `DW_TEST_ROLE_${suffix}`;
    await warehouse.write({ kind: 'createRole', roleName: role, comment: 'Dataworks test role' });
    await warehouse.write({ kind: 'createUser', userName: user, displayName: 'Dataworks test' });
    await expect(
      warehouse.write({ kind: 'grantRoleToUser', roleName: role, userName: user }, () => {
        throw new Error('audit down');
      }),
    ).rejects.toThrow('audit down');
    expect((await warehouse.getUser(user)).roles.map((r) => r.role)).not.toContain(role);
    await warehouse.write({ kind: 'grantRoleToUser', roleName: role, userName: user });
    expect((await warehouse.getUser(user)).roles.map((r) => r.role)).toContain(role);
    await warehouse.write({ kind: 'setUserDisabled', userName: user, disabled: true });
    expect((await warehouse.getUser(user)).user.disabled).toBe(true);
    await warehouse.write({ kind: 'dropUser', userName: user });
    await expect(warehouse.getUser(user)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
