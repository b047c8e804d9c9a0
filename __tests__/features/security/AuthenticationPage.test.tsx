// Authentication in jsdom: the sign-in policy form (checked here as the server checks it, then
// saved, the outcome said in the live region), the event log and the read-only platform settings.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AuthenticationPage from '../../../src/features/security/AuthenticationPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

let server: WorkspaceServer;
function start() {
  server = connectWorkspaceServer({
    'GET api/security/policy': json(200, { requireMfa: false, sessionIdleSeconds: 1800, sessionMaxSeconds: 36000 }),
    'PUT api/security/policy': (_request, body) => json(200, body),
    'GET api/security/sign-up': json(200, { domains: [], role: 'Client-dataworks-business-users' }),
    'PUT api/security/sign-up': (_request, body) =>
      (body as { domains: string[] }).domains.includes('gmail.com')
        ? json(400, {
            error: 'invalid_request',
            message: 'domains.0: is a public mail provider: anyone could join with an address there',
            field: 'domains.0',
          })
        : json(200, body),
    'GET api/security/events': json(200, {
      events: [
        {
          id: 'e1',
          time: '2026-11-24T08:00:00.000Z',
          type: 'LOCKOUT',
          memberId: 'm1',
          username: 'business',
          address: '10.0.0.9',
          client: 'dataworks-portal-frontend',
          error: 'too_many_failures',
        },
      ],
      hasMore: false,
    }),
    'GET api/security/platform-settings': json(200, {
      passwordPolicy: {
        minLength: 8,
        requireDigits: 0,
        requireUpperCase: 0,
        requireLowerCase: 0,
        requireSpecialChars: 0,
        notUsername: true,
        passwordHistory: 0,
        description: 'length(8)',
      },
      bruteForce: { enabled: true, failureFactor: 5, waitSeconds: 900, permanentLockout: false },
      provider: 'embedded',
    }),
  });
  return renderWithRouter(
    makeSignedInStore(['user', 'Client-Admin']),
    [{ path: '/app/security/authentication', element: <AuthenticationPage /> }],
    '/app/security/authentication',
  );
}

it('checks the lifetimes before saving, then saves the policy and says so', async () => {
  start();
  const idle = await screen.findByLabelText('Session idle time (minutes)', undefined, { timeout: 5000 });
  expect(idle).toHaveValue('30');
  await userEvent.clear(idle);
  await userEvent.type(idle, '2');
  await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
  expect(idle).toHaveAccessibleDescription(expect.stringContaining('Enter 5 to 43200 minutes.'));
  expect(server.bodies).toEqual([]);

  await userEvent.clear(idle);
  await userEvent.type(idle, '15');
  await userEvent.click(screen.getByRole('switch', { name: 'Require one-time codes at sign-in' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
  await waitFor(() =>
    expect(server.bodies).toEqual([
      { route: 'PUT api/security/policy', body: { requireMfa: true, sessionIdleSeconds: 900, sessionMaxSeconds: 36000 } },
    ]),
  );
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('one-time codes required, idle 15 min, at most 10 h'), {
    timeout: 5000,
  });
});

it('shows the sign-in events and the platform settings', async () => {
  start();
  const table = await screen.findByRole('table', { name: 'Sign-in events' }, { timeout: 5000 });
  expect(within(table).getByText('Locked out')).toBeInTheDocument();
  expect(within(table).getByText('10.0.0.9')).toBeInTheDocument();
  expect(await screen.findByText('5 failed sign-ins in a row lock the account for 15 min.')).toBeInTheDocument();
});

it('lets people with an address at the chosen domains join with an everyday role, and shows a refused domain at its field', async () => {
  start();
  const user = userEvent.setup();
  const domains = await screen.findByLabelText('E-mail domains that may join', undefined, { timeout: 5000 });
  const role = screen.getByLabelText('Role they get');
  // Only everyday roles are offered, in words with the identity service's name.
  expect(
    within(role)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual([
    'Integration engineer (Integration_Engineer)',
    'Documentation editor (Client-Dataworks-docs)',
    'Business user (Client-dataworks-business-users)',
    'Lite user (Client-Lite)',
  ]);
  await user.type(domains, 'gmail.com');
  await user.click(screen.getByRole('button', { name: 'Save self sign-up' }));
  expect(await screen.findByText(/is a public mail provider/)).toBeInTheDocument();
  expect(domains).toHaveAttribute('aria-invalid', 'true');

  await user.clear(domains);
  await user.type(domains, 'partners.acme.example{enter}acme.example');
  await user.selectOptions(role, 'Integration_Engineer');
  await user.click(screen.getByRole('button', { name: 'Save self sign-up' }));
  await waitFor(() =>
    expect(server.bodies).toContainEqual({
      route: 'PUT api/security/sign-up',
      body: { domains: ['partners.acme.example', 'acme.example'], role: 'Integration_Engineer' },
    }),
  );
  expect(
    await screen.findByText(
      'People with a verified address at partners.acme.example, acme.example may join, as Integration engineer (Integration_Engineer).',
    ),
  ).toBeInTheDocument();
});
