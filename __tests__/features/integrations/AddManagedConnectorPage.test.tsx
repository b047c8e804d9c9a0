// Adding a managed connector in jsdom: the catalog's search, the spec drawn as a form (order,
// secrets as password fields), the connector's own words when its check fails, the server's
// refusal at the field it names, then discover with the config as typed (nothing saved), streams,
// schedule, and create, which saves the source with the connection. A name a saved source has is
// avoided and refused before testing.
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
    'GET api/integrations/sources': json(200, { sources: [sampleSource] }),
    'POST api/integrations/sources/discover': json(200, { catalog: sampleCatalog }),
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

  const steps = screen.getByRole('navigation', { name: 'Steps' });
  expect(within(steps).getByText('2. Configure and test')).toHaveAttribute('aria-current', 'step');
  const seed = await screen.findByLabelText('Seed', {}, { timeout: 10_000 });
  // "Sample data" is a saved source's name already: the page suggests a free one, and refuses a taken one before testing.
  const sourceName = screen.getByLabelText(/Source name/);
  await waitFor(() => expect(sourceName).toHaveValue('Sample data 2'));
  await userEvent.clear(sourceName);
  await userEvent.type(sourceName, 'Sample data');
  await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
  expect(await screen.findByText('A source named "Sample data" already exists; choose another name.')).toBeInTheDocument();
  expect(server.requests).not.toContain('POST api/integrations/sources/check');
  await userEvent.clear(sourceName);
  await userEvent.type(sourceName, 'Shop source');
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
  expect(screen.getByRole('status')).toHaveTextContent(/Connection test passed\. "Shop source" answered in 5 ms/);
  expect(within(screen.getByRole('navigation', { name: 'Steps' })).getByText('3. Streams and schedule')).toHaveAttribute(
    'aria-current',
    'step',
  );
  // Nothing was saved on the way: the source is saved with the connection.
  expect(server.requests).not.toContain('POST api/integrations/sources');
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
    sourceId?: string;
    source: { name: string; definitionId: string; config: Record<string, unknown> };
  };
  expect(created.sourceId).toBeUndefined();
  expect(created.source).toMatchObject({
    name: 'Shop source',
    definitionId: 'source-sample',
    config: { seed: 'demo', orders_per_hour: 20 },
  });
  expect(created.destinationSchema).toBe('RAW_SHOP_SOURCE');
  expect(created.schedule).toEqual({ kind: 'interval', hours: 6 });
  expect(created.streams.map((stream) => [stream.name, stream.selected])).toEqual([
    ['orders', true],
    ['customers', false],
  ]);
  const discovered = server.bodies.find((entry) => entry.route === 'POST api/integrations/sources/discover')?.body;
  expect(discovered).toMatchObject({ definitionId: 'source-sample', config: { seed: 'demo', orders_per_hour: 20 } });
  expect(server.requests).not.toContain('POST api/integrations/sources');
}, 30_000);
