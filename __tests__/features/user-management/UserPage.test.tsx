import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WarehouseChange } from '../../../src/api/warehouseTypes';
import UserPage from '../../../src/features/user-management/users/UserPage';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { appliedAt, roleView, userDetail, userView } from '../../helpers/managementFixtures';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { sampleInfo } from '../../helpers/warehouseFixtures';

setUpPageTests();

let server: FakeWarehouseServer;
let roles: string[];

function start(prepare?: (server: FakeWarehouseServer) => void, portalRoles = ['user', 'Client-Admin']) {
  roles = ['ANALYST', 'REPORTING'];
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, sampleInfo),
    'GET api/management/users/JANE_DOE': () => json(200, userDetail(userView('JANE_DOE', { displayName: 'Jane Doe' }), roles)),
    'GET api/management/roles': json(200, {
      roles: ['ANALYST', 'REPORTING', 'LOADER']
        .map((name) => roleView(name))
        .concat(roleView('OPS', { systemRoles: ['SYSADMIN'] }))
        .concat(roleView('ACCOUNTADMIN', { systemRoles: ['ACCOUNTADMIN', 'SECURITYADMIN'] })),
    }),
    'POST api/management/changes': (request) => {
      const change = JSON.parse(String(request.data)) as WarehouseChange;
      if (change.kind === 'grantRoleToUser') roles = [...roles, change.roleName];
      if (change.kind === 'revokeRoleFromUser') roles = roles.filter((role) => role !== change.roleName);
      return json(200, { applied: { change, engine: 'duckdb', statements: [], noop: false, before: null, appliedAt } });
    },
  });
  prepare?.(server);
  connectFakeServer(server);
  return renderWithRouter(
    makeSignedInStore(portalRoles),
    [
      { path: '/app/management/users/:username', element: <UserPage /> },
      { path: '/app/management/users', element: <p>The users list</p> },
    ],
    '/app/management/users/JANE_DOE',
  );
}

const rolesTable = () => screen.getByRole('table', { name: 'Roles of JANE_DOE' });
const grantedRoles = () =>
  within(rolesTable())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const detailRequests = () => server.requests.filter((request) => request === 'GET api/management/users/JANE_DOE');

it("shows the user's profile, defaults and roles", async () => {
  start();
  expect(await screen.findByRole('heading', { level: 1, name: 'JANE_DOE' })).toBeInTheDocument();
  expect(await screen.findByText('Sample data')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Profile' })).toHaveTextContent('Display nameJane Doe');
  expect(screen.getByLabelText('Default role')).toHaveValue('ANALYST');
  expect(grantedRoles()).toEqual(['ANALYST', 'REPORTING']);
  expect(within(rolesTable()).getByRole('link', { name: 'REPORTING' })).toHaveAttribute('href', '/app/management/roles/REPORTING');
});

it('grants a role the user does not have yet, then shows it', async () => {
  const user = userEvent.setup();
  start();
  const form = await screen.findByRole('form', { name: 'Grant a role' });
  const select = within(form).getByLabelText('Role to grant');
  await waitFor(() =>
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a role to grant',
      'LOADER',
      'OPS (includes SYSADMIN: your portal roles may not grant it)',
      'ACCOUNTADMIN (protected: your portal roles may not grant it)',
    ]),
  );
  // A Client-Admin is offered only what their portal roles may grant, as the server decides.
  expect(within(select).getByRole('option', { name: /^LOADER/ })).toBeEnabled();
  expect(within(select).getByRole('option', { name: /^OPS/ })).toBeDisabled();
  expect(within(select).getByRole('option', { name: /^ACCOUNTADMIN/ })).toBeDisabled();
  await user.selectOptions(select, 'LOADER');
  await user.click(within(form).getByRole('button', { name: 'Grant role' }));
  expect(await screen.findByText('LOADER granted to JANE_DOE.')).toBeInTheDocument();
  expect(server.posted).toEqual([{ kind: 'grantRoleToUser', roleName: 'LOADER', userName: 'JANE_DOE' }]);
  await waitFor(() => expect(grantedRoles()).toEqual(['ANALYST', 'LOADER', 'REPORTING']));
  expect(detailRequests()).toHaveLength(2);
});

it('grants a powerful role (as an administrator) only after a confirmation that names what it gives', async () => {
  const user = userEvent.setup();
  start(undefined, ['user', 'admin']);
  const form = await screen.findByRole('form', { name: 'Grant a role' });
  const select = within(form).getByLabelText('Role to grant');
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
  expect(within(select).getByRole('option', { name: 'ACCOUNTADMIN' })).toBeEnabled();
  await user.selectOptions(select, 'ACCOUNTADMIN');
  await user.click(within(form).getByRole('button', { name: 'Grant role' }));
  const dialog = await screen.findByRole('dialog', { name: 'Grant ACCOUNTADMIN to JANE_DOE?' });
  expect(dialog).toHaveTextContent('ACCOUNTADMIN gives full control of the account');
  expect(dialog).toHaveTextContent('ACCOUNTADMIN includes SECURITYADMIN, which gives control of every grant');
  expect(server.posted).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(server.posted).toEqual([]);
  await user.click(within(form).getByRole('button', { name: 'Grant role' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Grant ACCOUNTADMIN to JANE_DOE?' })).getByRole('button', {
      name: 'Grant ACCOUNTADMIN',
    }),
  );
  expect(await screen.findByText('ACCOUNTADMIN granted to JANE_DOE.')).toBeInTheDocument();
  expect(server.posted).toEqual([{ kind: 'grantRoleToUser', roleName: 'ACCOUNTADMIN', userName: 'JANE_DOE' }]);
});

