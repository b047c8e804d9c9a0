import { creditsPerHour, parseWarehouseSize } from '../../../../server/src/platform/warehouse/billing';
import type { AppliedChange } from '../../../../server/src/features/warehouse/management/unitOfWork';
import { fullRange, openTestAccount, type TestAccount } from './sampleAccount';

describe('warehouse usage and recommendations', () => {
  let account: TestAccount;
  let range: { from: string; to: string };
  beforeAll(async () => {
    account = await openTestAccount();
    range = await fullRange(account.warehouse);
  });
  afterAll(() => account.close());

  it("shows each warehouse's settings with credits, load, idle and busy shares as the usage views give them", async () => {
    const usage = await account.warehouse.warehouseUsage(range);
    expect(usage.map((w) => w.name)).toEqual(['ANALYTICS_WH', 'BI_WH', 'DEV_WH', 'ELT_WH', 'REPORTING_WH']);
    const direct = new Map(
      (
        await account.sql(`SELECT WAREHOUSE_NAME AS w, SUM(CREDITS_USED_COMPUTE) AS m, SUM(CREDITS_ATTRIBUTED_COMPUTE_QUERIES) AS b
      FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY GROUP BY 1`)
      ).map((r) => [String(r.w), r]),
    );
    const load = new Map(
      (
        await account.sql(`SELECT WAREHOUSE_NAME AS w, AVG(AVG_RUNNING) AS r, AVG(AVG_QUEUED_LOAD) AS q
      FROM ACCOUNT_USAGE.WAREHOUSE_LOAD_HISTORY GROUP BY 1`)
      ).map((r) => [String(r.w), r]),
    );
    for (const w of usage) {
      expect(w.meteredCredits).toBeCloseTo(Number(direct.get(w.name)?.m), 6);
      expect(w.busyShare).toBeCloseTo(Number(direct.get(w.name)?.b) / Number(direct.get(w.name)?.m), 9);
      expect(w.averageRunning).toBeCloseTo(Number(load.get(w.name)?.r), 9);
      expect(w.averageQueued).toBeCloseTo(Number(load.get(w.name)?.q), 9);
      expect(w.idleShare).toBeGreaterThanOrEqual(0);
      expect(w.cost).toBeCloseTo(w.meteredCredits * 3, 6);
    }
    const reporting = usage.find((w) => w.name === 'REPORTING_WH');
    expect(reporting).toMatchObject({ size: 'Large', autoSuspendSeconds: 3600, maxClusterCount: 1 });
    expect(reporting?.busyShare).toBeLessThan(0.02);
    const analytics = usage.find((w) => w.name === 'ANALYTICS_WH');
    expect(analytics?.averageQueued).toBeGreaterThan(0);
    expect(analytics?.remoteSpillQueries).toBeGreaterThan(10);
  });

  it('recommends a shorter auto-suspend and a smaller size for the idle warehouse, more room for the spilling one', async () => {
    const recommendations = await account.warehouse.recommendations(range);
    const ids = recommendations.map((r) => r.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'REPORTING_WH:auto_suspend',
        'REPORTING_WH:downsize',
        'BI_WH:auto_suspend',
        'ANALYTICS_WH:upsize',
        'ANALYTICS_WH:multi_cluster',
      ]),
    );
    expect(ids.some((id) => id.startsWith('DEV_WH') || id.startsWith('ELT_WH'))).toBe(false);
    expect(recommendations[0]?.id).toBe('REPORTING_WH:auto_suspend');
    const byId = new Map(recommendations.map((r) => [r.id, r]));
    expect(byId.get('REPORTING_WH:auto_suspend')?.change).toEqual({
      kind: 'alterWarehouse',
      warehouseName: 'REPORTING_WH',
      autoSuspendSeconds: 60,
    });
    expect(byId.get('REPORTING_WH:downsize')?.change).toEqual({ kind: 'alterWarehouse', warehouseName: 'REPORTING_WH', size: 'Medium' });
    expect(byId.get('ANALYTICS_WH:upsize')?.change).toEqual({ kind: 'alterWarehouse', warehouseName: 'ANALYTICS_WH', size: 'Small' });
    expect(byId.get('ANALYTICS_WH:multi_cluster')?.change).toEqual({
      kind: 'alterWarehouse',
      warehouseName: 'ANALYTICS_WH',
      maxClusterCount: 2,
    });
    expect(byId.get('ANALYTICS_WH:upsize')?.estimatedMonthlySavings).toBeLessThan(0);
    for (const r of recommendations) expect(r.estimatedMonthlySavings).toBeCloseTo(r.estimatedMonthlySavingsCredits * 3, 9);
  });

  it('estimates the auto-suspend saving by replaying the gaps between queries (independent JS replay)', async () => {
    const rows =
      await account.sql(`SELECT epoch_us(START_TIME) + 1000 * (QUEUED_PROVISIONING_TIME + QUEUED_REPAIR_TIME + QUEUED_OVERLOAD_TIME + COMPILATION_TIME) AS es,
        epoch_us(END_TIME) AS ee FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME = 'REPORTING_WH' ORDER BY es, ee`);
    let runEnd = -Infinity;
    let now = 0;
    let target = 0;
    for (const row of rows) {
      const es = Number(row.es);
      const ee = Number(row.ee);
      if (runEnd > -Infinity) {
        const gap = (Math.floor(es / 1000) - Math.floor(runEnd / 1000)) / 1000;
        if (gap > 0) {
          now += Math.min(gap, 3600);
          target += Math.min(gap, 60);
        }
      }
      runEnd = Math.max(runEnd, ee);
    }
    const expected = (((now - target) * creditsPerHour('Large')) / 3600) * (30 / 91);
    const found = (await account.warehouse.recommendations(range)).find((r) => r.id === 'REPORTING_WH:auto_suspend');
    expect(found?.estimatedMonthlySavingsCredits).toBeCloseTo(expected, 3);
    // The saving cannot exceed what the warehouse was billed while idle.
    const usage = (await account.warehouse.warehouseUsage(range)).find((w) => w.name === 'REPORTING_WH');
    expect(found?.estimatedMonthlySavingsCredits ?? 0).toBeLessThan((((usage?.meteredCredits ?? 0) - (usage?.busyCredits ?? 0)) * 30) / 91);
  });

  it('applies a recommendation with its audit in one unit of work, after which it is no longer recommended', async () => {
    const shown = (await account.warehouse.recommendations(range)).find((r) => r.id === 'REPORTING_WH:auto_suspend');
    const audits: AppliedChange[] = [];
    const applied = await account.warehouse.applyRecommendation(range, 'REPORTING_WH:auto_suspend', (a) => {
      audits.push(a);
    });
    expect(audits).toEqual([applied]);
    expect(applied).toMatchObject({
      noop: false,
      before: { size: 'Large', autoSuspendSeconds: 3600, maxClusterCount: 1 },
      statements: ['ALTER WAREHOUSE "REPORTING_WH" SET AUTO_SUSPEND = 60'],
    });
    // What the confirmation showed is what ran.
    expect(applied.statements).toEqual([shown?.statement]);
    const [row] = await account.sql(`SELECT "auto_suspend" AS s FROM DATAWORKS.WAREHOUSES WHERE "name" = 'REPORTING_WH'`);
    expect(row?.s).toBe(60);
    const after = (await account.warehouse.recommendations(range)).map((r) => r.id);
    expect(after).not.toContain('REPORTING_WH:auto_suspend');
    await expect(account.warehouse.applyRecommendation(range, 'REPORTING_WH:auto_suspend')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('rolls the warehouse change back when the audit fails', async () => {
    await expect(
      account.warehouse.applyRecommendation(range, 'ANALYTICS_WH:upsize', () => {
        throw new Error('audit store is down');
      }),
    ).rejects.toThrow('audit store is down');
    const [row] = await account.sql(`SELECT "size" AS s FROM DATAWORKS.WAREHOUSES WHERE "name" = 'ANALYTICS_WH'`);
    expect(row?.s).toBe('X-Small');
    expect((await account.warehouse.recommendations(range)).map((r) => r.id)).toContain('ANALYTICS_WH:upsize');
  });

  it('holds size advice back once a warehouse was resized', async () => {
    await account.warehouse.write({ kind: 'alterWarehouse', warehouseName: 'ANALYTICS_WH', size: 'Small' });
    const usage = (await account.warehouse.warehouseUsage(range)).find((w) => w.name === 'ANALYTICS_WH');
    expect(usage).toMatchObject({ size: 'Small', historicalSize: 'X-Small' });
    expect(parseWarehouseSize(usage?.historicalSize ?? '')).toBe('X-Small');
    const ids = (await account.warehouse.recommendations(range)).map((r) => r.id);
    expect(ids).not.toContain('ANALYTICS_WH:upsize');
    expect(ids).toContain('ANALYTICS_WH:multi_cluster');
  });
});
