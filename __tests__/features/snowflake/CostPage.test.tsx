import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloadTextFile } from '../../../src/components/downloadFile';
import CostPage from '../../../src/features/snowflake/cost/CostPage';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { costMovers, costSummary, sampleInfo } from '../../helpers/warehouseFixtures';

jest.mock('../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../helpers/chartStub'));
jest.mock('../../../src/components/downloadFile', () => ({ downloadTextFile: jest.fn() }));

setUpPageTests();

// The data ends 2026-11-21; "today" is the day after, so the sample's last month is this month.
beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-22T10:00:00Z'));
});
afterEach(() => jest.restoreAllMocks());

let server: FakeWarehouseServer;

function start(path = '/app/snowflake/cost', info = sampleInfo) {
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, info),
    'GET api/warehouse/cost': json(200, costSummary),
    'GET api/warehouse/cost/movers': json(200, costMovers),
    // The budgets and databases panels are OptimizeInsights.test.tsx's.
    'GET api/warehouse/budgets': json(200, { budgets: [], mayManage: true }),
    'GET api/warehouse/cost/databases': json(200, { range: costSummary.range, databases: [] }),
    'GET api/warehouse/filter-options': json(200, {
      range: costSummary.range,
      warehouses: [],
      users: [],
      roles: [],
      queryTags: [],
      limit: 200,
    }),
  });
  connectFakeServer(server);
  return renderWithRouter(makeSignedInStore(['user', 'admin']), [{ path: '/app/snowflake/cost', element: <CostPage /> }], path);
}

const panel = (name: string) => screen.getByRole('region', { name });
const rowHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

