import { AxiosError, type AxiosAdapter } from 'axios';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../../src/api/client';
import DashboardsPage from '../../../src/features/dashboards/DashboardsPage';
import { loadClientDashboards, menuDashboardNames } from '../../helpers/clientDashboards';
import { bodyOf, fakeBackend, type FakeBackend } from '../../helpers/fakeBackend';
import { fakeDashboardsServer, type FakeDashboardsServer } from '../../helpers/fakeDashboardsServer';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';

let server: FakeDashboardsServer;
let backend: FakeBackend;

const threeDashboards = [
  { id: 'd1', name: 'Sales', url: 'https://bi.example.com/sales', order: 0 },
  { id: 'd2', name: 'Finance', url: 'https://bi.example.com/finance', order: 1 },
  { id: 'd3', name: 'Ops', url: 'https://bi.example.com/ops', order: 2 },
];

function start(initial = threeDashboards, prepare?: (server: FakeDashboardsServer) => void, adapter?: AxiosAdapter) {
  server = fakeDashboardsServer(initial);
  prepare?.(server);
  backend = fakeBackend(server.handler);
  apiClient.defaults.adapter = adapter ?? backend.adapter;
  const store = makeSignedInStore(['user', 'Client-Admin']);
  renderWithRouter(store, [{ path: '/app/dashboard/default', element: <DashboardsPage /> }], '/app/dashboard/default');
  return store;
}

const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

const requests = (method: string, url: string) => backend.calls.filter((call) => call.method === method && call.url === url);

setUpPageTests();

it('lists the dashboards in order after a loading state', async () => {
  start();
  expect(screen.getByText('Loading dashboards…')).toBeInTheDocument();
  expect(await screen.findByRole('table')).toBeInTheDocument();
  expect(rowNames()).toEqual(['Sales', 'Finance', 'Ops']);
});

it('says when there are none yet and offers to add the first', async () => {
  start([]);
  expect(await screen.findByText('No dashboards yet')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add a dashboard' })).toBeInTheDocument();
});

it('shows an error with the message and a Retry that loads again', async () => {
  const user = userEvent.setup();
  start(threeDashboards, (server) =>
    server.failNext('GET', 'api/dashboards', { status: 503, data: { error: 'unavailable', message: 'The store is unavailable.' } }),
  );
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The dashboards could not be loaded');
  expect(alert).toHaveTextContent('The store is unavailable.');
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('table')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});

it('says the service cannot be reached when the API is down, never a blank page', async () => {
  start(threeDashboards, undefined, (config) => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config)));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('could not be reached');
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

it('checks the form before sending, then shows a field the server refuses (400) at that field', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Add a dashboard' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a dashboard' });

  await user.click(within(dialog).getByRole('button', { name: 'Add dashboard' }));
  const name = within(dialog).getByLabelText('Name');
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAccessibleDescription(expect.stringContaining('Enter a name.'));
  expect(name).toHaveFocus();
  expect(requests('post', 'api/dashboards')).toHaveLength(0);

  await user.type(name, 'Marketing');
  await user.type(within(dialog).getByLabelText('Address (URL)'), 'ftp://files.example.com/report');
  await user.click(within(dialog).getByRole('button', { name: 'Add dashboard' }));
  expect(within(dialog).getByLabelText('Address (URL)')).toHaveAccessibleDescription(expect.stringContaining('Only https:// and http://'));
  expect(requests('post', 'api/dashboards')).toHaveLength(0);

  const url = within(dialog).getByLabelText('Address (URL)');
  await user.clear(url);
  await user.type(url, 'https://bi.example.com/marketing');
  server.failNext('POST', 'api/dashboards', {
    status: 400,
    data: { error: 'invalid_request', message: 'url: must be an absolute http:// or https:// URL without credentials', field: 'url' },
  });
  await user.click(within(dialog).getByRole('button', { name: 'Add dashboard' }));

  await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
  expect(url).toHaveAccessibleDescription(expect.stringContaining('Must be an absolute http:// or https:// URL without credentials.'));
  expect(url).toHaveFocus();
  expect(within(dialog).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  expect(bodyOf(requests('post', 'api/dashboards')[0])).toEqual({ name: 'Marketing', url: 'https://bi.example.com/marketing' });
});

