// Spend by database and schema, pattern trends, warehouse utilisation and filter options on a
// generated sample account, checked against direct SQL over the same tables.
import { addDays } from '../../../../server/src/features/warehouse/analytics/filters';
import { openTestAccount, PRICE, sumOf, fullRange, type TestAccount } from './sampleAccount';

describe('Optimize insights', () => {
  let account: TestAccount;
  let range: { from: string; to: string };
  beforeAll(async () => {
    account = await openTestAccount();
    range = await fullRange(account.warehouse);
  });
  afterAll(() => account.close());

  it('spend by database adds up to the query-attributed total, and each database to its schemas', async () => {
    const month = { from: '2026-02-01', to: '2026-02-28' };
    const databases = await account.warehouse.spendByDatabase(month);
    const [direct] = await account.sql(`SELECT SUM(CREDITS) AS c, COUNT(*) AS n FROM DATAWORKS.QUERY_COST
      WHERE START_TIME >= TIMESTAMP '2026-02-01 00:00:00' AND START_TIME < TIMESTAMP '2026-03-01 00:00:00'`);
    expect(databases.length).toBeGreaterThan(1);
    expect(sumOf(databases, (d) => d.cost)).toBeCloseTo(Number(direct?.c) * PRICE, 6);
    expect(sumOf(databases, (d) => d.queries)).toBe(Number(direct?.n));
    for (const database of databases) {
      expect(sumOf(database.schemas, (s) => s.cost)).toBeCloseTo(database.cost, 6);
      expect(database.cost).toBeCloseTo(database.credits * PRICE, 6);
    }
    // Most expensive first.
    expect(databases.map((d) => d.cost)).toEqual([...databases.map((d) => d.cost)].sort((a, b) => b - a));
    const top = databases[0]!;
    const [byHistory] = await account.sql(
      `SELECT SUM(C.CREDITS) AS c FROM DATAWORKS.QUERY_COST C JOIN ACCOUNT_USAGE.QUERY_HISTORY Q ON Q.QUERY_ID = C.QUERY_ID
       WHERE Q.DATABASE_NAME = ? AND C.START_TIME >= TIMESTAMP '2026-02-01 00:00:00' AND C.START_TIME < TIMESTAMP '2026-03-01 00:00:00'`,
      [top.name],
    );
    expect(top.credits).toBeCloseTo(Number(byHistory?.c), 6);
  });

  it('pattern trends: daily costs add up to the pattern total, and the previous period is the one just before', async () => {
    // Not from the 1st of a month: a month's days are compared with the same days of the month before (costMovers.test.ts).
    const current = { from: '2026-03-02', to: '2026-03-15' };
    const trends = await account.warehouse.patternTrends({ range: current }, 5);
    expect(trends.previousRange).toEqual({ from: '2026-02-16', to: '2026-03-01' });
    expect(trends.days).toHaveLength(14);
    expect(trends.patterns).toHaveLength(5);
    const patterns = await account.warehouse.queryPatterns({ range: current }, { orderBy: 'cost', limit: 5 });
    expect(trends.patterns.map((p) => p.parameterizedHash)).toEqual(patterns.map((p) => p.parameterizedHash));
    for (const trend of trends.patterns) {
      expect(trend.daily).toHaveLength(14);
      expect(sumOf(trend.daily, (d) => d)).toBeCloseTo(trend.totalCost, 6);
      const [before] = await account.sql(
        `SELECT COALESCE(SUM(CREDITS), 0) AS c FROM DATAWORKS.QUERY_COST WHERE QUERY_PARAMETERIZED_HASH = ?
         AND START_TIME >= TIMESTAMP '2026-02-16 00:00:00' AND START_TIME < TIMESTAMP '2026-03-02 00:00:00'`,
        [trend.parameterizedHash],
      );
      expect(trend.previousCost).toBeCloseTo(Number(before?.c) * PRICE, 6);
      if (trend.previousCost > 0) expect(trend.changeShare).toBeCloseTo((trend.totalCost - trend.previousCost) / trend.previousCost, 9);
      else expect(trend.changeShare).toBeNull();
    }
    const first = patterns[0]!;
    expect(trends.patterns[0]!.totalCost).toBeCloseTo(first.totalCost, 6);
  });

  it('utilisation: hourly for a few days, daily beyond; running + idle = metered, as metering has it', async () => {
    const [busiest] = await account.sql(
      `SELECT WAREHOUSE_NAME AS w FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY GROUP BY 1 ORDER BY SUM(CREDITS_USED_COMPUTE) DESC LIMIT 1`,
    );
    const name = String(busiest?.w);
    const short = { from: addDays(range.to, -2), to: range.to };
    const hourly = await account.warehouse.utilisation(name, short);
    expect(hourly.bucket).toBe('hour');
    const daily = await account.warehouse.utilisation(name, range);
    expect(daily.bucket).toBe('day');
    for (const answer of [hourly, daily]) {
      const window = answer === hourly ? short : range;
      const [direct] = await account.sql(
        `SELECT SUM(CREDITS_USED_COMPUTE) AS m, SUM(CREDITS_ATTRIBUTED_COMPUTE_QUERIES) AS b FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
         WHERE WAREHOUSE_NAME = ? AND START_TIME >= CAST(? AS TIMESTAMP) AND START_TIME < CAST(? AS TIMESTAMP) + INTERVAL 1 DAY`,
        [name, window.from, window.to],
      );
      expect(sumOf(answer.buckets, (b) => b.meteredCredits)).toBeCloseTo(Number(direct?.m), 6);
      expect(sumOf(answer.buckets, (b) => b.runningCredits)).toBeCloseTo(Number(direct?.b), 6);
      for (const bucket of answer.buckets) {
        expect(bucket.runningCredits + bucket.idleCredits).toBeCloseTo(bucket.meteredCredits, 9);
        expect(bucket.idleCredits).toBeGreaterThanOrEqual(0);
        expect(bucket.upHours).toBeLessThanOrEqual(answer.bucket === 'hour' ? 1 : 24);
      }
    }
    expect(daily.buckets.length).toBeLessThanOrEqual(91);
    expect(new Set(hourly.buckets.map((b) => b.start)).size).toBe(hourly.buckets.length);
    await expect(account.warehouse.utilisation('NO_SUCH_WAREHOUSE', range)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(account.warehouse.utilisation('', range)).rejects.toMatchObject({ field: 'warehouseName' });
  });

  it('filter options: the names with queries in the range, with their counts, sorted by name', async () => {
    const options = await account.warehouse.filterOptions(range);
    const direct = await account.sql(
      `SELECT USER_NAME AS n, COUNT(*) AS c FROM ACCOUNT_USAGE.QUERY_HISTORY
      WHERE START_TIME >= CAST(? AS TIMESTAMP) AND START_TIME < CAST(? AS TIMESTAMP) + INTERVAL 1 DAY GROUP BY 1`,
      [range.from, range.to],
    );
    expect(options.users).toHaveLength(Math.min(direct.length, options.limit));
    const counts = new Map(direct.map((row) => [String(row.n), Number(row.c)]));
    for (const user of options.users) expect(user.queries).toBe(counts.get(user.name));
    for (const list of [options.warehouses, options.users, options.roles, options.queryTags]) {
      expect(list.length).toBeGreaterThan(0);
      expect(list.map((o) => o.name)).toEqual([...list.map((o) => o.name)].sort());
    }
    expect(sumOf(options.warehouses, (w) => w.queries)).toBeGreaterThan(0);
  });
});
