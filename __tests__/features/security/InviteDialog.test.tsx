// Inviting a member: roles in words, the everyday business role ticked to start with (so the new
// member does not land on "no access yet"), and what is ticked is what is sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InviteDialog } from '../../../src/features/security/InviteDialog';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

it('starts with the business role ticked, names roles in words, and sends what is ticked', async () => {
  const server = connectWorkspaceServer({
    'POST api/security/members': json(201, { member: { id: 'm9' }, actionLink: 'http://identity.test/link', emailSent: false }),
  });
  const invited = jest.fn();
  renderWithRouter(
    makeSignedInStore(['user', 'Client-Admin']),
    [
      {
        path: '*',
        element: (
          <InviteDialog
            grantable={['user', 'Client-Admin', 'Integration_Engineer', 'Client-dataworks-business-users']}
            onClose={() => undefined}
            onInvited={invited}
          />
        ),
      },
    ],
    '/app/security/identity-management',
  );
  const user = userEvent.setup();
  expect(screen.getByRole('checkbox', { name: 'Business user (Client-dataworks-business-users)' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Organisation administrator (Client-Admin)' })).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Integration engineer (Integration_Engineer)' }));
  await user.type(screen.getByLabelText('Username'), 'mona');
  await user.type(screen.getByLabelText('E-mail'), 'mona@acme.example');
  await user.type(screen.getByLabelText('First name'), 'Mona');
  await user.type(screen.getByLabelText('Last name'), 'Factor');
  await user.click(screen.getByRole('button', { name: 'Invite' }));
  await waitFor(() => expect(invited).toHaveBeenCalled());
  expect(server.bodies[0]?.body).toMatchObject({ username: 'mona', roles: ['Client-dataworks-business-users', 'Integration_Engineer'] });
});
