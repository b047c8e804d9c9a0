// Manage connectors in jsdom: the status counts, search and filter sent to the server, bulk
// actions, and one connection's page (?connection=): Sync now with progress pushed on the live
// channel, Cancel, the Timeline, and delete with confirmation.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SyncProgressDetail } from '@common/integrations/integrationsContract';
import { SYNC_JOB_KIND } from '@common/integrations/integrationsRules';
import { JOB_TOPIC, type JobEvent } from '@common/jobs/jobsContract';
import ManageConnectorsPage from '../../../src/features/integrations/ManageConnectorsPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';
import { connection, job } from './integrationsFixtures';

// Every subscriber of a topic hears the events the test plays, as on the real channel.
const liveSubscribers = new Map<string, Set<(data: unknown) => void>>();
const liveHandlers = {
  get: (topic: string) => (data: unknown) => liveSubscribers.get(topic)?.forEach((handler) => handler(data)),
};
jest.mock('../../../src/api/live/liveEvents', () => ({
  subscribeLive: (topic: string, handler: (data: unknown) => void) => {
    const subscribers = liveSubscribers.get(topic) ?? new Set();
    liveSubscribers.set(topic, subscribers.add(handler));
    return () => subscribers.delete(handler);
  },
}));

setUpPageTests();

let server: WorkspaceServer;
function start(path: string) {
  server = connectWorkspaceServer({
    'GET api/integrations/connections': json(200, {
      connections: [
        connection(),
        connection({
          id: 'conn-2',
          name: 'Web',
          engine: 'airbyte',
          health: 'failing',
          lastJob: job({ id: 'job-9', connectionId: 'conn-2', status: 'failed', failure: 'The API answered 401 Unauthorized.' }),
        }),
      ],
      counts: { healthy: 1, failing: 1, paused: 0, syncing: 0, pending: 0 },
    }),
    'POST api/integrations/connections/bulk': json(200, { done: ['conn-1'], skipped: [] }),
    'GET api/integrations/connections/conn-1': json(200, connection()),
    'GET api/integrations/jobs/job-1': json(200, {
      ...job(),
      streams: [
        { stream: 'raw_shop.orders', rowsRead: 1234, rowsCommitted: 1234, bytesCommitted: 56789, rowEstimate: null, status: 'COMPLETE' },
      ],
      attemptList: [],
    }),
    'GET api/integrations/connections/conn-1/jobs': json(200, { jobs: [job()], hasMore: false }),
    'DELETE api/integrations/connections/conn-1': json(204),
  });
  return renderWithRouter(
    makeSignedInStore(['user', 'Integration_Engineer']),
    [{ path: '/app/integrations/manage-connectors', element: <ManageConnectorsPage /> }],
    path,
  );
}

it('lists connections with counts, searches and filters on the server, and acts in bulk', async () => {
  start('/app/integrations/manage-connectors');
  const table = await screen.findByRole('table', { name: 'Connections' }, { timeout: 10_000 });
  expect(within(screen.getByRole('list', { name: 'Connections by status' })).getAllByRole('listitem')[1]).toHaveTextContent('1Failing');
  const web = within(table).getByRole('row', { name: /Web/ });
  expect(web).toHaveTextContent('Failed');
  expect(web).toHaveTextContent('Sample data → RAW_SAMPLE (on Airbyte)');
  expect(within(table).getByRole('row', { name: /Shop/ })).not.toHaveTextContent('on Airbyte');
  expect(within(table).getByRole('row', { name: /Shop/ })).toHaveTextContent('Every 6 hours');

  await userEvent.type(screen.getByRole('searchbox', { name: 'Search connections' }), 'shop');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await userEvent.selectOptions(screen.getByLabelText('Status'), 'Failing');
  await waitFor(() => expect(server.requests).toContain('GET api/integrations/connections?search=shop&health=failing'));

  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Shop' }));
  await userEvent.click(screen.getByRole('button', { name: 'Pause (1)' }));
  expect(await screen.findByText('1 paused.')).toBeInTheDocument();
  expect(server.bodies.find((entry) => entry.route === 'POST api/integrations/connections/bulk')?.body).toEqual({
    action: 'pause',
    ids: ['conn-1'],
  });
}, 30_000);

