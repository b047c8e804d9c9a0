// "Why did my bill go up?": the comparison period, the top movers per warehouse, user, pattern,
// dbt model and tag, the change columns of the cost tables, and the Queries filters a mover
// links to, on a generated sample account and checked against direct SQL over the same tables.
import { comparisonPeriod } from '../../../../server/src/features/warehouse/analytics/comparison';
import { parseQueryFilter } from '../../../../server/src/features/warehouse/analytics/filters';
import type { CostMover, MoverDimension } from '@common/warehouse/analyticsContract';
import { openTestAccount, PRICE, sumOf, type TestAccount } from './sampleAccount';

describe('comparison period', () => {
  it.each([
    [
      { from: '2026-03-01', to: '2026-03-18' },
      { from: '2026-02-01', to: '2026-02-18' },
    ],
    [
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-02-01', to: '2026-02-28' },
    ],
    [
      { from: '2026-03-01', to: '2026-03-30' },
      { from: '2026-02-01', to: '2026-02-28' },
    ],
    [
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-01-01', to: '2026-01-31' },
    ],
    [
      { from: '2026-01-01', to: '2026-01-10' },
      { from: '2025-12-01', to: '2025-12-10' },
    ],
    [
      { from: '2026-03-05', to: '2026-03-18' },
      { from: '2026-02-19', to: '2026-03-04' },
    ],
    [
      { from: '2026-02-01', to: '2026-03-02' },
      { from: '2026-01-02', to: '2026-01-31' },
    ],
  ])('%j is compared with %j', (range, expected) => {
    expect(comparisonPeriod(range)).toEqual(expected);
  });
});

