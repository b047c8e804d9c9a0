// The no-access page for a person who registered themselves (no organisation): verify the address,
// join the organisation their domain allows (a new token then names it), or ask an organisation
// for an invitation. A member without a role is told to ask their administrator.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import NoAccessPage from '../../../src/features/no-access/NoAccessPage';
import { installFakeAuthClient } from '../../helpers/fakeAuthClient';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

function start(claims: Record<string, unknown>) {
  const auth = installFakeAuthClient();
  renderWithRouter(
    makeSignedInStore(['user'], claims),
    [
      { path: '/app/no-access', element: <NoAccessPage /> },
      { path: '/app', element: <p>The start page</p> },
    ],
    '/app/no-access',
  );
  return auth;
}

const newcomer = { organization: undefined, email: 'pat@partners.acme.example' };

it('tells an unverified newcomer to verify first, and checks again with a new token', async () => {
  const server = connectWorkspaceServer({
    'GET api/me/join-options': json(200, { email: 'pat@partners.acme.example', emailVerified: false, organisation: null }),
  });
  const auth = start(newcomer);
  expect(await screen.findByRole('heading', { name: 'Verify your e-mail address' })).toBeInTheDocument();
  expect(screen.getByText(/does not belong to an organisation yet/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'I have verified it: check again' }));
  await waitFor(() => expect(auth.updateToken).toHaveBeenCalledWith(-1));
  await waitFor(() => expect(server.requests.filter((request) => request === 'GET api/me/join-options')).toHaveLength(2));
});

it('lets a verified newcomer join the organisation their domain allows, then goes to the start page', async () => {
  const server = connectWorkspaceServer({
    'GET api/me/join-options': json(200, { email: 'pat@partners.acme.example', emailVerified: true, organisation: 'acme' }),
    'POST api/me/join': json(200, { organisation: 'acme', role: 'Integration_Engineer' }),
  });
  const auth = start(newcomer);
  await userEvent.click(await screen.findByRole('button', { name: 'Join acme' }));
  expect(await screen.findByText('The start page')).toBeInTheDocument();
  expect(server.bodies.map((body) => body.route)).toEqual(['POST api/me/join']);
  expect(auth.updateToken).toHaveBeenCalledWith(-1);
  // No invitation form for someone who can join.
  expect(screen.queryByRole('button', { name: 'Send the request' })).toBeNull();
});

it('lets anyone else ask an organisation for an invitation, naming a wrong id at its field', async () => {
  const server = connectWorkspaceServer({
    'GET api/me/join-options': json(200, { email: 'sam@elsewhere.example', emailVerified: true, organisation: null }),
    'POST api/me/access-requests': (_request, body) =>
      (body as { organisation: string }).organisation.includes(' ')
        ? json(400, { error: 'invalid_request', message: 'organisation: must be the organisation’s id', field: 'organisation' })
        : json(202, { sent: true }),
  });
  start({ organization: undefined, email: 'sam@elsewhere.example' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Send the request' }));
  expect(screen.getByLabelText('Organisation id')).toHaveAccessibleDescription(/Enter the organisation’s id/);
  await user.type(screen.getByLabelText('Organisation id'), 'acme corp');
  await user.click(screen.getByRole('button', { name: 'Send the request' }));
  expect(await screen.findByText(/must be the organisation’s id/)).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Organisation id'));
  await user.type(screen.getByLabelText('Organisation id'), 'acme');
  await user.type(screen.getByLabelText('Message (optional)'), 'I run the finance dashboards.');
  await user.click(screen.getByRole('button', { name: 'Send the request' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Your request is sent. If acme uses Dataworks, its administrators are told');
  expect(server.bodies.at(-1)).toEqual({
    route: 'POST api/me/access-requests',
    body: { organisation: 'acme', message: 'I run the finance dashboards.' },
  });
});

it('tells a member without a role to ask their administrator, and asks the server nothing', () => {
  const server = connectWorkspaceServer({});
  start({ organization: ['acme'] });
  expect(screen.getByText(/a member of acme/)).toBeInTheDocument();
  expect(screen.getByText('Ask your organisation’s Dataworks administrator to grant you a role.')).toBeInTheDocument();
  expect(server.requests).toEqual([]);
});
