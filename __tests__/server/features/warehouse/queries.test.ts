import { WarehouseError } from '../../../../server/src/platform/warehouse/errors';
import { DAILY_TOP_QUERIES } from '../../../../server/src/platform/warehouse/attribution';
import { fullRange, openTestAccount, PRICE, type TestAccount } from './sampleAccount';

describe('query analytics', () => {
  let account: TestAccount;
  let range: { from: string; to: string };
  beforeAll(async () => {
    account = await openTestAccount();
    range = await fullRange(account.warehouse);
  });
  afterAll(() => account.close());

  it('lists the most expensive queries, as a direct query of the cost table does', async () => {
    const top = await account.warehouse.topQueries({ range }, { orderBy: 'cost', limit: 20 });
    const direct = await account.sql(
      `SELECT QUERY_ID AS id, CREDITS AS c FROM DATAWORKS.QUERY_COST ORDER BY CREDITS DESC, QUERY_ID LIMIT 20`,
    );
    expect(top.map((q) => q.queryId)).toEqual(direct.map((r) => String(r.id)));
    top.forEach((q, i) => {
      expect(q.credits).toBeCloseTo(Number(direct[i]?.c), 9);
      expect(q.cost).toBeCloseTo(q.credits * PRICE, 9);
      expect(q.textPreview.length).toBeGreaterThan(10);
      expect(q.textPreview.length).toBeLessThanOrEqual(200);
    });
  });

  it('lists the slowest queries', async () => {
    const slow = await account.warehouse.topQueries({ range }, { orderBy: 'duration', limit: 10 });
    const [max] = await account.sql(`SELECT MAX(TOTAL_ELAPSED_TIME) AS ms FROM ACCOUNT_USAGE.QUERY_HISTORY`);
    expect(slow[0]?.totalElapsedMs).toBe(max?.ms);
    for (let i = 1; i < slow.length; i += 1) expect(slow[i - 1]!.totalElapsedMs).toBeGreaterThanOrEqual(slow[i]!.totalElapsedMs);
  });

  it('pages through the top queries as a direct query of the cost table does, by cost and by duration, filtered or not', async () => {
    // Unfiltered pages come from each day's top queries, up to DAILY_TOP_QUERIES rows deep (the
    // last offset goes past it); filtered ones bound their search from the daily rollup's group
    // maxima. A direct ORDER BY over every query is the truth both must reproduce, page after page.
    const week = { from: '2026-02-09', to: '2026-02-15' };
    const weekWhere = "WHERE START_TIME >= TIMESTAMP '2026-02-09' AND START_TIME < TIMESTAMP '2026-02-16'";
    const cases = [
      { orderBy: 'cost' as const, column: 'CREDITS', where: '', range },
      { orderBy: 'duration' as const, column: 'TOTAL_ELAPSED_TIME', where: '', range },
      { orderBy: 'cost' as const, column: 'CREDITS', where: weekWhere, range: week },
      { orderBy: 'cost' as const, column: 'CREDITS', where: "WHERE WAREHOUSE_NAME = 'ANALYTICS_WH'", warehouseName: 'ANALYTICS_WH', range },
    ];
    expect(DAILY_TOP_QUERIES).toBeLessThan(190 + 25);
    for (const { orderBy, column, where, warehouseName, range } of cases) {
      for (const offset of [0, 25, 140, 190]) {
        const page = await account.warehouse.topQueries({ range, warehouseName }, { orderBy, limit: 25, offset });
        const direct = await account.sql(
          `SELECT QUERY_ID AS id FROM DATAWORKS.QUERY_COST ${where} ORDER BY ${column} DESC, QUERY_ID LIMIT 25 OFFSET ${offset}`,
        );
        expect(page.map((q) => q.queryId)).toEqual(direct.map((r) => String(r.id)));
      }
    }
  });

  it('filters by warehouse, user, role, tag and date', async () => {
    const filter = { range: { from: '2026-02-02', to: '2026-02-27' }, warehouseName: 'analytics_wh', roleName: 'ANALYST' };
    const rows = await account.warehouse.topQueries(filter, { limit: 1000 });
    const [direct] = await account.sql(`SELECT COUNT(*) AS n FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME = 'ANALYTICS_WH'
      AND ROLE_NAME = 'ANALYST' AND START_TIME >= TIMESTAMP '2026-02-02' AND START_TIME < TIMESTAMP '2026-02-28'`);
    expect(rows.length).toBe(Math.min(1000, Number(direct?.n)));
    for (const q of rows) {
      expect(q).toMatchObject({ warehouseName: 'ANALYTICS_WH', roleName: 'ANALYST' });
      expect(q.startTime >= '2026-02-02' && q.startTime < '2026-02-28').toBe(true);
    }
    const tagged = await account.warehouse.topQueries({ range, queryTag: 'dbt:model=fct_orders', userName: 'DBT_SVC' }, { limit: 5 });
    expect(tagged.length).toBe(5);
    for (const q of tagged) expect(q).toMatchObject({ queryTag: 'dbt:model=fct_orders', userName: 'DBT_SVC' });
  });

  it('groups queries by parameterised hash with count, total and average cost and time', async () => {
    const patterns = await account.warehouse.queryPatterns({ range }, { limit: 100 });
    const direct = await account.sql(`SELECT QUERY_PARAMETERIZED_HASH AS h, COUNT(*) AS n, SUM(CREDITS) AS c, SUM(TOTAL_ELAPSED_TIME) AS t
      FROM DATAWORKS.QUERY_COST GROUP BY 1`);
    expect(patterns).toHaveLength(direct.length);
    const byHash = new Map(direct.map((r) => [String(r.h), r]));
    for (const p of patterns) {
      const d = byHash.get(p.parameterizedHash);
      expect(p.queries).toBe(d?.n);
      expect(p.totalCredits).toBeCloseTo(Number(d?.c), 6);
      expect(p.averageCost).toBeCloseTo((Number(d?.c) * PRICE) / Number(d?.n), 9);
      expect(p.totalElapsedMs).toBe(Number(d?.t));
      expect(p.averageElapsedMs).toBeCloseTo(Number(d?.t) / Number(d?.n), 6);
    }
    for (const p of patterns.slice(0, 5)) {
      const [sample] = await account.sql(
        `SELECT QUERY_TEXT AS t, QUERY_PARAMETERIZED_HASH AS h FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE QUERY_ID = ?`,
        [p.sampleQueryId],
      );
      expect(sample).toEqual({ t: p.sampleText, h: p.parameterizedHash });
      const [dearest] = await account.sql(`SELECT MAX(CREDITS) AS c FROM DATAWORKS.QUERY_COST WHERE QUERY_PARAMETERIZED_HASH = ?`, [
        p.parameterizedHash,
      ]);
      const [own] = await account.sql(`SELECT CREDITS AS c FROM DATAWORKS.QUERY_COST WHERE QUERY_ID = ?`, [p.sampleQueryId]);
      expect(own?.c).toBe(dearest?.c);
    }
    const sorted = [...patterns].sort((a, b) => b.totalCredits - a.totalCredits);
    expect(patterns.map((p) => p.parameterizedHash)).toEqual(sorted.map((p) => p.parameterizedHash));
    const byCount = await account.warehouse.queryPatterns({ range }, { orderBy: 'count', limit: 3 });
    expect(byCount[0]?.queries).toBe(Math.max(...direct.map((r) => Number(r.n))));
    const spilling = patterns.filter((p) => p.remoteSpillQueries > 0);
    expect(spilling).toHaveLength(1);
    expect(spilling[0]?.sampleText).toContain('RAW.SEGMENT.EVENTS');
  });

  it('lists remote spilling, by query and by warehouse', async () => {
    const spills = await account.warehouse.remoteSpillingQueries({ range }, 500);
    const [direct] = await account.sql(`SELECT COUNT(*) AS n FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE BYTES_SPILLED_TO_REMOTE_STORAGE > 0`);
    expect(spills.length).toBe(Math.min(500, Number(direct?.n)));
    for (const q of spills) expect(q.bytesSpilledRemote).toBeGreaterThan(0);
    const byWarehouse = await account.warehouse.spillByWarehouse({ range });
    expect(byWarehouse[0]).toMatchObject({
      warehouseName: 'ANALYTICS_WH',
      warehouseSize: 'X-Small',
      remoteSpillQueries: Number(direct?.n),
    });
  });

  it('shows one query with its full text and cost', async () => {
    const [row] = await account.sql(
      `SELECT QUERY_ID AS id, QUERY_TEXT AS text FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME = 'ELT_WH' LIMIT 1`,
    );
    const detail = await account.warehouse.queryDetail(String(row?.id).toUpperCase());
    expect(detail.queryId).toBe(row?.id);
    expect(detail.queryText).toBe(row?.text);
    const [cost] = await account.sql(`SELECT CREDITS AS c, CREDITS_COMPUTE AS cc FROM DATAWORKS.QUERY_COST WHERE QUERY_ID = ?`, [
      String(row?.id),
    ]);
    expect(detail.credits).toBeCloseTo(Number(cost?.c), 9);
    expect(detail.computeCredits).toBeCloseTo(Number(cost?.cc), 9);
    expect(detail.endTime > detail.startTime).toBe(true);
    await expect(account.warehouse.queryDetail('01234567-89ab-cdef-0123-456789abcdef')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(account.warehouse.queryDetail('01234567-89ab-cdef-0123-456789abcdef')).rejects.toBeInstanceOf(WarehouseError);
  });
});
