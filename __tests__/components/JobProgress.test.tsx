// The job progress display: the fetched job first, then each live event about that job.
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { apiClient } from '../../src/api/client';
import { JobProgress } from '../../src/components/JobProgress';
import { installFakeAuthClient } from '../helpers/fakeAuthClient';
import { fakeBackend, json } from '../helpers/fakeBackend';
import { installTestConfig } from '../helpers/testConfig';
import { makeSignedInStore } from '../helpers/testStore';

// The live channel is a network stream; its own tests cover it (liveEvents.test.ts). Here the
// boundary is the subscription: the test plays the server's events.
const handlers = new Map<string, (data: unknown) => void>();
jest.mock('../../src/api/live/liveEvents', () => ({
  subscribeLive: (topic: string, handler: (data: unknown) => void) => {
    handlers.set(topic, handler);
    return () => handlers.delete(topic);
  },
}));

const JOB_ID = '5f0c1f3e-7a59-4f1e-9d3c-2a4b8e6f0a11';
const job = {
  id: JOB_ID,
  kind: 'connector.sync',
  state: 'running',
  progress: 0.25,
  message: 'Reading orders',
  error: null,
  attempts: 1,
  maxAttempts: 3,
  startedBy: 'user-ada',
  cancelRequested: false,
  result: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  runAt: '2026-11-23T10:00:00.000Z',
  startedAt: '2026-11-23T10:00:01.000Z',
  finishedAt: null,
};

beforeEach(() => {
  installTestConfig();
  installFakeAuthClient();
  handlers.clear();
});

function renderProgress() {
  const store = makeSignedInStore();
  render(
    <Provider store={store}>
      <JobProgress jobId={JOB_ID} label="Syncing the CRM connector" />
    </Provider>,
  );
}

it('shows the fetched job, then follows its live events, ignoring other jobs', async () => {
  apiClient.defaults.adapter = fakeBackend((request) =>
    request.url === `api/jobs/${JOB_ID}` ? json(200, { job }) : json(404, {}),
  ).adapter;
  renderProgress();
  const valueOf = () => (screen.getByRole('progressbar', { name: 'Syncing the CRM connector' }) as HTMLProgressElement).value;
  await screen.findByText('Reading orders');
  expect(valueOf()).toBe(0.25);
  expect(screen.getByText('Reading orders')).toBeInTheDocument();
  expect(screen.getByText('In progress')).toBeInTheDocument();

  act(() => handlers.get('job')?.({ id: 'another-job', kind: 'x', state: 'failed', progress: 1, message: 'other' }));
  expect(valueOf()).toBe(0.25);

  act(() =>
    handlers.get('job')?.({ id: JOB_ID, kind: 'connector.sync', state: 'running', progress: 0.8, message: 'Writing to the warehouse' }),
  );
  expect(valueOf()).toBe(0.8);
  expect(screen.getByText('Writing to the warehouse')).toBeInTheDocument();

  act(() =>
    handlers.get('job')?.({
      id: JOB_ID,
      kind: 'connector.sync',
      state: 'failed',
      progress: 0.8,
      message: null,
      error: 'The source refused the credentials.',
    }),
  );
  expect(screen.getByText('Failed')).toBeInTheDocument();
  expect(screen.getByText(/The source refused the credentials\./)).toBeInTheDocument();
});

it('says why when the job cannot be read', async () => {
  apiClient.defaults.adapter = fakeBackend(() => json(404, { error: 'not_found', message: 'There is no such job.' })).adapter;
  renderProgress();
  expect(await screen.findByText('Syncing the CRM connector: There is no such job.')).toBeInTheDocument();
});
