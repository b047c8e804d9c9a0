import { queryCostSelect, warehouseHourCostSelect } from '../../../../server/src/platform/warehouse/attribution';
import { queryGapsSelect } from '../../../../server/src/platform/warehouse/gaps';
import { openTestAccount, type TestAccount } from './sampleAccount';

const HOUR_US = 3600e6;

describe('query cost attribution', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await openTestAccount();
  });
  afterAll(() => account.close());

  it('splits every warehouse-hour into attributed + idle = metered; idle only in hours without a running query', async () => {
    const hours = await account.sql(
      `SELECT CREDITS_METERED AS m, CREDITS_ATTRIBUTED AS a, CREDITS_IDLE AS i, QUERIES AS q FROM DATAWORKS.WAREHOUSE_HOUR_COST`,
    );
    expect(hours.length).toBeGreaterThan(500);
    let idleHours = 0;
    for (const h of hours) {
      expect(Number(h.a) + Number(h.i)).toBeCloseTo(Number(h.m), 9);
      if (Number(h.q) > 0) expect(Number(h.i)).toBeCloseTo(0, 9);
      else {
        expect(Number(h.a)).toBe(0);
        idleHours += 1;
      }
    }
    expect(idleHours).toBeGreaterThan(10);
    const [totals] = await account.sql(`SELECT (SELECT SUM(CREDITS_USED_COMPUTE) FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY) AS metered,
      (SELECT SUM(CREDITS_METERED) FROM DATAWORKS.WAREHOUSE_HOUR_COST) AS hourly`);
    expect(Number(totals?.hourly)).toBeCloseTo(Number(totals?.metered), 6);
  });

  it('charges each query its running share of every hour it ran in (independent JS replay)', async () => {
    const queries = await account.sql(`SELECT QUERY_ID AS id, WAREHOUSE_NAME AS wh,
        epoch_us(START_TIME) + 1000 * (QUEUED_PROVISIONING_TIME + QUEUED_REPAIR_TIME + QUEUED_OVERLOAD_TIME + COMPILATION_TIME) AS es,
        epoch_us(END_TIME) AS ee FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME IS NOT NULL`);
    const metered = new Map(
      (
        await account.sql(
          `SELECT WAREHOUSE_NAME AS wh, epoch_us(START_TIME) AS h, CREDITS_USED_COMPUTE AS c FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY`,
        )
      ).map((r) => [`${String(r.wh)}|${Number(r.h)}`, Number(r.c)]),
    );
    // Running milliseconds per (query, hour), counted as millisecond boundaries like DATEDIFF.
    const pieces: Array<{ id: string; key: string; ms: number }> = [];
    for (const q of queries) {
      const es = Number(q.es);
      const ee = Number(q.ee);
      if (ee <= es) continue;
      for (let hour = Math.floor(es / HOUR_US) * HOUR_US; hour < ee; hour += HOUR_US) {
        const ms = Math.floor(Math.min(ee, hour + HOUR_US) / 1000) - Math.floor(Math.max(es, hour) / 1000);
        if (ms > 0) pieces.push({ id: String(q.id), key: `${String(q.wh)}|${hour}`, ms });
      }
    }
    const hourMs = new Map<string, number>();
    for (const p of pieces) hourMs.set(p.key, (hourMs.get(p.key) ?? 0) + p.ms);
    const expected = new Map<string, number>();
    for (const p of pieces) {
      const credits = ((metered.get(p.key) ?? 0) * p.ms) / (hourMs.get(p.key) ?? 1);
      expected.set(p.id, (expected.get(p.id) ?? 0) + credits);
    }
    const actual = await account.sql(
      `SELECT QUERY_ID AS id, CREDITS_COMPUTE AS c FROM DATAWORKS.QUERY_COST WHERE WAREHOUSE_NAME IS NOT NULL`,
    );
    expect(actual.length).toBe(queries.length);
    let spanning = 0;
    for (const row of actual) expect(Number(row.c)).toBeCloseTo(expected.get(String(row.id)) ?? 0, 9);
    for (const q of queries) if (Math.floor(Number(q.es) / HOUR_US) !== Math.floor(Number(q.ee) / HOUR_US)) spanning += 1;
    expect(spanning).toBeGreaterThan(10);
  });

  it("gives each query its share of the day's billable cloud services", async () => {
    const rows =
      await account.sql(`SELECT D.USAGE_DATE AS d, D.CREDITS_USED_CLOUD_SERVICES + D.CREDITS_ADJUSTMENT_CLOUD_SERVICES AS billed, C.cs AS attributed
      FROM ACCOUNT_USAGE.METERING_DAILY_HISTORY D
      LEFT JOIN (SELECT CAST(START_TIME AS DATE) AS d, SUM(CREDITS_CLOUD_SERVICES) AS cs FROM DATAWORKS.QUERY_COST GROUP BY 1) C ON C.d = D.USAGE_DATE`);
    for (const row of rows) expect(Number(row.attributed ?? 0)).toBeCloseTo(Number(row.billed), 6);
  });

  it('gives the same figures inline (the Snowflake statement) as materialised, for a sub-range', async () => {
    const window = { start: '2026-02-01 00:00:00', end: '2026-02-15 00:00:00' };
    const inline = await account.engine.query(queryCostSelect(window));
    const stored = new Map(
      (
        await account.sql(`SELECT QUERY_ID AS id, CREDITS AS c FROM DATAWORKS.QUERY_COST
      WHERE START_TIME >= TIMESTAMP '2026-02-01' AND START_TIME < TIMESTAMP '2026-02-15'`)
      ).map((r) => [String(r.id), Number(r.c)]),
    );
    expect(inline.length).toBe(stored.size);
    for (const row of inline) expect(Number(row.CREDITS)).toBeCloseTo(stored.get(String(row.QUERY_ID)) ?? NaN, 9);

    const hourly = await account.engine.query(warehouseHourCostSelect(window));
    const storedHours = await account.sql(`SELECT COUNT(*) AS n, SUM(CREDITS_IDLE) AS idle FROM DATAWORKS.WAREHOUSE_HOUR_COST
      WHERE HOUR_START >= TIMESTAMP '2026-02-01' AND HOUR_START < TIMESTAMP '2026-02-15'`);
    expect(hourly.length).toBe(storedHours[0]?.n);
    expect(hourly.reduce((sum, r) => sum + Number(r.CREDITS_IDLE), 0)).toBeCloseTo(Number(storedHours[0]?.idle), 6);

    const gaps = await account.engine.query(queryGapsSelect(window));
    const [storedGaps] = await account.sql(
      `SELECT COUNT(*) AS n FROM DATAWORKS.QUERY_GAPS WHERE START_TIME >= TIMESTAMP '2026-02-01' AND START_TIME < TIMESTAMP '2026-02-15'`,
    );
    // The first gap of each warehouse in the window has no predecessor inline.
    expect(Math.abs(gaps.length - Number(storedGaps?.n))).toBeLessThanOrEqual(5);
  });
});
