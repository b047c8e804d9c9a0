import { monthToDate, spendByDimension } from '../../../../server/src/features/warehouse/analytics/cost';
import type { CostSummary } from '../../../../server/src/features/warehouse/analytics/cost';
import { openTestAccount, PRICE, STORAGE_PRICE, sumOf, fullRange, type TestAccount } from './sampleAccount';

describe('cost analytics', () => {
  let account: TestAccount;
  let range: { from: string; to: string };
  let summary: CostSummary;
  beforeAll(async () => {
    account = await openTestAccount();
    range = await fullRange(account.warehouse);
    summary = await account.warehouse.costSummary(range);
  });
  afterAll(() => account.close());

  it("covers the sample's 91 days", () => {
    expect(range).toEqual({ from: '2025-12-18', to: '2026-03-18' });
    expect(summary.byDayAndService).toHaveLength(91);
    expect(summary).toMatchObject({ currency: 'USD', pricePerCredit: PRICE, storagePricePerTbMonth: STORAGE_PRICE });
  });

  it('spends by day and warehouse exactly what WAREHOUSE_METERING_HISTORY meters', async () => {
    const direct = await account.sql(`SELECT CAST(START_TIME AS DATE) AS d, WAREHOUSE_NAME AS w, SUM(CREDITS_USED_COMPUTE) AS c
      FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY GROUP BY 1, 2`);
    expect(summary.byDayAndWarehouse).toHaveLength(direct.length);
    const byKey = new Map(summary.byDayAndWarehouse.map((r) => [`${r.day}|${r.warehouseName}`, r]));
    for (const row of direct) {
      const found = byKey.get(`${(row.d as Date).toISOString().slice(0, 10)}|${String(row.w)}`);
      expect(found?.credits).toBeCloseTo(Number(row.c), 6);
      expect(found?.cost).toBeCloseTo(Number(row.c) * PRICE, 6);
    }
  });

  it('splits spend by service: compute, cloud services after the 10% adjustment, storage', async () => {
    const [daily] = await account.sql(`SELECT SUM(CREDITS_USED_COMPUTE) AS compute, SUM(CREDITS_USED_CLOUD_SERVICES) AS cloud,
        SUM(CREDITS_USED_CLOUD_SERVICES + CREDITS_ADJUSTMENT_CLOUD_SERVICES) AS billed FROM ACCOUNT_USAGE.METERING_DAILY_HISTORY`);
    const storage = await account.sql(`SELECT USAGE_DATE AS d, SUM(AVERAGE_DATABASE_BYTES + AVERAGE_FAILSAFE_BYTES) AS b
      FROM ACCOUNT_USAGE.DATABASE_STORAGE_USAGE_HISTORY GROUP BY 1`);
    const storageCost = storage.reduce((sum, row) => {
      const d = row.d as Date;
      const daysInMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      return sum + ((Number(row.b) / 1024 ** 4) * STORAGE_PRICE) / daysInMonth;
    }, 0);
    const [compute, cloud, stored] = summary.byService;
    expect(compute).toMatchObject({ service: 'compute' });
    expect(compute?.credits).toBeCloseTo(Number(daily?.compute), 6);
    expect(cloud?.service).toBe('cloud_services');
    expect(cloud?.credits).toBeCloseTo(Number(daily?.billed), 6);
    expect(cloud?.credits).toBeLessThan(Number(daily?.cloud));
    expect(stored).toMatchObject({ service: 'storage', credits: null });
    expect(stored?.cost).toBeCloseTo(storageCost, 6);
    expect(summary.totalCost).toBeCloseTo((Number(daily?.compute) + Number(daily?.billed)) * PRICE + storageCost, 6);
  });

  it('attributes spend to users, roles and tags so that they add up to metered compute − idle + billed cloud services', async () => {
    const [totals] = await account.sql(`SELECT (SELECT SUM(CREDITS_USED_COMPUTE) FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY) AS metered,
        (SELECT SUM(CREDITS_IDLE) FROM DATAWORKS.WAREHOUSE_HOUR_COST) AS idle,
        (SELECT SUM(CREDITS_USED_CLOUD_SERVICES + CREDITS_ADJUSTMENT_CLOUD_SERVICES) FROM ACCOUNT_USAGE.METERING_DAILY_HISTORY) AS cloud`);
    const expected = Number(totals?.metered) - Number(totals?.idle) + Number(totals?.cloud);
    for (const dimension of ['user', 'role', 'tag'] as const) {
      const rows = await spendByDimension(
        { engine: account.engine, account: account.engine, prices: { pricePerCredit: PRICE, storagePricePerTbMonth: STORAGE_PRICE } },
        range,
        dimension,
        1000,
      );
      expect(sumOf(rows, (r) => r.credits)).toBeCloseTo(expected, 6);
      expect(sumOf(rows, (r) => r.queries)).toBe(
        Number((await account.sql('SELECT COUNT(*) AS n FROM ACCOUNT_USAGE.QUERY_HISTORY'))[0]?.n),
      );
      const sorted = [...rows].sort((a, b) => b.credits - a.credits);
      expect(rows.map((r) => r.name)).toEqual(sorted.map((r) => r.name));
    }
    expect(summary.byTag.some((t) => t.name === null)).toBe(true);
    expect(summary.byTag.some((t) => t.name === 'looker:dashboard=sales_overview')).toBe(true);
    const looker = summary.byUser.find((u) => u.name === 'LOOKER_SVC');
    const [direct] = await account.sql(`SELECT SUM(Q.CREDITS) AS c FROM DATAWORKS.QUERY_COST Q WHERE Q.USER_NAME = 'LOOKER_SVC'`);
    expect(looker?.credits).toBeCloseTo(Number(direct?.c), 6);
  });

  it('reports idle cost per warehouse, the oversized warehouse first in share', () => {
    const reporting = summary.idleByWarehouse.find((w) => w.warehouseName === 'REPORTING_WH');
    expect(reporting?.idleShare).toBeGreaterThan(0.2);
    expect(Math.max(...summary.idleByWarehouse.map((w) => w.idleShare))).toBe(reporting?.idleShare);
    for (const w of summary.idleByWarehouse) expect(w.attributedCredits + w.idleCredits).toBeCloseTo(w.meteredCredits, 6);
  });

  it('compares month to date with the same days of last month and forecasts the month end', async () => {
    const mtd = summary.monthToDate;
    expect(mtd).toMatchObject({ asOf: '2026-03-18', monthStart: '2026-03-01' });
    const daily = new Map(summary.byDayAndService.map((d) => [d.day, d.totalCost]));
    const total = (from: string, to: string): number => [...daily].filter(([d]) => d >= from && d <= to).reduce((s, [, c]) => s + c, 0);
    expect(mtd?.monthToDateCost).toBeCloseTo(total('2026-03-01', '2026-03-18'), 6);
    expect(mtd?.lastMonthSameDaysCost).toBeCloseTo(total('2026-02-01', '2026-02-18'), 6);
    expect(mtd?.lastMonthTotalCost).toBeCloseTo(total('2026-02-01', '2026-02-28'), 6);
    const trailing = total('2026-03-11', '2026-03-17') / 7;
    expect(mtd?.forecastCost).toBeCloseTo(total('2026-03-01', '2026-03-17') + trailing * 14, 6);
    // Month-end clamping: asOf the 31st compares with the last day of a shorter month.
    const clamped = await monthToDate(
      { engine: account.engine, account: account.engine, prices: { pricePerCredit: PRICE, storagePricePerTbMonth: STORAGE_PRICE } },
      '2026-01-31',
    );
    expect(clamped?.lastMonthSameDaysCost).toBeCloseTo(total('2025-12-01', '2025-12-31'), 6);
  });
});