it('shows a duplicate name (409) at the name field, and adds the dashboard once corrected', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Add a dashboard' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a dashboard' });
  await user.type(within(dialog).getByLabelText('Name'), 'Sales');
  await user.type(within(dialog).getByLabelText('Address (URL)'), 'https://bi.example.com/sales-2');
  await user.type(within(dialog).getByLabelText('Order'), '7');
  server.failNext('POST', 'api/dashboards', {
    status: 409,
    data: { error: 'conflict', message: 'A dashboard named "Sales" already exists.', field: 'name' },
  });
  await user.click(within(dialog).getByRole('button', { name: 'Add dashboard' }));
  await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(expect.stringContaining('already exists')));

  await user.type(within(dialog).getByLabelText('Name'), ' EU');
  await user.click(within(dialog).getByRole('button', { name: 'Add dashboard' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByText('Dashboard "Sales EU" added.')).toBeInTheDocument();
  await waitFor(() => expect(rowNames()).toEqual(['Sales', 'Finance', 'Ops', 'Sales EU']));
  expect(bodyOf(requests('post', 'api/dashboards')[1])).toEqual({ name: 'Sales EU', url: 'https://bi.example.com/sales-2', order: 7 });
});

it('moves a dashboard with the keyboard, saves the new order, and refreshes the menu', async () => {
  const user = userEvent.setup();
  const store = start();
  await screen.findByRole('table');
  await loadClientDashboards(store);
  expect(screen.getByRole('button', { name: 'Move Sales up' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Move Ops down' })).toBeDisabled();

  screen.getByRole('button', { name: 'Move Ops up' }).focus();
  await user.keyboard('{Enter}');

  await waitFor(() => expect(rowNames()).toEqual(['Sales', 'Ops', 'Finance']));
  expect(bodyOf(requests('put', 'api/dashboards/order')[0])).toEqual({ ids: ['d1', 'd3', 'd2'] });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Move Ops up' })).toHaveFocus());
  await waitFor(() => expect(menuDashboardNames(store)).toEqual(['Sales', 'Ops', 'Finance']));
});

it('puts the order back and says so when saving it fails', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByRole('table');
  server.failNext('PUT', 'api/dashboards/order', { status: 500, data: { error: 'internal', message: 'Could not save.' } });
  await user.click(screen.getByRole('button', { name: 'Move Finance up' }));
  expect(await screen.findByText('The new order could not be saved')).toBeInTheDocument();
  await waitFor(() => expect(rowNames()).toEqual(['Sales', 'Finance', 'Ops']));
});

it('deletes only after confirmation', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByRole('table');

  await user.click(screen.getByRole('button', { name: 'Delete Finance' }));
  let dialog = await screen.findByRole('dialog', { name: 'Delete dashboard "Finance"?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(requests('delete', 'api/dashboards/d2')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Delete Finance' }));
  dialog = await screen.findByRole('dialog', { name: 'Delete dashboard "Finance"?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(rowNames()).toEqual(['Sales', 'Ops']));
  expect(requests('delete', 'api/dashboards/d2')).toHaveLength(1);
  expect(screen.getByText('Dashboard "Finance" deleted.')).toBeInTheDocument();
});

it('edits a dashboard', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Edit Ops' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit dashboard "Ops"' });
  const name = within(dialog).getByLabelText('Name');
  expect(name).toHaveValue('Ops');
  await user.clear(name);
  await user.type(name, 'Operations');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(rowNames()).toEqual(['Sales', 'Finance', 'Operations']));
  expect(bodyOf(requests('patch', 'api/dashboards/d3')[0])).toEqual({ name: 'Operations', url: 'https://bi.example.com/ops', order: 2 });
});
