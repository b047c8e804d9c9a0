import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import UsersPage from '../../../src/features/user-management/users/UsersPage';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { appliedAt, roleView, userView } from '../../helpers/managementFixtures';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { sampleInfo } from '../../helpers/warehouseFixtures';

setUpPageTests();

let server: FakeWarehouseServer;

function start(path = '/app/management/users') {
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, sampleInfo),
    'GET api/management/users': (request) =>
      json(200, {
        users: [
          userView('JANE_DOE', { displayName: 'Jane Doe' }),
          userView('OLD_ADMIN', { disabled: true, lastSuccessLogin: null }),
        ].filter((user) => !request.params?.search || user.name.includes(String(request.params.search).toUpperCase())),
      }),
    'GET api/management/roles': json(200, { roles: [roleView('ANALYST')] }),
    'POST api/management/changes': (request) =>
      json(200, {
        applied: {
          change: { ...JSON.parse(String(request.data)), userName: 'NEW_PERSON' },
          engine: 'duckdb',
          statements: [],
          noop: false,
          before: null,
          appliedAt,
        },
      }),
  });
  connectFakeServer(server);
  return renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [
      { path: '/app/management/users', element: <UsersPage /> },
      { path: '/app/management/users/:username', element: <p>A user page</p> },
    ],
    path,
  );
}

it('lists the users with their status and links to each', async () => {
  start();
  const table = await screen.findByRole('table', { name: 'Warehouse users' });
  expect(within(table).getByRole('link', { name: 'JANE_DOE' })).toHaveAttribute('href', '/app/management/users/JANE_DOE');
  expect(within(table).getByRole('row', { name: /OLD_ADMIN/ })).toHaveTextContent('Disabled');
  expect(within(table).getByRole('row', { name: /OLD_ADMIN/ })).toHaveTextContent('Never');
});

it('searches through the address and refuses characters the server would', async () => {
  const user = userEvent.setup();
  const { router } = start();
  const search = await screen.findByRole('searchbox', { name: 'Search users' });
  await user.type(search, "jane'--");
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(search).toHaveAccessibleDescription('Use only letters, digits, spaces and _ $ @ . -');
  expect(router.state.location.search).toBe('');

  await user.clear(search);
  await user.type(search, 'jane');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(router.state.location.search).toBe('?search=jane'));
  const table = await screen.findByRole('table', { name: 'Warehouse users matching "jane"' });
  expect(
    within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['JANE_DOE']);
  expect(server.requests).toContain('GET api/management/users?search=jane');
});

it('creates a user after checking the name, and opens their page', async () => {
  const user = userEvent.setup();
  const { router } = start();
  await user.click(await screen.findByRole('button', { name: 'Create user' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a warehouse user' });
  const name = within(dialog).getByLabelText('User name');
  await user.type(name, 'new person');
  await user.type(within(dialog).getByLabelText('E-mail'), 'new@example.com');
  await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
  expect(name).toHaveAccessibleDescription(expect.stringContaining('Start with a letter or underscore'));
  expect(server.posted).toEqual([]);

  await user.clear(name);
  await user.type(name, 'new_person');
  server.failNext('POST api/management/changes', {
    status: 409,
    data: { error: 'already_exists', message: 'User NEW_PERSON already exists.' },
  });
  await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
  await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('User NEW_PERSON already exists.')));

  await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/management/users/NEW_PERSON'));
  expect(server.posted.at(-1)).toEqual({ kind: 'createUser', userName: 'new_person', email: 'new@example.com' });
});
