// Budgets: the month-end forecast's arithmetic, the month's figures per scope against the
// sample's own tables, and the alerts evaluateBudgets sends (once per budget, month and level).
import { budgetProgress } from '../../../../server/src/features/warehouse/budgets/budgetProgress';
import { createBudget } from '../../../../server/src/features/warehouse/budgets/budgetStore';
import { evaluateBudgets } from '../../../../server/src/features/warehouse/budgets/evaluateBudgets';
import { budgetStatus, monthFigures, spendNeededFrom } from '../../../../server/src/features/warehouse/budgets/forecast';
import type { NotifyRequest } from '../../../../server/src/platform/notifications/index';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openSchemaStore } from '../../schemaStore';
import { openTestAccount, PRICE, type TestAccount } from './sampleAccount';

describe('the forecast', () => {
  it('is the spend to yesterday plus the last 7 full days\' average for each day left, today included', () => {
    // asOf 2026-03-10 (31-day month): days 1–9 cost 10 each, the 10th (partial) 4; Mar 3–9 average 10.
    const days = [
      ...Array.from({ length: 9 }, (_, i) => ({ day: `2026-03-0${i + 1}`, cost: 10 })),
      { day: '2026-03-10', cost: 4 },
      { day: '2026-02-28', cost: 1000 },
    ];
    const figures = monthFigures(days, '2026-03-10');
    expect(figures).toEqual({ month: '2026-03', asOf: '2026-03-10', monthToDate: 94, dailyAverage: 10, forecast: 90 + 10 * 22 });
    expect(budgetStatus(300, figures)).toBe('at_risk');
    expect(budgetStatus(400, figures)).toBe('on_track');
    expect(budgetStatus(90, figures)).toBe('exceeded');
  });

  it('reaches into last month for the average early in a month, and never forecasts below the month to date', () => {
    expect(spendNeededFrom('2026-03-03')).toBe('2026-02-24');
    expect(spendNeededFrom('2026-03-20')).toBe('2026-03-01');
    const figures = monthFigures([{ day: '2026-03-02', cost: 500 }, { day: '2026-02-27', cost: 70 }], '2026-03-02');
    // Average of Feb 23 – Mar 1: 70 / 7 = 10; Mar 1 spent 0; 30 days left at 10 = 300, below the 500 already spent.
    expect(figures.dailyAverage).toBe(10);
    expect(figures.forecast).toBe(500);
    expect(monthFigures([], '2026-02-14')).toMatchObject({ monthToDate: 0, forecast: 0 });
  });
});

describe('budgets on the sample account', () => {
  let account: TestAccount;
  let store: Store;
  beforeAll(async () => {
    account = await openTestAccount({ org: 'budgets' });
    store = await openSchemaStore('budgets');
  });
  afterAll(async () => {
    await account.close();
    await store.close();
  });

  it('measures the whole account as the Cost page\'s month to date and forecast', async () => {
    const budget = { id: 'a', name: 'All', scope: 'account' as const, scopeValue: null, amount: 100, createdBy: 'x', createdAt: '', updatedAt: '' };
    const [progress] = await budgetProgress(account.warehouse, [budget]);
    const mtd = await account.warehouse.monthToDate();
    expect(progress).toMatchObject({ month: '2026-03', asOf: '2026-03-18' });
    expect(progress!.monthToDate).toBeCloseTo(mtd!.monthToDateCost, 6);
    expect(progress!.forecast).toBeCloseTo(mtd!.forecastCost, 6);
    expect(progress!.usedShare).toBeCloseTo(progress!.monthToDate / 100, 9);
  });

  it('measures a warehouse by its metered compute, and a user by the cost of their queries', async () => {
    const [wh] = await account.sql(`SELECT WAREHOUSE_NAME AS w, SUM(CREDITS_USED_COMPUTE) AS c FROM ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY
      WHERE START_TIME >= TIMESTAMP '2026-03-01 00:00:00' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
    const [user] = await account.sql(`SELECT USER_NAME AS u, SUM(CREDITS) AS c FROM DATAWORKS.QUERY_COST
      WHERE START_TIME >= TIMESTAMP '2026-03-01 00:00:00' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
    const base = { createdBy: 'x', createdAt: '', updatedAt: '', amount: 1 };
    const [byWarehouse, byUser] = await budgetProgress(account.warehouse, [
      { ...base, id: 'w', name: 'W', scope: 'warehouse', scopeValue: String(wh?.w) },
      { ...base, id: 'u', name: 'U', scope: 'user', scopeValue: String(user?.u) },
    ]);
    expect(byWarehouse!.monthToDate).toBeCloseTo(Number(wh?.c) * PRICE, 6);
    expect(byUser!.monthToDate).toBeCloseTo(Number(user?.c) * PRICE, 6);
    expect(await account.warehouse.scopeValueExists('warehouse', String(wh?.w))).toBe(true);
    expect(await account.warehouse.scopeValueExists('user', String(user?.u))).toBe(true);
    expect(await account.warehouse.scopeValueExists('warehouse', 'NOPE_WH')).toBe(false);
    expect(await account.warehouse.scopeValueExists('tag', 'no-such-tag')).toBe(false);
  });

  it('alerts once when a budget is below the month to date, and not again', async () => {
    const sent: NotifyRequest[] = [];
    const notify = async (request: NotifyRequest) => {
      sent.push(request);
      return { id: String(sent.length) };
    };
    const org = 'budgets';
    const budget = await createBudget(store.db, org, 'admin', { name: 'Tight', scope: 'account', scopeValue: null, amount: 1 });
    const first = await evaluateBudgets({ db: store.db, warehouse: account.warehouse, organisation: org, notify });
    expect(first.budgets.find((b) => b.id === budget.id)?.status).toBe('exceeded');
    expect(first.alerts).toEqual([{ budgetId: budget.id, month: '2026-03', level: 'exceeded', notificationId: '1' }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ organisation: org, type: 'alert', audience: { role: ['admin', 'Client-Admin'] }, link: '/app/snowflake/cost?panel=budgets' });
    expect(sent[0]!.title).toContain('"Tight" exceeded');

    const second = await evaluateBudgets({ db: store.db, warehouse: account.warehouse, organisation: org, notify });
    expect(second.alerts).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('alerts on the forecast once, and the claim is given back when the notification fails', async () => {
    const org = 'budgets-forecast';
    const mtd = (await account.warehouse.monthToDate())!;
    // Between the month to date and the forecast: at risk.
    const amount = Math.round(((mtd.monthToDateCost + mtd.forecastCost) / 2) * 100) / 100;
    const budget = await createBudget(store.db, org, 'admin', { name: 'Heading over', scope: 'account', scopeValue: null, amount });
    const failing = async () => {
      throw new Error('store down');
    };
    await expect(evaluateBudgets({ db: store.db, warehouse: account.warehouse, organisation: org, notify: failing })).rejects.toThrow('store down');
    const sent: NotifyRequest[] = [];
    const notify = async (request: NotifyRequest) => {
      sent.push(request);
      return { id: 'n1' };
    };
    const run = await evaluateBudgets({ db: store.db, warehouse: account.warehouse, organisation: org, notify });
    expect(run.budgets[0]).toMatchObject({ id: budget.id, status: 'at_risk' });
    expect(run.alerts).toEqual([{ budgetId: budget.id, month: '2026-03', level: 'forecast', notificationId: 'n1' }]);
    expect(sent[0]!.title).toContain('heading over');
    await evaluateBudgets({ db: store.db, warehouse: account.warehouse, organisation: org, notify });
    expect(sent).toHaveLength(1);
  });
});
