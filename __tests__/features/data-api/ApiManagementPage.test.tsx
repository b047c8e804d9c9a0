// API management in jsdom: the keys with their scopes and fixed values, creating a key (its own
// checks first, then the secret shown once), revoking one, and usage with charts and a table.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ApiManagementPage from '../../../src/features/data-api/ApiManagementPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';
import { ENDPOINT_ID, key, KEY_ID, summary, usage } from './dataApiFixtures';

jest.mock('../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../helpers/chartStub'));

setUpPageTests();
jest.setTimeout(30_000);

const SECRET = 'dw_live_0123456789_abcdefghijklmnopqrstuvwxyzABCDEF';
let server: WorkspaceServer;
function start() {
  server = connectWorkspaceServer({
    'GET api/data-api/endpoints': json(200, { endpoints: [summary] }),
    'GET api/data-api/keys': json(200, { keys: [key] }),
    'GET api/data-api/usage': json(200, usage),
    'POST api/data-api/keys': json(201, { key: { ...key, id: 'new', name: 'Dashboard' }, secret: SECRET }),
    [`POST api/data-api/keys/${KEY_ID}/revoke`]: json(200, { key: { ...key, revokedAt: '2026-01-03T00:00:00Z' } }),
  });
  return renderWithRouter(
    makeSignedInStore(['user', 'product']),
    [{ path: '/app/api-management', element: <ApiManagementPage /> }],
    '/app/api-management',
  );
}

it('lists keys by prefix only, with scopes, fixed values and last use', async () => {
  start();
  const table = await screen.findByRole('table', { name: 'API keys' });
  const row = within(table).getByRole('row', { name: /Reporting/ });
  expect(row).toHaveTextContent('dw_live_abcdef1234_…');
  expect(row).toHaveTextContent('orders_by_country');
  expect(row).toHaveTextContent('country=DE');
  expect(row).toHaveTextContent('600/min');
  expect(row).toHaveTextContent('active');
});

it('creates a key after its own checks and shows the secret once', async () => {
  start();
  await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
  const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/Give the key a name/);
  expect(within(dialog).getByText('Choose at least one endpoint.')).toBeInTheDocument();
  expect(server.bodies).toEqual([]);

  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Dashboard');
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'orders_by_country' }));
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Fixed parameter values' }), 'country=FR');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
  const secret = await screen.findByRole('textbox', { name: 'API key' });
  expect(secret).toHaveValue(SECRET);
  expect(server.bodies[0]?.body).toEqual({
    name: 'Dashboard',
    scopes: [ENDPOINT_ID],
    fixedParameters: { country: 'FR' },
    expiresAt: null,
    rateLimit: 600,
  });
  await userEvent.click(screen.getByRole('button', { name: 'I have stored the key' }));
  expect(screen.queryByRole('textbox', { name: 'API key' })).toBeNull();
  expect(screen.queryByText(SECRET)).toBeNull();
});

it('revokes a key after confirmation', async () => {
  start();
  await userEvent.click(await screen.findByRole('button', { name: 'Revoke Reporting' }));
  const dialog = screen.getByRole('dialog', { name: /Revoke/ });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
  await waitFor(() => expect(server.requests).toContain(`POST api/data-api/keys/${KEY_ID}/revoke`));
});

it('shows usage with charts, status codes and a breakdown; filters go to the server', async () => {
  start();
  expect(await screen.findByRole('status', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(await screen.findByText(/4 calls · status codes: 200 × 3, 400 × 1/)).toBeInTheDocument();
  expect(await screen.findByRole('img', { name: /Calls per hour/ })).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Usage per endpoint and key' });
  expect(within(table).getByRole('row', { name: /orders_by_country/ })).toHaveTextContent('200: 3, 400: 1');
  await userEvent.selectOptions(screen.getByLabelText('Endpoint'), 'orders_by_country');
  await waitFor(() =>
    expect(
      server.requests.some((request) => request.startsWith('GET api/data-api/usage?') && request.includes(`endpoint=${ENDPOINT_ID}`)),
    ).toBe(true),
  );
});
