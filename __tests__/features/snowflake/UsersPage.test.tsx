import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import UsersPage from '../../../src/features/snowflake/users/UsersPage';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { sampleInfo, userCost } from '../../helpers/warehouseFixtures';

jest.mock('../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../helpers/chartStub'));

setUpPageTests();

let server: FakeWarehouseServer;

const oldAdmin = userCost('OLD_ADMIN', {
  roles: ['ACCOUNTADMIN', 'ANALYST'],
  powerfulRoles: ['ACCOUNTADMIN'],
  dormant: true,
  daysSinceLogin: 200,
  lastSuccessLogin: '2026-05-05T10:00:00.000Z',
  hasMfa: false,
  queries: 0,
  credits: 0,
  cost: 0,
});
const overview = {
  range: { from: '2026-08-24', to: '2026-11-21' },
  asOf: '2026-11-21',
  dormantDays: 90,
  users: [
    userCost('JANE_DOE', { cost: 456.5, credits: 152.17 }),
    oldAdmin,
    userCost('NEVER_IN', { lastSuccessLogin: null, daysSinceLogin: null, hasMfa: false }),
  ],
  dormantPrivileged: [oldAdmin],
  withoutMfa: [oldAdmin, userCost('NEVER_IN', { lastSuccessLogin: null, daysSinceLogin: null, hasMfa: false })],
};

function start(path = '/app/snowflake/users', roles = ['user', 'admin']) {
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, sampleInfo),
    'GET api/warehouse/users-overview': json(200, overview),
  });
  connectFakeServer(server);
  return renderWithRouter(makeSignedInStore(roles), [{ path: '/app/snowflake/users', element: <UsersPage /> }], path);
}

it('shows cost per user, dormant users with powerful roles and people without MFA', async () => {
  start();
  const dormant = await screen.findByRole('table', { name: 'Dormant users holding powerful roles' });
  expect(within(dormant).getByRole('row', { name: /OLD_ADMIN/ })).toHaveTextContent('OLD_ADMIN–ACCOUNTADMIN2026-05-05 10:00 UTC200Enabled');
  const noMfa = screen.getByRole('table', { name: 'People without MFA' });
  expect(within(noMfa).getByRole('row', { name: /NEVER_IN/ })).toHaveTextContent('Never');
  const costs = screen.getByRole('table', { name: 'Cost per user' });
  expect(
    within(costs)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['JANE_DOE', 'NEVER_IN', 'OLD_ADMIN']);
  expect(screen.getByLabelText('User figures')).toHaveTextContent('Dormant with powerful roles1');
  // The chart is a lazy chunk: it may arrive after the tables.
  expect(await screen.findByRole('img', { name: 'Cost per user: the 3 most expensive' })).toBeInTheDocument();
  expect(server.requests).toContain('GET api/warehouse/users-overview?from=2026-11-01&to=2026-11-21&dormantDays=90');
});

it('asks again with another dormancy, kept in the address', async () => {
  const user = userEvent.setup();
  const { router } = start();
  const form = await screen.findByRole('form', { name: 'Date range and dormancy' });
  await screen.findByRole('table', { name: 'Cost per user' });
  const days = within(form).getByLabelText('Dormant after (days)');
  await user.type(days, '0');
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  expect(days).toHaveAccessibleDescription('Enter a whole number of days from 1 to 3650.');
  await user.clear(days);
  await user.type(days, '30');
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-21&dormant=30'));
  await waitFor(() => expect(server.requests).toContain('GET api/warehouse/users-overview?from=2026-11-01&to=2026-11-21&dormantDays=30'));
});

it('links each user to their page in User Management, where the fix is made, only for those who may open it', async () => {
  start();
  const dormant = await screen.findByRole('table', { name: 'Dormant users holding powerful roles' });
  expect(within(dormant).getByRole('link', { name: 'OLD_ADMIN' })).toHaveAttribute('href', '/app/management/users/OLD_ADMIN');
  const noMfa = screen.getByRole('table', { name: 'People without MFA' });
  expect(within(noMfa).getByRole('link', { name: 'NEVER_IN' })).toHaveAttribute('href', '/app/management/users/NEVER_IN');
});

it('shows the names without links to a user who may not open User Management', async () => {
  start('/app/snowflake/users', ['user', 'business']);
  const dormant = await screen.findByRole('table', { name: 'Dormant users holding powerful roles' });
  expect(within(dormant).getByRole('row', { name: /OLD_ADMIN/ })).toBeInTheDocument();
  expect(within(dormant).queryByRole('link')).toBeNull();
});
