// The Optimize pages' budgets, spend by database and schema, pattern trends, warehouse
// utilisation, date-range presets and the names the filters offer.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BudgetProgress } from '@common/warehouse/budgetsContract';
import CostPage from '../../../src/features/snowflake/cost/CostPage';
import QueriesPage from '../../../src/features/snowflake/queries/QueriesPage';
import WarehousesPage from '../../../src/features/snowflake/warehouses/WarehousesPage';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { costMovers, costSummary, sampleInfo, warehouseUsage } from '../../helpers/warehouseFixtures';

jest.mock('../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../helpers/chartStub'));

setUpPageTests();

let server: FakeWarehouseServer;
// The data ends 2026-11-21; "today" is three days later.
beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-24T10:00:00Z'));
});
afterEach(() => jest.restoreAllMocks());

const budget = (overrides: Partial<BudgetProgress> = {}): BudgetProgress => ({
  id: '11111111-1111-1111-1111-111111111111',
  name: 'Analytics',
  scope: 'warehouse',
  scopeValue: 'ANALYTICS_WH',
  amount: 500,
  createdBy: 'admin',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  month: '2026-11',
  asOf: '2026-11-21',
  monthToDate: 420,
  dailyAverage: 20,
  forecast: 600,
  usedShare: 0.84,
  status: 'at_risk',
  ...overrides,
});

const filterOptions = {
  range: { from: '2026-08-24', to: '2026-11-21' },
  warehouses: [
    { name: 'ANALYTICS_WH', queries: 900 },
    { name: 'ELT_WH', queries: 300 },
  ],
  users: [{ name: 'JANE_DOE', queries: 1200 }],
  roles: [{ name: 'ANALYST', queries: 1200 }],
  queryTags: [{ name: 'dbt:model=orders', queries: 40 }],
  limit: 200,
};

const databases = {
  range: { from: '2026-08-24', to: '2026-11-21' },
  databases: [
    {
      name: 'ANALYTICS',
      queries: 900,
      credits: 100,
      cost: 300,
      schemas: [
        { name: 'MARTS', queries: 600, credits: 70, cost: 210 },
        { name: 'STAGING', queries: 300, credits: 30, cost: 90 },
      ],
    },
    { name: null, queries: 20, credits: 1, cost: 3, schemas: [{ name: null, queries: 20, credits: 1, cost: 3 }] },
  ],
};

function startCost(roles: string[] = ['user', 'admin'], budgets: BudgetProgress[] = [budget()], path = '/app/snowflake/cost') {
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, sampleInfo),
    'GET api/warehouse/cost': json(200, costSummary),
    'GET api/warehouse/cost/movers': json(200, costMovers),
    'GET api/warehouse/budgets': json(200, { budgets, mayManage: roles.includes('admin') }),
    'GET api/warehouse/filter-options': json(200, filterOptions),
    'GET api/warehouse/cost/databases': json(200, databases),
  });
  connectFakeServer(server);
  return renderWithRouter(makeSignedInStore(roles), [{ path: '/app/snowflake/cost', element: <CostPage /> }], path);
}