it('revokes a role only after a confirmation', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByRole('table', { name: 'Roles of JANE_DOE' });
  await user.click(within(rolesTable()).getByRole('button', { name: 'Revoke REPORTING' }));
  const dialog = await screen.findByRole('dialog', { name: 'Revoke REPORTING from JANE_DOE?' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(server.posted).toEqual([]);

  await user.click(within(rolesTable()).getByRole('button', { name: 'Revoke REPORTING' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke role' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(server.posted).toEqual([{ kind: 'revokeRoleFromUser', roleName: 'REPORTING', userName: 'JANE_DOE' }]);
  expect(screen.getByText('REPORTING revoked from JANE_DOE.')).toBeInTheDocument();
  await waitFor(() => expect(grantedRoles()).toEqual(['ANALYST']));
});

it('drops the user only once the name is typed, then goes back to the list', async () => {
  const user = userEvent.setup();
  const { router } = start();
  await user.click(await screen.findByRole('button', { name: 'Drop user…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Drop user JANE_DOE?' });
  const drop = within(dialog).getByRole('button', { name: 'Drop user' });
  const confirmation = within(dialog).getByLabelText('Type JANE_DOE to confirm');
  expect(confirmation).toHaveFocus();
  expect(drop).toBeDisabled();
  await user.type(confirmation, 'jane_doe');
  expect(drop).toBeDisabled();
  await user.clear(confirmation);
  await user.type(confirmation, 'JANE_DOE');
  expect(drop).toBeEnabled();
  const before = detailRequests().length;
  await user.click(drop);

  await waitFor(() => expect(router.state.location.pathname).toBe('/app/management/users'));
  expect(server.posted).toEqual([{ kind: 'dropUser', userName: 'JANE_DOE' }]);
  expect(router.state.location.state).toEqual({ notice: 'User JANE_DOE dropped.' });
  // The dropped user's own page is not asked for again.
  expect(detailRequests()).toHaveLength(before);
});

it('shows a field the server refuses (400) at that field', async () => {
  const user = userEvent.setup();
  start();
  const form = await screen.findByRole('form', { name: 'Defaults' });
  const warehouse = within(form).getByLabelText('Default warehouse');

  await user.clear(warehouse);
  await user.click(warehouse);
  await user.paste('W'.repeat(256));
  await user.click(within(form).getByRole('button', { name: 'Save defaults' }));
  expect(warehouse).toHaveAttribute('aria-invalid', 'true');
  expect(warehouse).toHaveAccessibleDescription(expect.stringContaining('Use at most 255 characters'));
  expect(server.posted).toEqual([]);

  await user.clear(warehouse);
  await user.type(warehouse, 'NIGHT_WH');
  server.failNext('POST api/management/changes', {
    status: 400,
    data: { error: 'invalid_request', message: 'defaultWarehouse: must be at most 255 characters', field: 'defaultWarehouse' },
  });
  await user.click(within(form).getByRole('button', { name: 'Save defaults' }));
  await waitFor(() => expect(warehouse).toHaveAccessibleDescription(expect.stringContaining('Must be at most 255 characters.')));
  expect(warehouse).toHaveFocus();
  expect(within(form).getByLabelText('Default role')).not.toHaveAttribute('aria-invalid');
  expect(server.posted).toEqual([{ kind: 'setUserDefaults', userName: 'JANE_DOE', defaultRole: 'ANALYST', defaultWarehouse: 'NIGHT_WH' }]);
});

it('disables the user after a confirmation', async () => {
  const user = userEvent.setup();
  start();
  await user.click(await screen.findByRole('button', { name: 'Disable user' }));
  const dialog = await screen.findByRole('dialog', { name: 'Disable JANE_DOE?' });
  await user.click(within(dialog).getByRole('button', { name: 'Disable user' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(server.posted).toEqual([{ kind: 'setUserDisabled', userName: 'JANE_DOE', disabled: true }]);
  expect(screen.getByText('JANE_DOE is disabled.')).toBeInTheDocument();
});

it('says so when there is no such user', async () => {
  start((server) =>
    server.reply('GET api/management/users/JANE_DOE', json(404, { error: 'not_found', message: 'User JANE_DOE was not found.' })),
  );
  expect(await screen.findByText('There is no user named JANE_DOE')).toBeInTheDocument();
});
