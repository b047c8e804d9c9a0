import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FreshnessPage from '../../../src/features/consume/FreshnessPage';
import { freshnessAnswer, withArtifacts } from '../../helpers/dbtFixtures';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';

// The live channel's own tests cover the stream; here the test plays the server's events.
const handlers = new Map<string, (data: unknown) => void>();
jest.mock('../../../src/api/live/liveEvents', () => ({
  subscribeLive: (topic: string, handler: (data: unknown) => void) => {
    handlers.set(topic, handler);
    return () => handlers.delete(topic);
  },
}));

setUpPageTests();

const JOB_ID = '7d4c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a09';
const job = (state: string, progress: number | null) => ({
  id: JOB_ID,
  kind: 'dbt.freshness-check',
  state,
  progress,
  message: null,
  error: null,
  attempts: 1,
  maxAttempts: 3,
  startedBy: 'user-admin',
  cancelRequested: false,
  result: null,
  createdAt: '2026-11-23T07:00:00.000Z',
  runAt: '2026-11-23T07:00:00.000Z',
  startedAt: null,
  finishedAt: null,
});

let server: FakeWarehouseServer;

function start() {
  handlers.clear();
  server = fakeWarehouseServer({
    'GET api/dbt/ingestions': json(200, withArtifacts),
    'GET api/freshness': json(200, freshnessAnswer),
    'POST api/freshness/checks': json(202, { jobId: JOB_ID }),
    [`GET api/jobs/${JOB_ID}`]: json(200, { job: job('running', 0.5) }),
  });
  connectFakeServer(server);
  return renderWithRouter(makeSignedInStore(['user', 'admin']), [{ path: '/app/freshness', element: <FreshnessPage /> }], '/app/freshness');
}

it('lists sources worst first with their criteria and age, and models by time since their last good build', async () => {
  start();
  const sources = await screen.findByRole('table', { name: 'Source freshness' });
  expect(
    within(sources)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['shop.payments', 'shop.customers', 'shop.orders']);
  expect(within(sources).getByRole('row', { name: /shop.payments/ })).toHaveTextContent('error3 d');
  expect(within(sources).getByRole('row', { name: /shop.orders/ })).toHaveTextContent('12 hours24 hours');
  expect(screen.getByLabelText('Freshness figures')).toHaveTextContent('Sources3Fresh1Warn1Error1');
  expect(within(screen.getByRole('table', { name: 'Model freshness' })).getByRole('row', { name: /orders/ })).toHaveTextContent('10 min');
  expect(screen.getByText(/checks every 60 minutes/)).toBeInTheDocument();
});

it('checks now: starts the job, shows its progress live, and reloads when it ends', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByRole('table', { name: 'Source freshness' });
  await user.click(screen.getByRole('button', { name: 'Check now' }));
  expect(await screen.findByText('Checking source freshness on the warehouse')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
  expect(server.requests).toContain('POST api/freshness/checks');
  const reads = () => server.requests.filter((request) => request === 'GET api/freshness').length;
  const before = reads();
  await waitFor(() => expect(handlers.has('job')).toBe(true));
  act(() =>
    handlers.get('job')?.({ id: JOB_ID, kind: 'dbt.freshness-check', state: 'succeeded', progress: 1, message: 'Checked 3 sources' }),
  );
  await waitFor(() => expect(reads()).toBeGreaterThan(before));
  expect(screen.getByRole('button', { name: 'Check now' })).toBeEnabled();
});

it('reloads when the server says the catalog changed', async () => {
  start();
  await screen.findByRole('table', { name: 'Source freshness' });
  const reads = () => server.requests.filter((request) => request === 'GET api/freshness').length;
  const before = reads();
  act(() => handlers.get('catalog')?.({ reason: 'freshness' }));
  await waitFor(() => expect(reads()).toBe(before + 1));
});

it('says why a check could not start', async () => {
  const user = userEvent.setup();
  start();
  server.reply('POST api/freshness/checks', json(409, { error: 'conflict', message: 'A freshness check is already running for acme.' }));
  await screen.findByRole('table', { name: 'Source freshness' });
  await user.click(screen.getByRole('button', { name: 'Check now' }));
  expect(await screen.findByText(/A freshness check is already running for acme\./)).toBeInTheDocument();
});
