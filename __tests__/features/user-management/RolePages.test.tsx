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

function start(path: string) {
  holders = [{ grantedTo: 'USER', granteeName: 'JANE_DOE', grantedBy: 'SECURITYADMIN', createdOn: '2026-02-01T00:00:00.000Z' }];
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, { ...sampleInfo, info: { ...sampleInfo.info, sample: false, engine: 'snowflake' } }),
    'GET api/management/roles': json(200, { roles: [roleView('ANALYST', { comment: 'Reads marts' }), roleView('REPORTING'), roleView('SYSADMIN')] }),
    'GET api/management/roles/ANALYST': () =>
      json(200, {
        role: roleView('ANALYST', { comment: 'Reads marts' }),
        privileges: [
          { privilege: 'USAGE', grantedOn: 'WAREHOUSE', name: 'ANALYTICS_WH', grantOption: false, grantedBy: 'SYSADMIN', createdOn: null },
          { privilege: 'USAGE', grantedOn: 'ROLE', name: 'REPORTING', grantOption: false, grantedBy: 'SECURITYADMIN', createdOn: null },
        ],
        members: holders,
      }),
    'POST api/management/changes': (request) => {
      const change = JSON.parse(String(request.data));
      if (change.kind === 'grantRoleToRole') holders = [...holders, { grantedTo: 'ROLE', granteeName: change.parentRoleName, grantedBy: 'SECURITYADMIN', createdOn: appliedAt }];
      return json(200, { applied: { change: { ...change, roleName: String(change.roleName).toUpperCase() }, engine: 'snowflake', statements: [], noop: false, before: null, appliedAt } });
    },
  });
  connectFakeServer(server);
  return renderWithRouter(
    makeSignedInStore(['user', 'Client-Admin']),
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
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
  await user.selectOptions(select, 'REPORTING');
  await user.click(within(form).getByRole('button', { name: 'Grant' }));
  expect(await screen.findByText('ANALYST granted to REPORTING.')).toBeInTheDocument();
  expect(server.posted).toEqual([{ kind: 'grantRoleToRole', roleName: 'ANALYST', parentRoleName: 'REPORTING' }]);
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Holders of ANALYST' })).getAllByRole('rowheader')).toHaveLength(2));
});