it('opens on this month so far and leads with the top movers against the same days of last month, each linking to its queries', async () => {
  start();
  const form = await screen.findByRole('form', { name: 'Date range' });
  expect(within(form).getByLabelText('Period')).toHaveValue('thisMonth');
  expect(within(form).getByLabelText('From')).toHaveValue('2026-11-01');
  expect(within(form).getByLabelText('To')).toHaveValue('2026-11-21');
  const movers = await screen.findByRole('region', { name: 'Top movers' });
  expect(await within(movers).findByLabelText('Bill against the previous period')).toHaveTextContent(
    '$812.25 from 2026-11-01 to 2026-11-21 (partial month: 1–21 November 2026): +$62.25 (+8.3%) against $750.00 from 2026-10-01 to 2026-10-21 (partial month: 1–21 October 2026).',
  );
  const warehouses = within(movers).getByRole('table', { name: 'Top movers: warehouses' });
  expect(within(warehouses).getByRole('row', { name: /ANALYTICS_WH/ })).toHaveTextContent('ANALYTICS_WH$360.00+$120.00 (+50%)');
  expect(within(warehouses).getByRole('row', { name: /ELT_WH/ })).toHaveTextContent('ELT_WH$300.00-$40.00 (-11.8%)');
  expect(within(warehouses).getByRole('link', { name: 'ANALYTICS_WH' })).toHaveAttribute(
    'href',
    '/app/snowflake/queries?from=2026-11-01&to=2026-11-21&warehouse=ANALYTICS_WH',
  );
  const patterns = within(movers).getByRole('table', { name: 'Top movers: query patterns' });
  expect(within(patterns).getByRole('row', { name: /SELECT/ })).toHaveTextContent('+$90.00 (new)');
  expect(within(patterns).getByRole('link', { name: 'SELECT * FROM ORDERS WHERE ID = ?' })).toHaveAttribute(
    'href',
    '/app/snowflake/queries?from=2026-11-01&to=2026-11-21&pattern=p-abc',
  );
  const models = within(movers).getByRole('table', { name: 'Top movers: dbt models' });
  expect(within(models).getByRole('link', { name: 'orders' })).toHaveAttribute(
    'href',
    '/app/snowflake/queries?from=2026-11-01&to=2026-11-21&model=model.shop.orders',
  );
  expect(within(models).getByRole('link', { name: 'orders in the data catalog' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/model.shop.orders',
  );
  expect(within(movers).getByText('No tagged query in either period.')).toBeInTheDocument();
  // The movers come first; the budgets follow the headline figures.
  await screen.findByLabelText('Spend figures');
  const order = [
    screen.getByRole('region', { name: 'Top movers' }),
    screen.getByLabelText('Spend figures'),
    screen.getByRole('region', { name: 'Budgets' }),
  ];
  for (let i = 1; i < order.length; i += 1)
    expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(server.requests).toContain('GET api/warehouse/cost/movers?from=2026-11-01&to=2026-11-21&limit=5');
});

it('shows the headline figures of the data range in the account currency, marked as sample data', async () => {
  start();
  // Asserted on the settled page: the loading text may already be gone by the first look (QueryResult.test.tsx covers it).
  const figures = await screen.findByLabelText('Spend figures');
  expect(figures).toHaveTextContent('Spend in range$1,234.502026-08-24 to 2026-11-21');
  expect(figures).toHaveTextContent('Month to date$812.25');
  expect(figures).toHaveTextContent('+8.3% against the same days of last month');
  expect(figures).toHaveTextContent('Last month$1,100.00');
  expect(figures).toHaveTextContent('Month-end forecast$1,190.40');
  expect(screen.getByText('Sample data')).toBeInTheDocument();
  expect(server.requests.filter((request) => /warehouse\/(info|cost\?)/.test(request))).toEqual([
    'GET api/warehouse/info',
    'GET api/warehouse/cost?from=2026-11-01&to=2026-11-21',
  ]);
});

it('charts spend by day stacked by warehouse and holds the same figures in a table', async () => {
  start();
  const daily = await screen.findByRole('region', { name: 'Compute spend by day and warehouse' });
  const chart = await within(daily).findByRole('img', { name: 'Compute spend by day and warehouse' });
  expect(chart).toHaveAttribute('data-labels', '2026-11-20|2026-11-21');
  expect(chart).toHaveAttribute('data-series', 'ANALYTICS_WH|ELT_WH');
  const table = within(daily).getByRole('table', { name: 'Compute spend by day and warehouse' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Day', 'Total (USD)', 'ANALYTICS_WH (USD)', 'ELT_WH (USD)']);
  expect(within(table).getByRole('row', { name: /2026-11-21/ })).toHaveTextContent('2026-11-21$540.00$300.00$240.00');
});

it('shows spend by service, user, role and tag, and idle cost per warehouse', async () => {
  start();
  const services = await screen.findByRole('table', { name: 'Spend by service, 2026-08-24 to 2026-11-21' });
  expect(within(services).getByRole('row', { name: /Cloud services/ })).toHaveTextContent('Cloud services (billed part)12.5$37.503%');
  expect(within(services).getByRole('row', { name: /Storage/ })).toHaveTextContent('Storage–$57.00');

  // Each user opens its queries, and (for an administrator) its page in User Management.
  const users = within(panel('Spend by user')).getByRole('table');
  expect(rowHeaders(users)).toEqual(['ETL_SERVICEuser', 'JANE_DOEuser', '=HYPERLINK("http://evil.example","x")user']);
  expect(within(users).getByRole('link', { name: 'JANE_DOE' })).toHaveAttribute(
    'href',
    '/app/snowflake/queries?from=2026-08-24&to=2026-11-21&user=JANE_DOE',
  );
  expect(within(users).getByRole('link', { name: 'JANE_DOE in User Management' })).toHaveAttribute(
    'href',
    '/app/management/users/JANE_DOE',
  );
  // The change against the previous period, in money and share.
  expect(within(users).getByRole('row', { name: /ETL_SERVICE/ })).toHaveTextContent('$495.00-$55.00 (-10%)');
  expect(within(users).getByRole('row', { name: /JANE_DOE/ })).toHaveTextContent('+$156.00 (+52%)');
  expect(rowHeaders(within(panel('Spend by role')).getByRole('table'))).toEqual(['ANALYST']);
  const tags = within(panel('Spend by query tag')).getByRole('table');
  expect(rowHeaders(tags)).toEqual(['(no tag)', 'dbt:model=orders']);
  expect(within(tags).getByRole('row', { name: /dbt:model=orders/ })).toHaveTextContent('+$183.00 (new)');

  const idle = within(panel('Idle cost by warehouse')).getByRole('table');
  expect(within(idle).getByRole('row', { name: /ANALYTICS_WH/ })).toHaveTextContent('ANALYTICS_WH220.0110.0110.0$330.0050%');
  expect(within(idle).getByRole('row', { name: /ELT_WH/ })).toHaveTextContent('$480.00-$40.00 (-7.7%)');
  expect(within(idle).getByRole('link', { name: 'ANALYTICS_WH on the Warehouses page' })).toHaveAttribute(
    'href',
    '/app/snowflake/warehouses?from=2026-08-24&to=2026-11-21',
  );
});

it('exports a table as CSV with the unit in its header and formula-like text defused', async () => {
  const user = userEvent.setup();
  start();
  const users = await screen.findByRole('region', { name: 'Spend by user' });
  await user.click(within(users).getByRole('button', { name: 'Export CSV: Spend by user' }));
  expect(downloadTextFile).toHaveBeenCalledWith(
    'spend-by-user-2026-08-24-2026-11-21.csv',
    'User,Queries,Compute credits,Cloud services credits,Credits,Cost (USD),Change vs previous period (USD)\r\n' +
      'ETL_SERVICE,5000,160,5,165,495,-55\r\n' +
      'JANE_DOE,1200,150,2,152,456,156\r\n' +
      `"'=HYPERLINK(""http://evil.example"",""x"")",3,1,0,1,3,0\r\n`,
  );
});

it('takes the date range from the address and puts a new one there', async () => {
  const user = userEvent.setup();
  const { router } = start('/app/snowflake/cost?from=2026-11-01&to=2026-11-21');
  await screen.findByRole('region', { name: 'Spend by user' });
  expect(server.requests).toContain('GET api/warehouse/cost?from=2026-11-01&to=2026-11-21');

  const form = screen.getByRole('form', { name: 'Date range' });
  const from = within(form).getByLabelText('From');
  expect(from).toHaveValue('2026-11-01');
  await user.clear(from);
  await user.type(from, '2026-11-15');
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-15&to=2026-11-21'));
  await waitFor(() => expect(server.requests).toContain('GET api/warehouse/cost?from=2026-11-15&to=2026-11-21'));
});

it('refuses a range that ends before it starts, at the field', async () => {
  const user = userEvent.setup();
  const { router } = start();
  const form = await screen.findByRole('form', { name: 'Date range' });
  const to = within(form).getByLabelText('To');
  await user.clear(to);
  await user.type(to, '2026-08-01');
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  expect(to).toHaveAttribute('aria-invalid', 'true');
  expect(to).toHaveAccessibleDescription('The end date must not be before the start date.');
  expect(to).toHaveFocus();
  expect(router.state.location.search).toBe('');
});

it("shows the engine's message when the warehouse fails, and loads again on Retry", async () => {
  const user = userEvent.setup();
  start();
  server.failNext('GET api/warehouse/cost', {
    status: 503,
    data: { error: 'unavailable', message: 'Snowflake is not answering; try again in a minute.' },
  });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The costs could not be loaded');
  expect(alert).toHaveTextContent('Snowflake is not answering; try again in a minute.');
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('region', { name: 'Spend by user' })).toBeInTheDocument();
});

it('says so when the account has no usage data yet', async () => {
  start('/app/snowflake/cost', { ...sampleInfo, dataRange: null });
  expect(await screen.findByText('No usage data yet')).toBeInTheDocument();
  expect(server.requests).toEqual(['GET api/warehouse/info']);
});
