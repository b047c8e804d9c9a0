import { screen, waitFor, within } from '@testing-library/react';
import { nullText } from '../../../../src/features/catalog/observability/ProfilePanel';
import userEvent from '@testing-library/user-event';
import DataQualityPage from '../../../../src/features/catalog/observability/DataQualityPage';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { failing, historyAnswer, serve, summaryAnswer, testsAnswer } from './qualityFixtures';

// The live channel has its own tests; here nothing arrives on it.
jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));
jest.mock('../../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../../helpers/chartStub'));

setUpPageTests();

const PATH = '/app/data-catalog/observability/data-quality';

function start(path = PATH) {
  const requests = serve({
    'GET api/catalog/quality/tests': () => json(200, testsAnswer),
    'GET api/catalog/quality/summary': (_request, query) => json(200, summaryAnswer(query.get('by') as 'asset')),
    [`GET api/catalog/quality/tests/${encodeURIComponent(failing.uniqueId)}/history`]: () => json(200, historyAnswer),
    'GET api/catalog/quality/profiles': () =>
      json(200, {
        latest: {
          id: 'p1',
          assetId: 'model.acme_shop.orders',
          relation: 'analytics.marts.orders',
          profiledAt: '2026-11-20T03:00:00.000Z',
          profiledBy: 'docs',
          milliseconds: 1200,
          rowCount: 1000,
          sampledRows: null,
          distinctMethod: 'exact',
          columns: [
            {
              name: 'customer_id',
              dataType: 'INTEGER',
              nullCount: 12,
              nullShare: 0.012,
              distinctCount: 480,
              min: '1',
              max: '500',
              topValues: [{ value: '7', count: 9 }],
            },
          ],
        },
        history: [{ id: 'p1', profiledAt: '2026-11-20T03:00:00.000Z', rowCount: 1000, sampledRows: null, milliseconds: 1200 }],
      }),
    'POST api/catalog/quality/profiles': () => json(202, { jobId: '0b7c6a3e-1d2f-4c5b-8a9e-1f2d3c4b5a69' }),
    'GET api/jobs/0b7c6a3e-1d2f-4c5b-8a9e-1f2d3c4b5a69': () =>
      json(200, {
        job: {
          id: '0b7c6a3e-1d2f-4c5b-8a9e-1f2d3c4b5a69',
          kind: 'catalog.profile',
          state: 'running',
          progress: 0.5,
          message: 'Top values of customer_id',
          error: null,
          attempt: 1,
          createdAt: '2026-11-20T03:00:00.000Z',
          startedAt: null,
          finishedAt: null,
          result: null,
        },
      }),
  });
  renderWithRouter(makeSignedInStore(['user', 'Client-Dataworks-docs']), [{ path: PATH, element: <DataQualityPage /> }], path);
  return requests;
}

it('lists the tests failing first with their asset, column, type, status, failing rows, recent runs and flakiness, and the summary with its totals', async () => {
  const requests = start();
  const tests = await screen.findByRole('table', { name: 'Data tests' });
  const rows = within(tests).getAllByRole('row').slice(1);
  expect(rows[0]).toHaveTextContent('not_null_fct_orders_customer_id');
  expect(rows[0]).toHaveTextContent('customer_id');
  expect(rows[0]).toHaveTextContent('generic (not_null)');
  expect(rows[0]).toHaveTextContent('Fail');
  expect(rows[0]).toHaveTextContent('flaky');
  expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'Last 3 runs, oldest first: fail, pass, fail' })).toBeInTheDocument();
  expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'orders' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/model.acme_shop.orders',
  );
  const summary = await screen.findByRole('table', { name: /Tests per asset/ });
  expect(within(summary).getByRole('link', { name: 'orders' })).toBeInTheDocument();
  expect(screen.getByText('Failing rows', { selector: 'dt' }).nextSibling).toHaveTextContent('12');
  expect(requests.map((request) => request.route)).toEqual(
    expect.arrayContaining(['GET api/catalog/quality/tests?page=1&pageSize=25', 'GET api/catalog/quality/summary?by=asset&limit=25']),
  );
});

it('filters on the server: status and type go into the address and the API query, the summary switches dimension', async () => {
  const user = userEvent.setup();
  const requests = start();
  await screen.findByRole('table', { name: 'Data tests' });
  await user.selectOptions(screen.getByLabelText('Status'), 'fail');
  await user.selectOptions(screen.getByLabelText('Type'), 'unit');
  await user.type(screen.getByLabelText('Owner'), 'finance');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() =>
    expect(requests.map((request) => request.route)).toContain(
      'GET api/catalog/quality/tests?status=fail&type=unit&owner=finance&page=1&pageSize=25',
    ),
  );
  await user.selectOptions(screen.getByLabelText('Summarise by'), 'owner');
  expect(await screen.findByRole('table', { name: /Tests per owner/ })).toBeInTheDocument();
});

it("opens a test's history with its trend chart and runs, and the asset's profile with Profile now", async () => {
  const user = userEvent.setup();
  const requests = start();
  await user.click(await screen.findByRole('link', { name: 'not_null_fct_orders_customer_id' }));
  expect(await screen.findByRole('img', { name: 'Failing rows of not_null_fct_orders_customer_id per run' })).toHaveAttribute(
    'data-series',
    'Failing rows',
  );
  const runs = screen.getByRole('table', { name: 'Runs of not_null_fct_orders_customer_id' });
  expect(within(runs).getAllByRole('row')).toHaveLength(4);
  const profile = await screen.findByRole('table', { name: 'Columns of orders' });
  expect(within(profile).getByRole('row', { name: /customer_id/ })).toHaveTextContent('480');
  // Nulls as a count beside the share, as the failing not-null test counts them.
  expect(within(profile).getByRole('row', { name: /customer_id/ })).toHaveTextContent('12 (1.2%)');
  expect(screen.getByText(/analytics.marts.orders: 1,000 rows/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Profile now' }));
  expect(await screen.findByText('Top values of customer_id')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cancel profiling' })).toBeInTheDocument();
  expect(requests.find((request) => request.route === 'POST api/catalog/quality/profiles')?.body).toEqual({
    assetId: 'model.acme_shop.orders',
  });
});

it('never rounds a few nulls away: 3 in 12,000 is "3 (< 0.1%)", none is "0"', () => {
  expect(nullText({ nullCount: 3, nullShare: 3 / 12_000 })).toBe('3 (< 0.1%)');
  expect(nullText({ nullCount: 0, nullShare: 0 })).toBe('0');
});
