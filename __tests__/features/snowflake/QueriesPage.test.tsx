import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QueriesPage from '../../../src/features/snowflake/queries/QueriesPage';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { queryDetail, queryPattern, querySummary, sampleInfo } from '../../helpers/warehouseFixtures';

jest.mock('../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../helpers/chartStub'));
jest.mock('../../../src/components/downloadFile', () => ({ downloadTextFile: jest.fn() }));

setUpPageTests();

const QUERY_ID = '01b2c3d4-0000-0000-0000-000000000001';
let server: FakeWarehouseServer;

function start(path = '/app/snowflake/queries') {
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, sampleInfo),
    // The pattern trends and the filters' names are OptimizeInsights.test.tsx's.
    'GET api/warehouse/queries/pattern-trends': json(200, {
      range: sampleInfo.dataRange,
      previousRange: sampleInfo.dataRange,
      days: [],
      patterns: [],
    }),
    'GET api/warehouse/filter-options': json(200, {
      range: sampleInfo.dataRange,
      warehouses: [],
      users: [],
      roles: [],
      queryTags: [],
      limit: 200,
    }),
    'GET api/warehouse/queries/top': (request) =>
      json(200, {
        total: request.params?.orderBy === 'duration' ? 1 : 2,
        offset: 0,
        queries:
          request.params?.orderBy === 'duration'
            ? [querySummary('01b2c3d4-0000-0000-0000-000000000009', { totalElapsedMs: 3_600_000, textPreview: 'CALL SLOW_PROC()' })]
            : [
                querySummary(QUERY_ID),
                querySummary('01b2c3d4-0000-0000-0000-000000000002', { cost: 0.3, credits: 0.1, textPreview: 'SELECT 1' }),
              ],
      }),
    'GET api/warehouse/queries/patterns': json(200, { patterns: [queryPattern] }),
    'GET api/warehouse/queries/spilling': json(200, {
      queries: [
        querySummary('01b2c3d4-0000-0000-0000-000000000003', { bytesSpilledRemote: 3 * 1024 ** 3, textPreview: 'SELECT BIG JOIN' }),
      ],
      byWarehouse: [
        {
          warehouseName: 'ANALYTICS_WH',
          warehouseSize: 'Medium',
          queries: 1000,
          remoteSpillQueries: 12,
          bytesSpilledLocal: 1024 ** 3,
          bytesSpilledRemote: 3 * 1024 ** 3,
        },
      ],
    }),
    [`GET api/warehouse/queries/${QUERY_ID}`]: json(200, queryDetail(QUERY_ID)),
  });
  connectFakeServer(server);
  return renderWithRouter(
    makeSignedInStore(['user', 'Client-Dataworks-docs']),
    [{ path: '/app/snowflake/queries', element: <QueriesPage /> }],
    path,
  );
}

const listRequests = () =>
  server.requests.filter(
    (request) => request.startsWith('GET api/warehouse/queries/') && !request.includes(QUERY_ID) && !request.includes('pattern-trends'),
  );

it('lists the most expensive and slowest queries, the patterns and the spilling, for the data range', async () => {
  start();
  const expensive = await screen.findByRole('table', { name: 'Most expensive queries' });
  expect(within(expensive).getAllByRole('row')).toHaveLength(3);
  // The id is shown under the text (and exported), the text opens the detail.
  expect(within(expensive).getAllByRole('row')[1]).toHaveTextContent(`SELECT * FROM ORDERS${QUERY_ID}`);
  expect(
    within(await screen.findByRole('table', { name: 'Slowest queries' })).getByRole('row', { name: /CALL SLOW_PROC/ }),
  ).toHaveTextContent('3,600 s');
  const patterns = await screen.findByRole('table', { name: 'Query patterns' });
  expect(within(patterns).getByRole('row', { name: /SELECT \* FROM ORDERS WHERE ID = \?/ })).toHaveTextContent('p-abc420');
  const spilling = await screen.findByRole('table', { name: 'Spilling by warehouse' });
  expect(within(spilling).getByRole('row', { name: /ANALYTICS_WH/ })).toHaveTextContent('ANALYTICS_WHMedium1,000121.0 GB3.0 GB');
  expect(listRequests().sort()).toEqual([
    'GET api/warehouse/queries/patterns?from=2026-11-01&to=2026-11-21&orderBy=cost&limit=100',
    'GET api/warehouse/queries/spilling?from=2026-11-01&to=2026-11-21&limit=100',
    'GET api/warehouse/queries/top?from=2026-11-01&to=2026-11-21&orderBy=cost&limit=100&offset=0',
    'GET api/warehouse/queries/top?from=2026-11-01&to=2026-11-21&orderBy=duration&limit=100&offset=0',
  ]);
});