it('syncs a connection, shows live progress per stream, cancels, and opens the Timeline with its logs', async () => {
  const running = job({ id: 'job-2', status: 'running', rowsSynced: 0, endedAt: null, durationMs: null });
  start('/app/integrations/manage-connectors?connection=conn-1');
  expect(await screen.findByRole('heading', { name: 'Shop' }, { timeout: 10_000 })).toBeInTheDocument();
  const streams = await screen.findByRole('table', { name: 'Streams and their last job' });
  await waitFor(() => expect(streams).toHaveTextContent('1,234'), { timeout: 10_000 });

  server.set('POST api/integrations/connections/conn-1/sync', json(202, running));
  server.set('GET api/integrations/connections/conn-1', json(200, connection({ health: 'syncing', lastJob: running })));
  server.set('GET api/integrations/jobs/job-2', json(200, { ...running, streams: [], attemptList: [] }));
  server.set('POST api/integrations/jobs/job-2/cancel', json(200, { ...running, status: 'cancelled' }));
  // The sync is a job of the portal's job runner, as the shared job API answers it.
  server.set(
    'GET api/jobs/job-2',
    json(200, {
      job: {
        id: 'job-2',
        kind: SYNC_JOB_KIND,
        state: 'running',
        progress: 0,
        message: null,
        error: null,
        attempts: 1,
        maxAttempts: 3,
        startedBy: 'user-engineer',
        cancelRequested: false,
        result: null,
        detail: null,
        createdAt: '2026-11-24T10:00:00.000Z',
        runAt: '2026-11-24T10:00:00.000Z',
        startedAt: '2026-11-24T10:00:01.000Z',
        finishedAt: null,
      },
    }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
  await screen.findByRole('heading', { name: 'Sync in progress' }, { timeout: 10_000 });

  // The sync's job event, as the job runner publishes it, with the rows per stream in its detail.
  const detail: SyncProgressDetail = {
    connectionId: 'conn-1',
    attempt: 1,
    rowsRead: 300,
    rowsCommitted: 250,
    streams: [{ stream: 'raw_shop.orders', rowsRead: 300, rowsCommitted: 250, bytesCommitted: 1000, rowEstimate: 600, status: 'RUNNING' }],
  };
  const progress: JobEvent = { id: 'job-2', kind: SYNC_JOB_KIND, state: 'running', progress: 0.5, message: null, attempts: 1, detail };
  act(() => liveHandlers.get(JOB_TOPIC)?.(progress));
  const perStream = await screen.findByRole('table', { name: 'Rows per stream' });
  expect(within(perStream).getByRole('row', { name: /raw_shop\.orders/ })).toHaveTextContent('250');
  expect(within(perStream).getByLabelText('raw_shop.orders: 300 of about 600 rows')).toBeInTheDocument();
  expect(screen.getByText('Running: 250 rows written, attempt 1.')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Cancel sync' }));
  await waitFor(() => expect(server.requests).toContain('POST api/integrations/jobs/job-2/cancel'));
  act(() => liveHandlers.get(JOB_TOPIC)?.({ ...progress, state: 'cancelled' }));
  expect(await screen.findByText('Cancelled: 250 rows written, attempt 1.')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('tab', { name: 'Timeline' }));
  expect(await screen.findByRole('table', { name: /Jobs of this connection/ }, { timeout: 10_000 })).toHaveTextContent('Succeeded');
  expect(screen.getByRole('button', { name: /Download the logs/ })).toBeInTheDocument();
}, 30_000);

it('deletes a connection only after confirming', async () => {
  start('/app/integrations/manage-connectors?connection=conn-1&tab=settings');
  await userEvent.click(await screen.findByRole('button', { name: 'Delete connection' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('is removed with its job history');
  expect(server.requests).not.toContain('DELETE api/integrations/connections/conn-1');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete connection' }));
  await waitFor(() => expect(server.requests).toContain('DELETE api/integrations/connections/conn-1'));
}, 30_000);

it('says when a connection runs on Airbyte, and offers no one-stream re-sync Airbyte cannot do', async () => {
  const stream = {
    name: 'orders',
    namespace: 'raw_shop',
    json_schema: { properties: { id: { type: 'integer' } } },
    supported_sync_modes: ['full_refresh', 'incremental'],
  };
  start('/app/integrations/manage-connectors?connection=conn-1');
  server.set('GET api/integrations/connections/conn-1', json(200, connection({ engine: 'airbyte' })));
  server.set('POST api/integrations/sources/src-1/discover', json(200, { catalog: { streams: [stream] } }));
  expect(await screen.findByText(/· runs on Airbyte ·/, {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText(/reports rows for the whole job, not per stream/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'Schema' }));
  expect(await screen.findByText('raw_shop.orders (1 fields)', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText(/cannot read one stream again on its own/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Re-sync/ })).not.toBeInTheDocument();
}, 30_000);

it('offers the one-stream re-sync on the embedded engine', async () => {
  const stream = {
    name: 'orders',
    namespace: 'raw_shop',
    json_schema: { properties: { id: { type: 'integer' } } },
    supported_sync_modes: ['full_refresh', 'incremental'],
  };
  start('/app/integrations/manage-connectors?connection=conn-1&tab=schema');
  server.set('POST api/integrations/sources/src-1/discover', json(200, { catalog: { streams: [stream] } }));
  expect(await screen.findByText(/runs in the portal/, {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Re-sync raw_shop.orders from the start' }, { timeout: 10_000 })).toBeInTheDocument();
}, 30_000);

it("refreshes each stream's row on the Status tab when the live job ends, in the set-up step's words", async () => {
  const running = job({ id: 'job-3', status: 'running', rowsSynced: 0, endedAt: null, durationMs: null });
  start('/app/integrations/manage-connectors?connection=conn-1');
  server.set('GET api/integrations/connections/conn-1', json(200, connection({ health: 'syncing', lastJob: running })));
  server.set('GET api/integrations/jobs/job-3', json(200, { ...running, streams: [], attemptList: [] }));
  server.set('GET api/jobs/job-3', json(404, { error: 'not_found', message: 'No such job.' }));
  expect(await screen.findByRole('heading', { name: 'Shop' }, { timeout: 10_000 })).toBeInTheDocument();
  // The two names apart: the source, then the warehouse schema.
  expect(screen.getByText('Sample data', { selector: 'strong' })).toBeInTheDocument();
  expect(screen.getByText('RAW_SAMPLE', { selector: 'code' })).toBeInTheDocument();

  const streams = await screen.findByRole('table', { name: 'Streams and their last job' });
  const orders = within(streams).getByRole('row', { name: /raw_shop\.orders/ });
  expect(orders).toHaveTextContent('Incremental on updated_at');
  expect(orders).toHaveTextContent('Append and deduplicate');
  expect(orders).not.toHaveTextContent('append_dedup');
  await waitFor(() => expect(orders).toHaveTextContent('Not synced'), { timeout: 10_000 });

  // The job ends: its record now has the stream's rows; the end event alone brings them in.
  const done = job({ id: 'job-3', rowsSynced: 4353 });
  server.set('GET api/integrations/connections/conn-1', json(200, connection({ lastJob: done })));
  server.set(
    'GET api/integrations/jobs/job-3',
    json(200, {
      ...done,
      streams: [
        { stream: 'raw_shop.orders', rowsRead: 4353, rowsCommitted: 4353, bytesCommitted: 99000, rowEstimate: null, status: 'COMPLETE' },
      ],
      attemptList: [],
    }),
  );
  const detail: SyncProgressDetail = { connectionId: 'conn-1', attempt: 1, rowsRead: 4353, rowsCommitted: 4353, streams: [] };
  const ended: JobEvent = { id: 'job-3', kind: SYNC_JOB_KIND, state: 'succeeded', progress: 1, message: null, attempts: 1, detail };
  act(() => liveHandlers.get(JOB_TOPIC)?.(ended));
  await waitFor(
    () =>
      expect(
        within(screen.getByRole('table', { name: 'Streams and their last job' })).getByRole('row', { name: /raw_shop\.orders/ }),
      ).toHaveTextContent('4,353'),
    {
      timeout: 10_000,
    },
  );
  expect(
    within(screen.getByRole('table', { name: 'Streams and their last job' })).getByRole('row', { name: /raw_shop\.orders/ }),
  ).toHaveTextContent('Complete');

  // The last job's log, read in the page: its last attempt.
  server.set(
    'GET api/integrations/jobs/job-3/logs',
    json(
      200,
      '=== Attempt 1 (2026-11-24T04:10:01.000Z) ===\nfirst try failed\n\n=== Attempt 2 (2026-11-24T04:11:01.000Z) ===\nread 4353 rows\n',
    ),
  );
  await userEvent.click(screen.getByRole('button', { name: 'View its log' }));
  const log = await screen.findByLabelText('Log of attempt 2', {}, { timeout: 10_000 });
  expect(log).toHaveTextContent('read 4353 rows');
  expect(log).not.toHaveTextContent('first try failed');
  expect(screen.getByText(/The last of 2 attempts/)).toBeInTheDocument();
}, 30_000);
