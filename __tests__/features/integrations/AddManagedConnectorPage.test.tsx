// Adding a managed connector in jsdom: the catalog's search, the spec drawn as a form (order,
// secrets as password fields), the connector's own words when its check fails, the server's
// refusal at the field it names, then discover, streams, schedule and create.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AddManagedConnectorPage from '../../../src/features/integrations/AddManagedConnectorPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';
import { connection, sampleCatalog, sampleDefinition, sampleSource, sampleSpec } from './integrationsFixtures';

setUpPageTests();

let server: WorkspaceServer;
function start() {
  server = connectWorkspaceServer({
    'GET api/integrations/definitions': json(200, {
      definitions: [sampleDefinition, { ...sampleDefinition, id: 'source-http', name: 'HTTP API', kind: 'declarative', category: 'api' }],
    }),
    'GET api/integrations/definitions/source-sample/spec': json(200, { definitionId: 'source-sample', spec: sampleSpec }),
    'POST api/integrations/sources/check': json(200, { status: 'failed', message: 'Seed "x" is not allowed.', durationMs: 12 }),
    'POST api/integrations/sources': json(201, sampleSource),
    'POST api/integrations/sources/src-1/discover': json(200, { catalog: sampleCatalog }),
    'POST api/integrations/connections': json(201, connection()),
  });
  return renderWithRouter(
    makeSignedInStore(['user', 'Integration_Engineer']),
    [
      { path: '/app/integrations/add-connector/managed', element: <AddManagedConnectorPage /> },
      { path: '/app/integrations/manage-connectors', element: <h1>Manage connectors</h1> },
    ],
    '/app/integrations/add-connector/managed',
  );
}

it('adds the sample connector: spec form, check, discover, streams and schedule', async () => {
  start();
  await userEvent.type(await screen.findByRole('searchbox', { name: 'Search connectors' }), 'sample');
  expect(screen.queryByRole('button', { name: 'Set up HTTP API' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Set up Sample data' }));

  const seed = await screen.findByLabelText('Seed', {}, { timeout: 10_000 });
  const fields = screen.getAllByRole('textbox').concat(screen.getAllByRole('spinbutton'));
  expect(fields.length).toBeGreaterThan(1);
  // `order` puts the seed before the orders per hour; the secret is a password field.
  expect(seed.compareDocumentPosition(screen.getByLabelText('Orders per hour')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(screen.getByLabelText('Token')).toHaveAttribute('type', 'password');

  await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
  expect(
    await screen.findByText(/The connector could not connect: Seed "x" is not allowed\./, {}, { timeout: 10_000 }),
  ).toBeInTheDocument();

  server.set(
    'POST api/integrations/sources/check',
    json(400, { error: 'invalid_request', message: 'must be at most 500', field: 'config.orders_per_hour' }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
  expect(await screen.findByText('must be at most 500', {}, { timeout: 10_000 })).toBeInTheDocument();

  server.set('POST api/integrations/sources/check', json(200, { status: 'succeeded', message: null, durationMs: 5 }));
  await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
  const streams = await screen.findByRole('table', { name: 'Streams the source offers' }, { timeout: 10_000 });
  expect(within(streams).getByRole('checkbox', { name: 'raw_shop.orders' })).toBeChecked();
  expect(within(streams).getByLabelText('Sync mode of raw_shop.orders')).toHaveValue('incremental');
  expect(within(streams).getByLabelText('Sync mode of customers')).toHaveValue('full_refresh');
  await userEvent.click(within(streams).getByRole('checkbox', { name: 'customers' }));

  await userEvent.click(screen.getByLabelText('Every N hours'));
  await userEvent.clear(screen.getByLabelText('Hours between syncs'));
  await userEvent.type(screen.getByLabelText('Hours between syncs'), '6');
  await userEvent.click(screen.getByRole('button', { name: 'Create connection' }));
  expect(await screen.findByRole('heading', { name: 'Manage connectors' }, { timeout: 10_000 })).toBeInTheDocument();

  const created = server.bodies.find((entry) => entry.route === 'POST api/integrations/connections')?.body as {
    streams: { name: string; selected: boolean }[];
    schedule: unknown;
    destinationSchema: string;
    sourceId: string;
  };
  expect(created.sourceId).toBe('src-1');
  expect(created.destinationSchema).toBe('RAW_SAMPLE_DATA');
  expect(created.schedule).toEqual({ kind: 'interval', hours: 6 });
  expect(created.streams.map((stream) => [stream.name, stream.selected])).toEqual([
    ['orders', true],
    ['customers', false],
  ]);
  const sourceBody = server.bodies.find((entry) => entry.route === 'POST api/integrations/sources')?.body as {
    config: Record<string, unknown>;
  };
  expect(sourceBody.config).toMatchObject({ seed: 'demo', orders_per_hour: 20 });
  await waitFor(() => expect(server.requests).toContain('POST api/integrations/sources/src-1/discover'));
}, 30_000);
