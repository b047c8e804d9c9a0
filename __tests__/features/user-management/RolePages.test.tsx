import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleDetail } from '../../../src/api/warehouseTypes';
import RolePage from '../../../src/features/user-management/roles/RolePage';
import RolesPage from '../../../src/features/user-management/roles/RolesPage';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { appliedAt, roleView } from '../../helpers/managementFixtures';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { sampleInfo } from '../../helpers/warehouseFixtures';

setUpPageTests();

let server: FakeWarehouseServer;
let holders: RoleDetail['members'];

function start(path: string, portalRoles = ['user', 'Client-Admin']) {
  holders = [{ grantedTo: 'USER', granteeName: 'JANE_DOE', grantedBy: 'SECURITYADMIN', createdOn: '2026-02-01T00:00:00.000Z' }];
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, { ...sampleInfo, info: { ...sampleInfo.info, sample: false, engine: 'snowflake' } }),
    'GET api/management/roles': json(200, {
      roles: [
        roleView('ANALYST', { comment: 'Reads marts' }),
        roleView('REPORTING'),
        roleView('SYSADMIN', { systemRoles: ['SYSADMIN'] }),
        roleView('PUBLIC'),
      ],
    }),
    'GET api/management/roles/ANALYST': () =>
      json(200, {
        role: roleView('ANALYST', { comment: 'Reads marts' }),
        privileges: [
          { privilege: 'USAGE', grantedOn: 'WAREHOUSE', name: 'ANALYTICS_WH', grantOption: false, grantedBy: 'SYSADMIN', createdOn: null },
          { privilege: 'USAGE', grantedOn: 'ROLE', name: 'REPORTING', grantOption: false, grantedBy: 'SECURITYADMIN', createdOn: null },
        ],
        members: holders,
        defaultRoleOf: ['JANE_DOE'],
      }),
    'GET api/management/roles/1': json(404, { error: 'not_found', message: 'There is no role named 1.' }),
    'POST api/management/changes': (request) => {
      const change = JSON.parse(String(request.data));
      if (change.kind === 'grantRoleToRole')
        holders = [...holders, { grantedTo: 'ROLE', granteeName: change.parentRoleName, grantedBy: 'SECURITYADMIN', createdOn: appliedAt }];
      return json(200, {
        applied: {
          change: { ...change, roleName: String(change.roleName).toUpperCase() },
          engine: 'snowflake',
          statements: [],
          noop: false,
          before: null,
          appliedAt,
        },
      });
    },
  });
  connectFakeServer(server);
  return renderWithRouter(
    makeSignedInStore(portalRoles),
    [
      { path: '/app/management/roles', element: <RolesPage /> },
      { path: '/app/management/roles/:roleId', element: <RolePage /> },
    ],
    path,
  );
}

it('lists the roles, without a sample notice on a real account', async () => {
  start('/app/management/roles');
  const table = await screen.findByRole('table', { name: 'Warehouse roles' });
  expect(within(table).getByRole('row', { name: /ANALYST/ })).toHaveTextContent('ANALYSTReads marts');
  await waitFor(() => expect(server.requests).toContain('GET api/warehouse/info'));
  expect(screen.queryByText('Sample data')).toBeNull();
});