it('puts the filters in the address and in every request, names in the case Snowflake stores them', async () => {
  const user = userEvent.setup();
  const { router } = start();
  const form = await screen.findByRole('form', { name: 'Query filters' });
  await screen.findByRole('table', { name: 'Most expensive queries' });
  server.requests.length = 0;

  await user.type(within(form).getByLabelText('Warehouse'), 'analytics_wh');
  await user.type(within(form).getByLabelText('User'), 'jane_doe');
  await user.type(within(form).getByLabelText('Role'), 'ANALYST');
  await user.type(within(form).getByLabelText('Query tag'), 'dbt:model=orders');
  const from = within(form).getByLabelText('From');
  await user.clear(from);
  await user.type(from, '2026-11-01');
  await user.click(within(form).getByRole('button', { name: 'Apply' }));

  await waitFor(() =>
    expect(router.state.location.search).toBe(
      '?from=2026-11-01&to=2026-11-21&warehouse=ANALYTICS_WH&user=JANE_DOE&role=ANALYST&tag=dbt%3Amodel%3Dorders',
    ),
  );
  const filters = 'from=2026-11-01&to=2026-11-21&warehouseName=ANALYTICS_WH&userName=JANE_DOE&roleName=ANALYST&queryTag=dbt:model%3Dorders';
  await waitFor(() => expect(listRequests()).toHaveLength(4));
  expect(listRequests().sort()).toEqual([
    `GET api/warehouse/queries/patterns?${filters}&orderBy=cost&limit=100`,
    `GET api/warehouse/queries/spilling?${filters}&limit=100`,
    `GET api/warehouse/queries/top?${filters}&orderBy=cost&limit=100&offset=0`,
    `GET api/warehouse/queries/top?${filters}&orderBy=duration&limit=100&offset=0`,
  ]);
});

it('reads the filters from a link and checks new ones before sending them', async () => {
  const user = userEvent.setup();
  start('/app/snowflake/queries?warehouse=ELT_WH&tag=nightly');
  const form = await screen.findByRole('form', { name: 'Query filters' });
  expect(within(form).getByLabelText('Warehouse')).toHaveValue('ELT_WH');
  await waitFor(() =>
    expect(listRequests()).toContain(
      'GET api/warehouse/queries/top?from=2026-11-01&to=2026-11-21&warehouseName=ELT_WH&queryTag=nightly&orderBy=cost&limit=100&offset=0',
    ),
  );
  server.requests.length = 0;

  const role = within(form).getByLabelText('Role');
  await user.click(role);
  await user.paste('R'.repeat(256));
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  expect(role).toHaveAttribute('aria-invalid', 'true');
  expect(role).toHaveAccessibleDescription(expect.stringContaining('Use at most 255 characters'));
  expect(role).toHaveFocus();
  expect(listRequests()).toEqual([]);

  // A role created with a quoted name (any characters) is a valid filter, sent exactly as typed.
  await user.clear(role);
  await user.type(role, 'dbt.runner@acme');
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(listRequests().some((request) => request.includes('roleName=dbt.runner%40acme'))).toBe(true));
});