describe('cost movers', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await openTestAccount();
  });
  afterAll(() => account.close());

  const range = { from: '2026-03-01', to: '2026-03-18' };
  const previous = { from: '2026-02-01', to: '2026-02-18' };
  const inPeriod = (column: string, period: { from: string; to: string }) =>
    `${column} >= CAST('${period.from}' AS DATE) AND ${column} < CAST('${period.to}' AS DATE) + INTERVAL 1 DAY`;

  /** Every name's cost in both periods, as direct SQL over `relation` (columns NAME, START_TIME, CREDITS). */
  async function direct(relation: string): Promise<Map<string, { cost: number; previousCost: number }>> {
    const rows = await account.sql(`SELECT NAME AS n,
        COALESCE(SUM(CASE WHEN ${inPeriod('START_TIME', range)} THEN CREDITS END), 0) AS c,
        COALESCE(SUM(CASE WHEN ${inPeriod('START_TIME', previous)} THEN CREDITS END), 0) AS p
      FROM (${relation}) WHERE NAME IS NOT NULL AND NAME <> '' GROUP BY 1`);
    return new Map(rows.map((row) => [String(row.n), { cost: Number(row.c) * PRICE, previousCost: Number(row.p) * PRICE }]));
  }

  const relations: Record<MoverDimension, string> = {
    warehouse: `SELECT WAREHOUSE_NAME AS NAME, START_TIME, CREDITS_USED_COMPUTE AS CREDITS FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY`,
    user: `SELECT USER_NAME AS NAME, START_TIME, CREDITS FROM DATAWORKS.QUERY_COST`,
    tag: `SELECT QUERY_TAG AS NAME, START_TIME, CREDITS FROM DATAWORKS.QUERY_COST`,
    pattern: `SELECT QUERY_PARAMETERIZED_HASH AS NAME, START_TIME, CREDITS FROM DATAWORKS.QUERY_COST`,
    // dbt's query comment, read here with a plain pattern of its own.
    model: `SELECT NULLIF(regexp_extract(Q.QUERY_TEXT, '"node_id": "(model[.][^"]+)"', 1), '') AS NAME, C.START_TIME, C.CREDITS
      FROM ACCOUNT_USAGE.QUERY_HISTORY Q JOIN DATAWORKS.QUERY_COST C ON C.QUERY_ID = Q.QUERY_ID`,
  };

  it('ranks each dimension by the size of its move, with the figures direct SQL gives', async () => {
    const answer = await account.warehouse.costMovers(range, 5);
    expect(answer.previousRange).toEqual(previous);
    for (const dimension of Object.keys(relations) as MoverDimension[]) {
      const expected = await direct(relations[dimension]);
      const movers: CostMover[] = answer.movers[dimension];
      expect({ dimension, count: movers.length }).toEqual({ dimension, count: Math.min(5, expected.size) });
      for (const mover of movers) {
        const figures = expected.get(mover.name);
        expect({ dimension, name: mover.name, known: figures !== undefined }).toEqual({ dimension, name: mover.name, known: true });
        expect(mover.cost).toBeCloseTo(figures!.cost, 6);
        expect(mover.previousCost).toBeCloseTo(figures!.previousCost, 6);
        expect(mover.change).toBeCloseTo(mover.cost - mover.previousCost, 9);
        if (mover.previousCost > 0) expect(mover.changeShare).toBeCloseTo(mover.change / mover.previousCost, 9);
        else expect(mover.changeShare).toBeNull();
      }
      // The five largest moves, either way: no name left out moved more than the last one shown.
      const moves = [...expected.values()].map((f) => Math.abs(f.cost - f.previousCost)).sort((a, b) => b - a);
      expect(movers.map((m) => Math.abs(m.change))).toEqual(moves.slice(0, movers.length).map((move) => expect.closeTo(move, 6)));
    }
    expect(answer.movers.model.length).toBeGreaterThan(0);
    expect(answer.movers.model[0]!.label).toBe(answer.movers.model[0]!.name.split('.').slice(2).join('.'));
    const pattern = answer.movers.pattern[0]!;
    expect(pattern.label).not.toBe(pattern.name);
  });

  it("compares the bill with the comparison period's, as the Cost page adds it up", async () => {
    const answer = await account.warehouse.costMovers(range);
    const [now, before] = await Promise.all([account.warehouse.costSummary(range), account.warehouse.costSummary(previous)]);
    expect(answer.totalCost).toBeCloseTo(now.totalCost, 6);
    expect(answer.previousTotalCost).toBeCloseTo(before.totalCost, 6);
    expect(answer.change).toBeCloseTo(now.totalCost - before.totalCost, 6);
    const [metered] = await account.sql(
      `SELECT SUM(CREDITS_USED_COMPUTE) AS c FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY WHERE ${inPeriod('START_TIME', range)}`,
    );
    // The bill holds at least the compute metered.
    expect(answer.totalCost).toBeGreaterThan(Number(metered?.c) * PRICE - 1e-6);
  });

  it('gives every row of the user, role, tag, warehouse and database tables its cost over the comparison period', async () => {
    const summary = await account.warehouse.costSummary(range);
    expect(summary.previousRange).toEqual(previous);
    const users = await direct(relations.user);
    for (const row of summary.byUser) {
      expect(row.cost).toBeCloseTo(users.get(row.name!)!.cost, 6);
      expect(row.previousCost).toBeCloseTo(users.get(row.name!)!.previousCost, 6);
    }
    const roles = await direct(`SELECT ROLE_NAME AS NAME, START_TIME, CREDITS FROM DATAWORKS.QUERY_COST`);
    for (const row of summary.byRole.filter((r) => r.name !== null))
      expect(row.previousCost).toBeCloseTo(roles.get(row.name!)!.previousCost, 6);
    const metered = await direct(relations.warehouse);
    expect(summary.idleByWarehouse.length).toBeGreaterThan(0);
    for (const row of summary.idleByWarehouse) {
      expect(row.meteredCost).toBeCloseTo(metered.get(row.warehouseName)!.cost, 6);
      expect(row.previousMeteredCost).toBeCloseTo(metered.get(row.warehouseName)!.previousCost, 6);
    }
    const databases = await account.warehouse.spendByDatabase(range);
    const byDatabase = await direct(`SELECT Q.DATABASE_NAME AS NAME, C.START_TIME, C.CREDITS
      FROM DATAWORKS.QUERY_COST C JOIN ACCOUNT_USAGE.QUERY_HISTORY Q ON Q.QUERY_ID = C.QUERY_ID`);
    for (const database of databases.filter((d) => d.name !== null)) {
      expect(database.previousCost).toBeCloseTo(byDatabase.get(database.name!)!.previousCost, 6);
      expect(sumOf(database.schemas, (s) => s.previousCost)).toBeCloseTo(database.previousCost, 6);
    }
  });

  it("a mover's link finds its queries: the Queries filters by pattern and by dbt model", async () => {
    const answer = await account.warehouse.costMovers(range);
    const pattern = answer.movers.pattern[0]!;
    const byPattern = { range, parameterizedHash: pattern.name };
    const [patternQueries] = await account.sql(
      `SELECT COUNT(*) AS n, SUM(CREDITS) AS c FROM DATAWORKS.QUERY_COST WHERE QUERY_PARAMETERIZED_HASH = ? AND ${inPeriod('START_TIME', range)}`,
      [pattern.name],
    );
    expect(await account.warehouse.countQueries(byPattern)).toBe(Number(patternQueries?.n));
    const patterns = await account.warehouse.queryPatterns(byPattern);
    expect(patterns.map((p) => p.parameterizedHash)).toEqual([pattern.name]);
    expect(patterns[0]!.totalCost).toBeCloseTo(pattern.cost, 6);

    const model = answer.movers.model[0]!;
    const byModel = { range, dbtModel: model.name };
    const [modelQueries] = await account.sql(
      `SELECT COUNT(*) AS n FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE contains(QUERY_TEXT, ?) AND ${inPeriod('START_TIME', range)}`,
      [`"node_id": "${model.name}"`],
    );
    expect(await account.warehouse.countQueries(byModel)).toBe(Number(modelQueries?.n));
    const modelPatterns = await account.warehouse.queryPatterns(byModel);
    expect(sumOf(modelPatterns, (p) => p.totalCost)).toBeCloseTo(model.cost, 6);
    const top = await account.warehouse.topQueries(byModel, { limit: 3 });
    expect(top.length).toBeGreaterThan(0);
    const trends = await account.warehouse.patternTrends(byModel);
    expect(sumOf(trends.patterns, (p) => p.previousCost)).toBeCloseTo(model.previousCost, 6);
  });

  it('refuses a malformed range, limit, pattern or model, naming the field', async () => {
    await expect(account.warehouse.costMovers({ from: '2026-03-18', to: '2026-03-01' })).rejects.toMatchObject({ field: 'to' });
    await expect(account.warehouse.costMovers({ from: '2026-02-30', to: '2026-03-01' })).rejects.toMatchObject({ field: 'from' });
    await expect(account.warehouse.costMovers(range, 51)).rejects.toMatchObject({ field: 'limit' });
    expect(() => parseQueryFilter({ ...range, parameterizedHash: "x' OR 1=1" })).toThrow(/parameterizedHash/);
    expect(() => parseQueryFilter({ ...range, dbtModel: 'orders' })).toThrow(/dbtModel/);
    expect(parseQueryFilter({ ...range, dbtModel: 'model.shop.orders' }).dbtModel).toBe('model.shop.orders');
  });
});
