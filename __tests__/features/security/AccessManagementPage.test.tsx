// Access management in jsdom: each member's portal roles, granting only roles the admin may
// grant, revoking after confirming, the access review with dormant accounts, and the audit trail.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member } from '../../../common/security/securityContract';
import AccessManagementPage from '../../../src/features/security/AccessManagementPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

const member = (id: string, username: string, roles: string[]): Member => ({
  id,
  username,
  email: `${username}@acme.example`,
  firstName: username,
  lastName: '',
  enabled: true,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  requiredActions: [],
  mfaConfigured: false,
  groups: [],
  roles,
});

let server: WorkspaceServer;
function start() {
  server = connectWorkspaceServer({
    'GET api/security/members': json(200, {
      members: [member('m1', 'engineer', ['user', 'Integration_Engineer']), member('m2', 'admin', ['user', 'admin'])],
      total: 2,
    }),
    'GET api/security/roles': json(200, {
      holders: [
        { memberId: 'm1', username: 'engineer', role: 'user' },
        { memberId: 'm1', username: 'engineer', role: 'Integration_Engineer' },
        { memberId: 'm2', username: 'admin', role: 'user' },
        { memberId: 'm2', username: 'admin', role: 'admin' },
      ],
      grantable: ['Client-Admin', 'Integration_Engineer', 'Client-Dataworks-docs', 'user'],
      roles: ['admin', 'Client-Admin', 'Integration_Engineer', 'Client-Dataworks-docs', 'user'],
    }),
    'PUT api/security/members/m1/roles/Client-Dataworks-docs': json(
      200,
      member('m1', 'engineer', ['user', 'Integration_Engineer', 'Client-Dataworks-docs']),
    ),
    'DELETE api/security/members/m1/roles/Integration_Engineer': json(200, member('m1', 'engineer', ['user'])),
    'GET api/security/access-review': json(200, {
      dormantDays: 90,
      generatedAt: '2026-11-24T00:00:00.000Z',
      rows: [
        {
          memberId: 'm1',
          username: 'engineer',
          name: 'engineer',
          enabled: true,
          roles: ['user'],
          powerfulRoles: [],
          mfaConfigured: false,
          lastSignInAt: null,
          dormant: true,
        },
        {
          memberId: 'm2',
          username: 'admin',
          name: 'admin',
          enabled: true,
          roles: ['user', 'admin'],
          powerfulRoles: ['admin'],
          mfaConfigured: true,
          lastSignInAt: '2026-11-23T10:00:00.000Z',
          dormant: false,
        },
      ],
    }),
    'GET api/security/audit': json(200, {
      entries: [
        {
          id: '1',
          at: '2026-11-24T08:00:00.000Z',
          actor: 'clientadmin',
          action: 'role.grant',
          target: 'engineer',
          details: { role: 'Client-Dataworks-docs' },
          outcome: 'applied',
        },
      ],
    }),
  });
  return renderWithRouter(
    makeSignedInStore(['user', 'Client-Admin']),
    [{ path: '/app/security/access-management', element: <AccessManagementPage /> }],
    '/app/security/access-management',
  );
}

it('grants a role the admin may grant and revokes one after confirming', async () => {
  start();
  const roles = await screen.findByRole('table', { name: 'Portal roles of each member' }, { timeout: 5000 });
  const adminRow = within(roles).getByRole('rowheader', { name: 'admin' }).closest('tr') as HTMLElement;
  // admin is above a Client-Admin: nothing to revoke there.
  expect(within(adminRow).queryByRole('button', { name: /^Revoke admin/ })).not.toBeInTheDocument();

  await userEvent.selectOptions(within(roles).getByLabelText('Role to grant to engineer'), 'Client-Dataworks-docs');
  await userEvent.click(within(roles).getByRole('button', { name: 'Grant the chosen role to engineer' }));
  await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent('engineer now holds Client-Dataworks-docs.'), {
    timeout: 5000,
  });

  await userEvent.click(within(roles).getByRole('button', { name: 'Revoke Integration_Engineer from engineer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Revoke Integration_Engineer?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke role' }));
  await waitFor(() => expect(server.requests).toContain('DELETE api/security/members/m1/roles/Integration_Engineer'));
});

it('shows the access review and the audit trail', async () => {
  start();
  const review = await screen.findByRole('table', { name: 'Access review (dormant after 90 days)' }, { timeout: 5000 });
  const engineer = within(review).getByRole('rowheader', { name: 'engineer' }).closest('tr') as HTMLElement;
  expect(within(engineer).getByText('Never')).toBeInTheDocument();
  expect(within(engineer).getByText('Yes')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV: Access review (dormant after 90 days)' })).toBeInTheDocument();
  const audit = await screen.findByRole('table', { name: 'Audit trail' });
  expect(within(audit).getByText('role.grant')).toBeInTheDocument();
});