it('creates a role, refusing a system role name first', async () => {
  const user = userEvent.setup();
  const { router } = start('/app/management/roles');
  await user.click(await screen.findByRole('button', { name: 'Create role' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a role' });
  const name = within(dialog).getByLabelText('Role name');
  await user.type(name, 'sysadmin');
  await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
  expect(name).toHaveAccessibleDescription(expect.stringContaining('This is a Snowflake system role'));
  await user.clear(name);
  await user.type(name, 'finance_reader');
  await user.type(within(dialog).getByLabelText('Comment'), 'Reads finance marts');
  await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/management/roles/FINANCE_READER'));
  expect(server.posted).toEqual([{ kind: 'createRole', roleName: 'finance_reader', comment: 'Reads finance marts' }]);
});

it("shows a role's privileges and holders, and grants it to another role", async () => {
  const user = userEvent.setup();
  start('/app/management/roles/ANALYST');
  const privileges = await screen.findByRole('table', { name: 'Privileges of ANALYST' });
  expect(within(privileges).getByRole('link', { name: 'REPORTING' })).toHaveAttribute('href', '/app/management/roles/REPORTING');
  const members = screen.getByRole('table', { name: 'Holders of ANALYST' });
  expect(within(members).getByRole('link', { name: 'JANE_DOE' })).toHaveAttribute('href', '/app/management/users/JANE_DOE');

  const form = screen.getByRole('form', { name: 'Grant to a role' });
  const select = within(form).getByLabelText('Grant ANALYST to the role');
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
  await user.selectOptions(select, 'REPORTING');
  await user.click(within(form).getByRole('button', { name: 'Grant' }));
  expect(await screen.findByText('ANALYST granted to REPORTING.')).toBeInTheDocument();
  expect(server.posted).toEqual([{ kind: 'grantRoleToRole', roleName: 'ANALYST', parentRoleName: 'REPORTING' }]);
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Holders of ANALYST' })).getAllByRole('rowheader')).toHaveLength(2));
});

it('offers a Client-Admin no grant to PUBLIC, which only an administrator may make', async () => {
  start('/app/management/roles/ANALYST');
  const form = await screen.findByRole('form', { name: 'Grant to a role' });
  const select = within(form).getByLabelText('Grant ANALYST to the role');
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
  expect(within(select).getByRole('option', { name: 'PUBLIC (protected: your portal roles may not grant it)' })).toBeDisabled();
});

it('asks an administrator before granting the role to PUBLIC, saying every user gets it', async () => {
  const user = userEvent.setup();
  start('/app/management/roles/ANALYST', ['user', 'admin']);
  const form = await screen.findByRole('form', { name: 'Grant to a role' });
  const select = within(form).getByLabelText('Grant ANALYST to the role');
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
  await user.selectOptions(select, 'PUBLIC');
  await user.click(within(form).getByRole('button', { name: 'Grant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Grant ANALYST to the role PUBLIC?' });
  expect(dialog).toHaveTextContent('every user gets ANALYST');
  expect(server.posted).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Grant ANALYST' }));
  expect(await screen.findByText('ANALYST granted to PUBLIC.')).toBeInTheDocument();
  expect(server.posted).toEqual([{ kind: 'grantRoleToRole', roleName: 'ANALYST', parentRoleName: 'PUBLIC' }]);
});

it('drops the role after naming what it takes away and typing its name', async () => {
  const user = userEvent.setup();
  const { router } = start('/app/management/roles/ANALYST');
  await user.click(await screen.findByRole('button', { name: 'Drop role…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Drop role ANALYST?' });
  expect(dialog).toHaveTextContent('1 user loses it: JANE_DOE.');
  expect(dialog).toHaveTextContent('It stops passing on REPORTING to its holders.');
  expect(dialog).toHaveTextContent('1 user starts their sessions with it and will need another default role: JANE_DOE.');
  const drop = within(dialog).getByRole('button', { name: 'Drop role' });
  expect(drop).toBeDisabled();
  await user.type(within(dialog).getByLabelText(/Type ANALYST to confirm/), 'ANALYST');
  await user.click(drop);
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/management/roles'));
  expect(server.posted).toEqual([{ kind: 'dropRole', roleName: 'ANALYST' }]);
});

it('revokes the role from a holder after asking', async () => {
  const user = userEvent.setup();
  start('/app/management/roles/ANALYST');
  const members = await screen.findByRole('table', { name: 'Holders of ANALYST' });
  await user.click(within(members).getByRole('button', { name: 'Revoke from JANE_DOE' }));
  const dialog = await screen.findByRole('dialog', { name: 'Revoke ANALYST from JANE_DOE?' });
  await user.click(within(dialog).getByRole('button', { name: 'Revoke role' }));
  expect(await screen.findByText('ANALYST revoked from JANE_DOE.')).toBeInTheDocument();
  expect(server.posted).toEqual([{ kind: 'revokeRoleFromUser', roleName: 'ANALYST', userName: 'JANE_DOE' }]);
});

it('says there is no such role for a name that cannot be one', async () => {
  start('/app/management/roles/1');
  expect(await screen.findByText('There is no role named 1')).toBeInTheDocument();
  expect(screen.queryByText(/must start with a letter/)).toBeNull();
});