it("opens a query's detail with its full text from the list, and closes it", async () => {
  const user = userEvent.setup();
  const { router } = start();
  const expensive = await screen.findByRole('table', { name: 'Most expensive queries' });
  const link = within(expensive).getAllByRole('link', { name: 'SELECT * FROM ORDERS' })[0]!;
  await user.click(link);
  expect(router.state.location.search).toBe(`?query=${QUERY_ID}`);
  const dialog = await screen.findByRole('dialog', { name: `Query ${QUERY_ID}` });
  const text = await within(dialog).findByLabelText('Query text');
  expect(text.tagName).toBe('PRE');
  expect(text.textContent).toBe('SELECT *\nFROM ORDERS\nWHERE AMOUNT > 100');
  expect(dialog).toHaveTextContent('Partitions scanned40 of 100');
  expect(dialog).toHaveTextContent('Cost$1.50');
  // Why a short query can cost a lot: the hour-split attribution, in one line beside the figure.
  expect(dialog).toHaveTextContent("Why: each hour's metered credits of");

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(router.state.location.search).toBe('');
});

it("shows the server's message in the panel it concerns", async () => {
  start();
  server.failNext('GET api/warehouse/queries/patterns', {
    status: 502,
    data: { error: 'failed', message: 'Snowflake could not run the query: warehouse suspended.' },
  });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The query patterns could not be loaded');
  expect(alert).toHaveTextContent('Snowflake could not run the query: warehouse suspended.');
  expect(await screen.findByRole('table', { name: 'Most expensive queries' })).toBeInTheDocument();
});

it('pages through a long list on the server and downloads every match as CSV', async () => {
  const { downloadTextFile } = jest.requireMock<{ downloadTextFile: jest.Mock }>('../../../src/components/downloadFile');
  start();
  server.reply('GET api/warehouse/queries/top', (request) =>
    json(200, {
      total: 250,
      offset: Number(request.params?.offset ?? 0),
      queries: [querySummary(`01b2c3d4-0000-0000-0000-${String(request.params?.offset ?? 0).padStart(12, '0')}`)],
    }),
  );
  server.reply('GET api/warehouse/queries/top.csv', json(200, 'query_id,start_time\n"q1","2026-11-20T10:00:00.000Z"\n'));
  const panel = await screen.findByRole('region', { name: 'Most expensive queries' });
  const pages = await within(panel).findByRole('navigation', { name: 'More most expensive queries' });
  expect(pages).toHaveTextContent('Queries 1–1 of 250');
  await userEvent.click(within(pages).getByRole('button', { name: 'Next 100' }));
  await waitFor(() =>
    expect(server.requests).toContain('GET api/warehouse/queries/top?from=2026-11-01&to=2026-11-21&orderBy=cost&limit=100&offset=100'),
  );
  expect(await within(panel).findByRole('navigation', { name: 'More most expensive queries' })).toHaveTextContent('Queries 101–101 of 250');

  await userEvent.click(within(panel).getByRole('button', { name: 'Download all 250 as CSV' }));
  await waitFor(() =>
    expect(downloadTextFile).toHaveBeenCalledWith(
      expect.stringMatching(/\.csv$/),
      'query_id,start_time\n"q1","2026-11-20T10:00:00.000Z"\n',
    ),
  );
  expect(server.requests).toContain('GET api/warehouse/queries/top.csv?from=2026-11-01&to=2026-11-21&orderBy=cost');
});

it("filters to one query pattern or dbt model from a Cost page mover's link, says so, and drops it on request", async () => {
  const user = userEvent.setup();
  const { router } = start('/app/snowflake/queries?from=2026-11-01&to=2026-11-21&model=model.shop.orders&pattern=p-abc');
  const notice = await screen.findByLabelText('Linked filters');
  expect(notice).toHaveTextContent('Only the queries of the query pattern p-abc.');
  expect(notice).toHaveTextContent('Only the queries of the dbt model model.shop.orders.');
  await screen.findByRole('table', { name: 'Most expensive queries' });
  expect(server.requests).toContain(
    'GET api/warehouse/queries/top?from=2026-11-01&to=2026-11-21&parameterizedHash=p-abc&dbtModel=model.shop.orders&orderBy=cost&limit=100&offset=0',
  );
  await user.click(within(notice).getByRole('link', { name: 'Drop the dbt model filter' }));
  await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-21&pattern=p-abc'));
  await waitFor(() =>
    expect(server.requests).toContain(
      'GET api/warehouse/queries/top?from=2026-11-01&to=2026-11-21&parameterizedHash=p-abc&orderBy=cost&limit=100&offset=0',
    ),
  );
});
