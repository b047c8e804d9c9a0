// A connection's Settings tab, Source section, in jsdom: the source's settings drawn from the
// connector's spec with its stored secret blank ("set and hidden"), a test that saves nothing,
// saving that keeps a blank secret (the mask goes back) or rotates a typed one, and a failing
// check's words shown with nothing saved.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ManageConnectorsPage from '../../../src/features/integrations/ManageConnectorsPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';
import { connection, sampleSource, sampleSpec } from './integrationsFixtures';

jest.mock('../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

// The form library copies its data with structuredClone, which jest's jsdom does not offer (browsers do).
beforeAll(() => {
  globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
});

const MASK = '**********';
const stored = { ...sampleSource, connectionCount: 2, config: { seed: 'demo', orders_per_hour: 20, api_token: MASK } };

let server: WorkspaceServer;
function start() {
  server = connectWorkspaceServer({
    'GET api/integrations/connections/conn-1': json(200, connection()),
    'GET api/integrations/jobs/job-1': json(200, { ...connection().lastJob, streams: [], attemptList: [] }),
    'GET api/integrations/sources/src-1': json(200, stored),
    'GET api/integrations/definitions/source-sample/spec': json(200, {
      definitionId: 'source-sample',
      spec: { ...sampleSpec, connectionSpecification: { ...sampleSpec.connectionSpecification, required: ['seed', 'api_token'] } },
    }),
    'POST api/integrations/sources/check': json(200, { status: 'succeeded', message: null, durationMs: 8 }),
    'PUT api/integrations/sources/src-1': json(200, { ...stored, config: { seed: 'other', orders_per_hour: 20, api_token: MASK } }),
  });
  return renderWithRouter(
    makeSignedInStore(['user', 'Integration_Engineer']),
    [{ path: '/app/integrations/manage-connectors', element: <ManageConnectorsPage /> }],
    '/app/integrations/manage-connectors?connection=conn-1&tab=settings',
  );
}

const lastBody = (route: string) => [...server.bodies].reverse().find((entry) => entry.route === route)?.body;

it("edits the source's settings: the secret set but hidden, kept when blank, rotated when typed", async () => {
  start();
  const section = await screen.findByRole('region', { name: 'Source' }, { timeout: 10_000 });
  const seed = await within(section).findByLabelText(/^Seed/, {}, { timeout: 10_000 });
  expect(section).toHaveTextContent('One other connection uses this source and its settings too.');
  expect(seed).toHaveValue('demo');
  const token = within(section).getByLabelText(/^Token/);
  expect(token).toHaveAttribute('type', 'password');
  expect(token).toHaveValue('');
  expect(section).toHaveTextContent('Set and hidden. Leave blank to keep it, or type a new value to replace it.');

  // Test: the settings as typed, with the stored secret standing in for the blank one; nothing is saved.
  await userEvent.clear(seed);
  await userEvent.type(seed, 'other');
  await userEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
  expect(await within(section).findByText(/^Connection test passed\. Nothing is saved/)).toBeInTheDocument();
  expect(lastBody('POST api/integrations/sources/check')).toEqual({
    definitionId: 'source-sample',
    sourceId: 'src-1',
    config: { seed: 'other', orders_per_hour: 20, api_token: MASK },
  });
  expect(server.requests).not.toContain('PUT api/integrations/sources/src-1');

  // Save with the secret blank: it is kept (the mask goes back); the required secret does not block the form.
  await userEvent.click(within(section).getByRole('button', { name: 'Test and save' }));
  expect(await within(section).findByText(/the source’s settings are saved/)).toBeInTheDocument();
  expect(lastBody('PUT api/integrations/sources/src-1')).toEqual({
    name: 'Sample data',
    config: { seed: 'other', orders_per_hour: 20, api_token: MASK },
  });

  // A new secret typed: it is sent, replacing the stored one.
  await userEvent.type(within(section).getByLabelText(/^Token/), 'new-token');
  await userEvent.click(within(section).getByRole('button', { name: 'Test and save' }));
  await waitFor(() =>
    expect(lastBody('PUT api/integrations/sources/src-1')).toMatchObject({ config: { seed: 'other', api_token: 'new-token' } }),
  );
  await waitFor(() => expect(within(section).getByLabelText(/^Token/)).toHaveValue(''));
}, 30_000);

it("refuses a failing configuration with the check's words, and shows the spec's refusal at its field", async () => {
  start();
  const section = await screen.findByRole('region', { name: 'Source' }, { timeout: 10_000 });
  await within(section).findByLabelText(/^Seed/, {}, { timeout: 10_000 });
  server.set(
    'PUT api/integrations/sources/src-1',
    json(400, { error: 'check_failed', message: 'The connection test failed, so nothing was saved: The API refused the token.' }),
  );
  await userEvent.click(within(section).getByRole('button', { name: 'Test and save' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(
    'The connection test failed, so nothing was saved: The API refused the token.',
  );
  expect(within(section).queryByText(/settings are saved/)).toBeNull();

  server.set(
    'PUT api/integrations/sources/src-1',
    json(400, { error: 'invalid_config', message: 'orders_per_hour must be <= 500.', field: 'config.orders_per_hour' }),
  );
  await userEvent.click(within(section).getByRole('button', { name: 'Test and save' }));
  expect(await within(section).findByText('orders_per_hour must be <= 500.')).toBeInTheDocument();

  server.set('POST api/integrations/sources/check', json(200, { status: 'failed', message: 'Seed "x" is not allowed.', durationMs: 3 }));
  await userEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
  expect(await within(section).findByText('The connection test failed: Seed "x" is not allowed.')).toBeInTheDocument();
}, 30_000);
