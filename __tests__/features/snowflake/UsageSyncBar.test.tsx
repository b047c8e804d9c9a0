import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CostPage from '../../../src/features/snowflake/cost/CostPage';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { costMovers, costSummary, sampleInfo, sampleUsageSync } from '../../helpers/warehouseFixtures';
import { subscribeLive } from '../../../src/api/live/liveEvents';
import type { JobView } from '@common/jobs/jobsContract';

jest.mock('../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../helpers/chartStub'));
jest.mock('../../../src/api/live/liveEvents', () => ({ subscribeLive: jest.fn(() => () => undefined) }));

setUpPageTests();

let server: FakeWarehouseServer;
const job: JobView = {
  id: 'job-1',
  kind: 'warehouse.usage-sync',
  state: 'running',
  progress: 0.4,
  message: 'Copying QUERY_HISTORY',
  error: null,
  attempts: 1,
  maxAttempts: 3,
  startedBy: 'admin',
  cancelRequested: false,
  result: null,
  detail: null,
  createdAt: '2026-11-22T10:00:00Z',
  runAt: '2026-11-22T10:00:00Z',
  startedAt: '2026-11-22T10:00:00Z',
  finishedAt: null,
};

function start(roles: string[], routes: Parameters<typeof fakeWarehouseServer>[0] = {}) {
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, sampleInfo),
    'GET api/warehouse/cost': json(200, costSummary),
    'GET api/warehouse/cost/movers': json(200, costMovers),
    'GET api/warehouse/budgets': json(200, { budgets: [], mayManage: false }),
    'GET api/warehouse/cost/databases': json(200, { range: costSummary.range, databases: [] }),
    'GET api/warehouse/filter-options': json(200, {
      range: costSummary.range,
      warehouses: [],
      users: [],
      roles: [],
      queryTags: [],
      limit: 200,
    }),
    ...routes,
  });
  connectFakeServer(server);
  return renderWithRouter(makeSignedInStore(roles), [{ path: '/app/snowflake/cost', element: <CostPage /> }], '/app/snowflake/cost');
}

it('says how current the figures are, with the sync history and its cost folded away', async () => {
  start(['user', 'business']);
  const bar = await screen.findByRole('region', { name: 'Usage data' });
  expect(bar).toHaveTextContent('Data as of');
  expect(
    within(bar).getByText((_, element) => element?.tagName === 'TIME' && element.getAttribute('datetime') === sampleUsageSync.dataAsOf),
  ).toBeInTheDocument();
  expect(bar).toHaveTextContent('next copy within 60 minutes');
  // Readers see the state but may not start a sync (it runs statements the account bills).
  expect(within(bar).queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  await userEvent.click(within(bar).getByText('Sync history and cost'));
  const history = within(bar).getByRole('table', { name: 'Recent usage syncs' });
  expect(within(history).getAllByRole('row')).toHaveLength(3);
  expect(history).toHaveTextContent('Backfill');
  expect(history).toHaveTextContent('160,000');
  expect(bar).toHaveTextContent('Last 30 days: 2 syncs, 134 statements on the account');
});

it('lets a warehouse writer sync now and follows the job until it ends, then refetches the figures', async () => {
  let jobState = { ...job };
  start(['user', 'admin'], {
    'POST api/warehouse/usage-sync': json(202, { job }),
    'GET api/jobs/job-1': () => json(200, { job: jobState }),
  });
  const bar = await screen.findByRole('region', { name: 'Usage data' });
  await userEvent.click(within(bar).getByRole('button', { name: 'Sync now' }));
  expect(await within(bar).findByText('Copying new usage from the account')).toBeInTheDocument();
  expect(within(bar).getByRole('button', { name: 'Syncing…' })).toBeDisabled();
  const costFetches = () => server.requests.filter((request) => request.startsWith('GET api/warehouse/cost?')).length;
  const before = costFetches();

  // The job's live event says it finished: the bar drops the progress and the page refetches.
  jobState = { ...job, state: 'succeeded', progress: 1, finishedAt: '2026-11-22T10:00:05Z' };
  const handlers = jest
    .mocked(subscribeLive)
    .mock.calls.filter(([topic]) => topic === 'job')
    .map(([, handler]) => handler);
  expect(handlers.length).toBeGreaterThan(0);
  await act(async () =>
    handlers.forEach((handler) => handler({ id: 'job-1', kind: job.kind, state: 'succeeded', progress: 1, message: 'Done' })),
  );
  expect(await within(bar).findByRole('button', { name: 'Sync now' })).toBeEnabled();
  await screen.findByLabelText('Spend figures');
  await waitFor(() => expect(costFetches()).toBeGreaterThan(before));
});

it('shows the first fill instead of figures while the copy is empty, and a failed sync in words', async () => {
  start(['user', 'admin'], {
    'GET api/warehouse/info': json(200, { ...sampleInfo, dataRange: null, usageReady: false }),
    'GET api/warehouse/usage-sync': json(200, {
      ...sampleUsageSync,
      ready: false,
      dataAsOf: null,
      syncedAt: null,
      lastRun: { ...sampleUsageSync.recentRuns[1], status: 'failed', error: 'Snowflake cannot be reached' },
      job: null,
    }),
  });
  expect(
    await screen.findByText("The figures appear as soon as the account's usage has been copied for the first time."),
  ).toBeInTheDocument();
  const bar = await screen.findByRole('region', { name: 'Usage data' });
  expect(bar).toHaveTextContent('No usage copied yet');
  expect(bar).toHaveTextContent('The last sync failed (Snowflake cannot be reached)');
  expect(server.requests.some((request) => request.startsWith('GET api/warehouse/cost?'))).toBe(false);
});
