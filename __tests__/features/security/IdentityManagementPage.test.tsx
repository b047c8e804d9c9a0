// Identity management in jsdom: the members table, opening a member (focus moves to their
// details), revoking a session after confirming (the outcome said in the live region), and a
// refusal from the server shown in the dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member, Session } from '../../../common/security/securityContract';
import IdentityManagementPage from '../../../src/features/security/IdentityManagementPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

const engineer: Member = {
  id: 'm-eng',
  username: 'engineer',
  email: 'engineer@acme.example',
  firstName: 'Ethan',
  lastName: 'Engineer',
  enabled: true,
  emailVerified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  requiredActions: [],
  mfaConfigured: false,
  groups: ['Analytics'],
  roles: ['user', 'Integration_Engineer'],
};
const admin: Member = {
  ...engineer,
  id: 'm-adm',
  username: 'admin',
  email: 'admin@acme.example',
  firstName: 'Ada',
  lastName: 'Admin',
  groups: [],
  roles: ['user', 'admin'],
};
const session: Session = {
  id: 'sid-1',
  memberId: 'm-eng',
  username: 'engineer',
  device: 'Mozilla/5.0 Firefox',
  address: '10.1.2.3',
  startedAt: '2026-11-24T08:00:00.000Z',
  lastAccessAt: '2026-11-24T08:30:00.000Z',
  clients: ['dataworks-portal-frontend'],
};

let server: WorkspaceServer;
function start(path = '/app/security/identity-management') {
  let sessions = [session];
  server = connectWorkspaceServer({
    'GET api/security/members': json(200, { members: [engineer, admin], total: 2 }),
    'GET api/security/groups': json(200, {
      groups: [
        { id: 'g1', name: 'Analytics' },
        { id: 'g2', name: 'Finance' },
      ],
    }),
    'GET api/security/sessions': () => json(200, { sessions }),
    'DELETE api/security/sessions/sid-1': () => {
      sessions = [];
      return json(200, { sessionId: 'sid-1', memberId: 'm-eng' });
    },
    'POST api/security/members/m-adm/disable': json(409, {
      error: 'conflict',
      message: 'admin is the last administrator of the organisation; make someone else an administrator first.',
    }),
  });
  return renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/security/identity-management', element: <IdentityManagementPage /> }],
    path,
  );
}

it('lists the members and opens one, moving the focus to their details', async () => {
  start();
  const table = await screen.findByRole('table', { name: 'Members' });
  expect(within(table).getByRole('rowheader', { name: 'engineer' })).toBeInTheDocument();
  await userEvent.click(within(table).getByRole('button', { name: 'Manage engineer' }));
  const heading = await screen.findByRole('heading', { name: 'engineer (Ethan Engineer)' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Finance' })).not.toBeChecked();
});

it('revokes a session after confirming and says so', async () => {
  start('/app/security/identity-management?member=m-eng');
  const revoke = await screen.findByRole('button', { name: /^Revoke the session started .* from 10\.1\.2\.3$/ }, { timeout: 5000 });
  await userEvent.click(revoke);
  const dialog = await screen.findByRole('dialog', { name: 'Revoke this session?' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke session' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The session of engineer from 10.1.2.3 was revoked.'), {
    timeout: 5000,
  });
  expect(await screen.findByText('No active sessions.', undefined, { timeout: 5000 })).toBeInTheDocument();
  expect(server.requests).toContain('DELETE api/security/sessions/sid-1');
});

it('shows the server refusal in the dialog (the last administrator)', async () => {
  start('/app/security/identity-management?member=m-adm');
  await userEvent.click(await screen.findByRole('button', { name: 'Disable' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Disable this member?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
  expect(await within(dialog).findByText(/last administrator/, undefined, { timeout: 5000 })).toBeInTheDocument();
});