describe('budgets on the Cost page', () => {
  it('lists each budget with its month to date, forecast and status, and explains the forecast', async () => {
    startCost();
    const panel = await screen.findByRole('region', { name: 'Budgets' });
    const table = await within(panel).findByRole('table', { name: 'Budgets' });
    expect(within(table).getByRole('row', { name: /Analytics/ })).toHaveTextContent(
      'AnalyticsWarehouse ANALYTICS_WH$500.00$420.00$600.0084%At risk',
    );
    expect(panel).toHaveTextContent('average of the last 7 full days for each day left');
    expect(panel).toHaveTextContent('measured to 2026-11-21');
  });

  it("lets an admin add a budget, with the server's refusal shown at its field", async () => {
    const user = userEvent.setup();
    startCost(['user', 'admin'], []);
    const panel = await screen.findByRole('region', { name: 'Budgets' });
    expect(await within(panel).findByText('No budgets yet. Add one to be told when spend heads over it.')).toBeInTheDocument();
    expect(within(panel).queryByRole('table')).toBeNull(); // a sentence, not an empty table
    await user.click(within(panel).getByRole('button', { name: 'Add a budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a budget' });
    await user.click(within(dialog).getByRole('button', { name: 'Add budget' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name the budget.');
    expect(within(dialog).getByLabelText('Amount per month (USD)')).toHaveAccessibleDescription('Enter an amount in USD above 0.');

    await user.type(within(dialog).getByLabelText('Name'), 'ELT');
    await user.selectOptions(within(dialog).getByLabelText('Watches'), 'warehouse');
    const warehouse = within(dialog).getByLabelText('Warehouse');
    expect(warehouse).toHaveAttribute('list');
    await waitFor(() => expect(document.getElementById(warehouse.getAttribute('list') ?? '')?.querySelectorAll('option')).toHaveLength(2));
    await user.type(warehouse, 'GONE_WH');
    await user.type(within(dialog).getByLabelText('Amount per month (USD)'), '250.5');
    server.failNext(
      'POST api/warehouse/budgets',
      json(400, { error: 'invalid_request', message: 'scopeValue: the account has no warehouse named GONE_WH', field: 'scopeValue' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add budget' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Warehouse')).toHaveAccessibleDescription(/no warehouse named GONE_WH/));
    expect(server.posted).toEqual([{ name: 'ELT', scope: 'warehouse', scopeValue: 'GONE_WH', amount: 250.5 }]);

    server.reply('POST api/warehouse/budgets', json(201, { budget: budget({ name: 'ELT' }) }));
    server.reply('GET api/warehouse/budgets', json(200, { budgets: [budget({ name: 'ELT', status: 'exceeded' })], mayManage: true }));
    await user.clear(within(dialog).getByLabelText('Warehouse'));
    await user.type(within(dialog).getByLabelText('Warehouse'), 'ELT_WH');
    await user.click(within(dialog).getByRole('button', { name: 'Add budget' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(panel).findByText('Exceeded')).toBeInTheDocument();
    expect(server.posted[1]).toEqual({ name: 'ELT', scope: 'warehouse', scopeValue: 'ELT_WH', amount: 250.5 });
  });

  it('deletes a budget after asking', async () => {
    const user = userEvent.setup();
    startCost();
    const panel = await screen.findByRole('region', { name: 'Budgets' });
    server.reply('DELETE api/warehouse/budgets/11111111-1111-1111-1111-111111111111', { status: 204, data: undefined });
    await user.click(await within(panel).findByRole('button', { name: 'Delete budget Analytics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete budget Analytics?' });
    server.reply('GET api/warehouse/budgets', json(200, { budgets: [], mayManage: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete budget' }));
    await waitFor(() => expect(server.requests).toContain('DELETE api/warehouse/budgets/11111111-1111-1111-1111-111111111111'));
    expect(await within(panel).findByText(/No budgets yet/)).toBeInTheDocument();
  });

  it('shows budgets to a business user without the controls to change them', async () => {
    startCost(['user', 'Client-dataworks-business-users']);
    const panel = await screen.findByRole('region', { name: 'Budgets' });
    await within(panel).findByRole('table', { name: 'Budgets' });
    expect(within(panel).queryByRole('button', { name: 'Add a budget' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Delete budget/ })).not.toBeInTheDocument();
  });
});

it("shows spend by database and drills into a database's schemas", async () => {
  const user = userEvent.setup();
  startCost();
  const panel = await screen.findByRole('region', { name: 'Spend by database and schema' });
  const table = await within(panel).findByRole('table', { name: 'Spend by database' });
  expect(
    within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['ANALYTICS', '(no database)']);
  expect(within(panel).getByRole('img', { name: /Spend by database/ })).toHaveAttribute('data-labels', 'ANALYTICS|(no database)');
  await user.click(within(table).getByRole('button', { name: 'Schemas of ANALYTICS' }));
  const schemas = await within(panel).findByRole('table', { name: 'Spend by schema' });
  expect(within(schemas).getByRole('row', { name: /MARTS/ })).toHaveTextContent('MARTS60070.0$210.00');
  await user.selectOptions(within(panel).getByLabelText('Database'), '');
  expect(await within(panel).findByRole('table', { name: 'Spend by database' })).toBeInTheDocument();
});

describe('date-range presets', () => {
  it('cuts presets to the data, disables one without data, and puts the chosen range in the address', async () => {
    const user = userEvent.setup();
    const { router } = startCost();
    const form = await screen.findByRole('form', { name: 'Date range' });
    const period = within(form).getByLabelText('Period');
    // The default range is this month so far: the "This month" preset, cut to the data's last day.
    expect(period).toHaveValue('thisMonth');
    const option = (name: RegExp) => within(period).getByRole('option', { name });
    expect(option(/^Last 90 days/)).not.toBeDisabled();
    expect(option(/^Last month/)).not.toBeDisabled();
    await user.selectOptions(period, 'last7');
    // Today is 2026-11-24, the data ends 2026-11-21: the last 7 days are cut there.
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-18&to=2026-11-21'));
    await waitFor(() => expect(server.requests).toContain('GET api/warehouse/cost?from=2026-11-18&to=2026-11-21'));
    expect(within(screen.getByRole('form', { name: 'Date range' })).getByLabelText('Period')).toHaveValue('last7');
    expect(within(screen.getByRole('form', { name: 'Date range' })).getByLabelText('From')).toHaveAttribute('min', '2026-08-24');
  });

  it('says why a preset outside the data cannot be chosen', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2027-03-10T10:00:00Z'));
    startCost();
    const period = within(await screen.findByRole('form', { name: 'Date range' })).getByLabelText('Period');
    expect(within(period).getByRole('option', { name: /^This month/ })).toBeDisabled();
    expect(within(period).getByRole('option', { name: /^This month/ })).toHaveTextContent(
      'This month (no data from 2027-03-01 to 2027-03-10)',
    );
  });
});

it("offers the known names in the Queries filters and shows each top pattern's daily cost and change", async () => {
  const user = userEvent.setup();
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, sampleInfo),
    'GET api/warehouse/queries/top': json(200, { queries: [], total: 0, offset: 0 }),
    'GET api/warehouse/queries/patterns': json(200, { patterns: [] }),
    'GET api/warehouse/queries/spilling': json(200, { queries: [], byWarehouse: [] }),
    'GET api/warehouse/filter-options': json(200, filterOptions),
    'GET api/warehouse/queries/pattern-trends': json(200, {
      range: { from: '2026-11-20', to: '2026-11-21' },
      previousRange: { from: '2026-11-18', to: '2026-11-19' },
      days: ['2026-11-20', '2026-11-21'],
      patterns: [
        {
          parameterizedHash: 'a',
          sampleText: 'SELECT * FROM orders WHERE id = ?',
          queries: 40,
          totalCost: 30,
          previousCost: 20,
          changeShare: 0.5,
          daily: [10, 20],
        },
        {
          parameterizedHash: 'b',
          sampleText: 'SELECT count(*) FROM events',
          queries: 5,
          totalCost: 6,
          previousCost: 0,
          changeShare: null,
          daily: [6, 0],
        },
      ],
    }),
  });
  connectFakeServer(server);
  renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/snowflake/queries', element: <QueriesPage /> }],
    '/app/snowflake/queries?from=2026-11-20&to=2026-11-21',
  );
  const form = await screen.findByRole('form', { name: 'Query filters' });
  const warehouse = within(form).getByLabelText('Warehouse');
  await waitFor(() => expect(warehouse).toHaveAttribute('list'));
  const list = document.getElementById(warehouse.getAttribute('list') ?? '');
  expect([...(list?.querySelectorAll('option') ?? [])].map((option) => option.getAttribute('value'))).toEqual(['ANALYTICS_WH', 'ELT_WH']);
  expect(server.requests).toContain('GET api/warehouse/filter-options?from=2026-11-20&to=2026-11-21');

  const panel = await screen.findByRole('region', { name: 'Pattern cost trend' });
  const table = await within(panel).findByRole('table', { name: 'Pattern cost trend' });
  expect(within(table).getByRole('row', { name: /orders/ })).toHaveTextContent('40$30.00$20.00+50%');
  expect(within(table).getByRole('row', { name: /events/ })).toHaveTextContent('new');
  expect(within(panel).getByRole('img', { name: /orders/ })).toHaveAttribute('data-labels', '2026-11-20|2026-11-21');
  await user.click(within(table).getByRole('button', { name: /daily cost of SELECT count/ }));
  expect(within(panel).getByRole('img', { name: /events/ })).toBeInTheDocument();
});

it("charts a chosen warehouse's utilisation: running and idle credits, running and queued load", async () => {
  const user = userEvent.setup();
  const utilisation = (name: string) => ({
    warehouseName: name,
    range: { from: '2026-11-20', to: '2026-11-21' },
    bucket: 'hour',
    buckets: [
      {
        start: '2026-11-21T09:00:00.000Z',
        meteredCredits: 4,
        runningCredits: 3,
        idleCredits: 1,
        upHours: 1,
        averageRunning: 1.5,
        averageQueued: 0.25,
      },
    ],
  });
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, sampleInfo),
    'GET api/warehouse/warehouses': json(200, {
      warehouses: [warehouseUsage('ANALYTICS_WH'), warehouseUsage('ELT_WH', { meteredCredits: 1 })],
      settings: [],
      recommendations: [],
    }),
    'GET api/warehouse/warehouses/ANALYTICS_WH/utilisation': json(200, utilisation('ANALYTICS_WH')),
    'GET api/warehouse/warehouses/ELT_WH/utilisation': json(200, utilisation('ELT_WH')),
  });
  connectFakeServer(server);
  renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/snowflake/warehouses', element: <WarehousesPage /> }],
    '/app/snowflake/warehouses?from=2026-11-20&to=2026-11-21',
  );
  const panel = await screen.findByRole('region', { name: 'Utilisation over time' });
  const table = await within(panel).findByRole('table', { name: 'Utilisation of ANALYTICS_WH' });
  expect(within(table).getByRole('row', { name: /2026-11-21 09:00/ })).toHaveTextContent('2026-11-21 09:004.03.01.01.001.500.25');
  expect(within(panel).getByRole('img', { name: /running and idle/ })).toHaveAttribute('data-series', 'Running|Idle');
  await user.selectOptions(within(panel).getByLabelText('Warehouse'), 'ELT_WH');
  expect(await within(panel).findByRole('table', { name: 'Utilisation of ELT_WH' })).toBeInTheDocument();
  expect(server.requests).toContain('GET api/warehouse/warehouses/ELT_WH/utilisation?from=2026-11-20&to=2026-11-21');
});
