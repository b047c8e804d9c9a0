import {
  billedSeconds,
  creditsPerHour,
  dailyCloudServices,
  dailyStorageCost,
  parseWarehouseSize,
  runCredits,
  sizeKeyword,
  sizeStep,
  WAREHOUSE_SIZES,
} from '../../../../server/src/platform/warehouse/billing';
import { planSample } from '../../../../server/src/samples/warehouse/plan';
import { NOW, openTestAccount, type TestAccount } from './sampleAccount';

describe('billing rules', () => {
  it('charges credits per hour by size as Snowflake documents', () => {
    expect(WAREHOUSE_SIZES.map(creditsPerHour)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
    expect(sizeStep('X-Small', -1)).toBeNull();
    expect(sizeStep('Large', -1)).toBe('Medium');
    expect(sizeStep('6X-Large', 1)).toBeNull();
  });

  it('reads the size forms Snowflake uses and writes its ALTER keyword', () => {
    expect(parseWarehouseSize('X-Small')).toBe('X-Small');
    expect(parseWarehouseSize('XSMALL')).toBe('X-Small');
    expect(parseWarehouseSize('xxlarge')).toBe('2X-Large');
    expect(parseWarehouseSize('X2LARGE')).toBe('2X-Large');
    expect(parseWarehouseSize('4X-Large')).toBe('4X-Large');
    expect(parseWarehouseSize('Huge')).toBeNull();
    expect(sizeKeyword('3X-Large')).toBe('XXXLARGE');
    expect(sizeKeyword('X-Small')).toBe('XSMALL');
  });

  it('bills whole seconds with a 60-second minimum per resume', () => {
    expect(billedSeconds(1)).toBe(60);
    expect(billedSeconds(59.9)).toBe(60);
    expect(billedSeconds(60)).toBe(60);
    expect(billedSeconds(61.2)).toBe(62);
    expect(runCredits('X-Small', 10)).toBeCloseTo(60 / 3600, 12);
    expect(runCredits('Large', 3600)).toBe(8);
  });

  it("bills cloud services only above 10% of the day's compute", () => {
    expect(dailyCloudServices(100, 4)).toMatchObject({ adjustment: -4, billedCloudServices: 0, billedCredits: 100 });
    expect(dailyCloudServices(100, 10)).toMatchObject({ adjustment: -10, billedCloudServices: 0 });
    const over = dailyCloudServices(20, 5);
    expect(over.adjustment).toBeCloseTo(-2, 12);
    expect(over.billedCloudServices).toBeCloseTo(3, 12);
    expect(over.billedCredits).toBeCloseTo(23, 12);
  });

  it('prices storage per TB-month, pro rata per day', () => {
    expect(dailyStorageCost(1024 ** 4, 30, 23)).toBeCloseTo(23 / 30, 12);
  });
});

interface ExecRow {
  wh: string;
  es: number;
  ee: number;
}

/** Re-derives each warehouse's runs from QUERY_HISTORY in plain JS (microseconds). */
function runs(
  rows: ExecRow[],
  autoSuspend: Map<string, number>,
  windowEndUs: number,
): Map<string, Array<{ resumed: number; suspendAt: number; billedUntil: number }>> {
  const byWarehouse = new Map<string, ExecRow[]>();
  for (const row of rows) byWarehouse.set(row.wh, [...(byWarehouse.get(row.wh) ?? []), row]);
  const result = new Map<string, Array<{ resumed: number; suspendAt: number; billedUntil: number }>>();
  for (const [wh, list] of byWarehouse) {
    list.sort((a, b) => a.es - b.es || a.ee - b.ee);
    const gap = (autoSuspend.get(wh) ?? 0) * 1e6;
    const out: Array<{ resumed: number; suspendAt: number; billedUntil: number }> = [];
    let first = 0;
    let last = -Infinity;
    const close = (): void => {
      const resumed = Math.floor(first / 1e6) * 1e6;
      const suspendAt = Math.ceil((last + gap) / 1e6) * 1e6;
      out.push({
        resumed,
        suspendAt: Math.min(windowEndUs, suspendAt),
        billedUntil: Math.min(windowEndUs, Math.max(resumed + 60e6, suspendAt)),
      });
    };
    for (const row of list) {
      if (last === -Infinity) first = row.es;
      else if (row.es > last + gap) {
        close();
        first = row.es;
      }
      last = Math.max(last, row.ee);
    }
    close();
    result.set(wh, out);
  }
  return result;
}

describe('the sample account is billed by those rules', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await openTestAccount();
  });
  afterAll(() => account.close());

  it('meters each warehouse exactly the credits of its runs (per second, 60-second minimum)', async () => {
    const plan = planSample('acme', 6000, NOW);
    const rows = (await account.sql(`SELECT WAREHOUSE_NAME AS wh,
        epoch_us(START_TIME) + 1000 * (QUEUED_PROVISIONING_TIME + QUEUED_REPAIR_TIME + QUEUED_OVERLOAD_TIME + COMPILATION_TIME) AS es,
        epoch_us(END_TIME) AS ee
      FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME IS NOT NULL AND EXECUTION_TIME > 0`)) as unknown as ExecRow[];
    const derived = runs(rows, new Map(plan.warehouses.map((w) => [w.name, w.autoSuspend])), plan.windowEnd.getTime() * 1000);
    const metered = new Map(
      (
        await account.sql(
          `SELECT WAREHOUSE_NAME AS wh, SUM(CREDITS_USED_COMPUTE) AS credits FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY GROUP BY 1`,
        )
      ).map((r) => [String(r.wh), Number(r.credits)]),
    );
    let shortRuns = 0;
    for (const w of plan.warehouses) {
      const list = derived.get(w.name) ?? [];
      shortRuns += list.filter((r) => r.suspendAt - r.resumed < 60e6).length;
      for (const r of list)
        expect(r.billedUntil - r.resumed).toBeGreaterThanOrEqual(r.billedUntil === plan.windowEnd.getTime() * 1000 ? 0 : 60e6);
      const expected = list.reduce((sum, r) => sum + ((r.billedUntil - r.resumed) / 3600e6) * w.creditsPerHour, 0);
      expect(metered.get(w.name) ?? 0).toBeCloseTo(expected, 5);
    }
    // DEV_WH suspends after 30 s, so the 60-second minimum really is exercised.
    expect(shortRuns).toBeGreaterThan(10);
    const [events] = await account.sql(
      `SELECT COUNT(*) AS n FROM ACCOUNT_USAGE.WAREHOUSE_EVENTS_HISTORY WHERE EVENT_NAME = 'RESUME_WAREHOUSE'`,
    );
    expect(events?.n).toBe([...derived.values()].reduce((sum, list) => sum + list.length, 0));
  });

  it("never meters a warehouse-hour above its size's hourly rate, except for overlapping 60-second minimums", async () => {
    const [row] = await account.sql(`SELECT MAX(M.CREDITS_USED_COMPUTE / W.rate) AS worst FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY M
      JOIN (SELECT * FROM (VALUES ('BI_WH', 4), ('ELT_WH', 8), ('ANALYTICS_WH', 1), ('REPORTING_WH', 8)) v(name, rate)) W ON W.name = M.WAREHOUSE_NAME`);
    expect(row?.worst).toBeLessThanOrEqual(1.000001);
  });

  it("adjusts each day's cloud services by min(cloud services, 10% of compute), and both cases occur", async () => {
    const days = await account.sql(`SELECT USAGE_DATE, CREDITS_USED_COMPUTE AS compute, CREDITS_USED_CLOUD_SERVICES AS cloud,
        CREDITS_ADJUSTMENT_CLOUD_SERVICES AS adjustment, CREDITS_BILLED AS billed FROM ACCOUNT_USAGE.METERING_DAILY_HISTORY`);
    const compute = new Map(
      (
        await account.sql(
          `SELECT CAST(START_TIME AS DATE) AS d, SUM(CREDITS_USED_COMPUTE) AS c FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY GROUP BY 1`,
        )
      ).map((r) => [(r.d as Date).toISOString(), Number(r.c)]),
    );
    const cloud = new Map(
      (
        await account.sql(
          `SELECT CAST(START_TIME AS DATE) AS d, SUM(CREDITS_USED_CLOUD_SERVICES) AS c FROM ACCOUNT_USAGE.QUERY_HISTORY GROUP BY 1`,
        )
      ).map((r) => [(r.d as Date).toISOString(), Number(r.c)]),
    );
    let billedCloud = 0;
    let freeCloud = 0;
    for (const d of days) {
      const key = (d.USAGE_DATE as Date).toISOString();
      expect(Number(d.compute)).toBeCloseTo(compute.get(key) ?? 0, 6);
      expect(Number(d.cloud)).toBeCloseTo(cloud.get(key) ?? 0, 6);
      const expected = dailyCloudServices(Number(d.compute), Number(d.cloud));
      expect(Number(d.adjustment)).toBeCloseTo(expected.adjustment, 6);
      expect(Number(d.billed)).toBeCloseTo(expected.billedCredits, 6);
      if (expected.billedCloudServices > 0) billedCloud += 1;
      else if (Number(d.cloud) > 0) freeCloud += 1;
    }
    expect(billedCloud).toBeGreaterThan(5);
    expect(freeCloud).toBeGreaterThan(5);
  });

  it("meters warehouse cloud services per hour as the sum of that hour's queries", async () => {
    const [row] = await account.sql(`SELECT
        (SELECT SUM(CREDITS_USED_CLOUD_SERVICES) FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY) AS metered,
        (SELECT SUM(CREDITS_USED_CLOUD_SERVICES) FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME IS NOT NULL) AS queries`);
    expect(Number(row?.metered)).toBeCloseTo(Number(row?.queries), 6);
  });
});
