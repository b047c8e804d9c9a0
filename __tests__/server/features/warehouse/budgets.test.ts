// Budgets: the month-end forecast's arithmetic, the month's figures per scope against the
// sample's own tables, and the alerts evaluateBudgets sends (once per budget, month and level),
// also when the job runner runs the hourly evaluation through the notifications service.
import { budgetProgress } from '../../../../server/src/features/warehouse/budgets/budgetProgress';
import { createBudget } from '../../../../server/src/features/warehouse/budgets/budgetStore';
import { evaluateBudgets } from '../../../../server/src/features/warehouse/budgets/evaluateBudgets';
import { budgetStatus, monthFigures, spendNeededFrom } from '../../../../server/src/features/warehouse/budgets/forecast';
import { BUDGET_EVALUATION_JOB, startBudgetEvaluation } from '../../../../server/src/features/warehouse/budgets/budgetSchedule';
import { createJobRunner, type JobRunner } from '../../../../server/src/platform/jobs';
import { createLiveChannel, type LiveChannel } from '../../../../server/src/platform/live';
import {
  createNotificationsService,
  type NotificationsService,
  type NotifyRequest,
} from '../../../../server/src/platform/notifications/index';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openSchemaStore } from '../../schemaStore';
import { openTestAccount, PRICE, type TestAccount } from './sampleAccount';
import { waitFor } from '../../helpers/waitFor';

describe('the forecast', () => {
  it("is the spend to yesterday plus the last 7 full days' average for each day left, today included", () => {
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
    const figures = monthFigures(
      [
        { day: '2026-03-02', cost: 500 },
        { day: '2026-02-27', cost: 70 },
      ],
      '2026-03-02',
    );
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

  it("measures the whole account as the Cost page's month to date and forecast", async () => {
    const budget = {
      id: 'a',
      name: 'All',
      scope: 'account' as const,
      scopeValue: null,
      amount: 100,
      createdBy: 'x',
      createdAt: '',
      updatedAt: '',
    };
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
    expect(sent[0]).toMatchObject({
      organisation: org,
      type: 'alert',
      audience: { role: ['admin', 'Client-Admin'] },
      link: '/app/snowflake/cost?panel=budgets',
    });
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
    await expect(evaluateBudgets({ db: store.db, warehouse: account.warehouse, organisation: org, notify: failing })).rejects.toThrow(
      'store down',
    );
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

describe('the hourly evaluation on the job runner', () => {
  let account: TestAccount;
  let store: Store;
  let live: LiveChannel;
  let jobs: JobRunner;
  let notifications: NotificationsService;
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  beforeAll(async () => {
    account = await openTestAccount({ org: 'hourly' });
    store = await openSchemaStore('budgets_jobs');
    live = createLiveChannel(store.notifier);
    jobs = createJobRunner({ db: store.db, live, log: silent, pollMs: 50 });
    notifications = createNotificationsService({ db: store.db, live, jobs, log: silent, smtp: null, portalUrl: 'http://portal.test' });
    await notifications.rememberUser({
      organisation: 'hourly',
      subject: 'sub-ada',
      username: 'ada',
      email: null,
      roles: ['user', 'admin'],
    });
    await notifications.rememberUser({
      organisation: 'hourly',
      subject: 'sub-bob',
      username: 'bob',
      email: null,
      roles: ['user', 'Client-dataworks-business-users'],
    });
  });
  afterAll(async () => {
    await jobs.stop();
    await live.close();
    notifications.close();
    await account.close();
    await store.close();
  });

  it('is scheduled for each organisation with a budget, runs through the runner and alerts the writers once', async () => {
    const registry = { forOrganisation: async () => account.warehouse };
    const scheduler = await startBudgetEvaluation({ db: store.db, registry, jobs, notify: (request) => notifications.notify(request) });
    await createBudget(store.db, 'hourly', 'ada', { name: 'Small', scope: 'account', scopeValue: null, amount: 1 });
    await scheduler.sync('hourly');
    const schedule = await store.db
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', `${BUDGET_EVALUATION_JOB}:hourly`)
      .executeTakeFirstOrThrow();
    expect(schedule).toMatchObject({ kind: BUDGET_EVALUATION_JOB, organisation_id: 'hourly' });
    expect(Number(schedule.every_ms)).toBe(60 * 60_000);

    // Due now rather than in an hour.
    await store.db
      .updateTable('job_schedules')
      .set({ next_run_at: new Date(Date.now() - 1000) })
      .where('name', '=', schedule.name)
      .execute();
    await jobs.start();
    const alertsOf = () =>
      store.db.selectFrom('notifications').select(['id', 'title', 'type']).where('organisation_id', '=', 'hourly').execute();
    await waitFor('the budget alert', async () => (await alertsOf()).length > 0, { stepMs: 100 });
    const sent = await alertsOf();
    expect(sent).toEqual([expect.objectContaining({ type: 'alert', title: expect.stringContaining('"Small" exceeded') })]);
    const recipients = await store.db
      .selectFrom('notification_recipients')
      .select('subject')
      .where('notification_id', '=', sent[0]!.id)
      .execute();
    expect(recipients.map((r) => r.subject)).toEqual(['sub-ada']);

    // Another run (as after a usage sync) sends nothing new.
    expect(await scheduler.evaluateNow('hourly')).toBe(0);
    expect(await alertsOf()).toHaveLength(1);

    // Without budgets, no schedule.
    await store.db.deleteFrom('warehouse_budgets').where('organisation_id', '=', 'hourly').execute();
    await scheduler.sync('hourly');
    expect(await store.db.selectFrom('job_schedules').select('name').where('name', '=', schedule.name).execute()).toEqual([]);
  });
});
