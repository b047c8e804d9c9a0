// A feature request's page in jsdom: votes as a toggle, the admin's status change with the
// server's refusal shown (naming the transition), a decline needing its reason first.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeatureDetail } from '../../../common/feature-requests/featureRequestsContract';
import FeaturePage from '../../../src/features/feature-requests/FeaturePage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

const FID = '55555555-5555-4555-8555-555555555555';
const feature = (overrides: Partial<FeatureDetail> = {}): FeatureDetail => ({
  id: FID,
  title: 'Connector for Salesforce',
  status: 'under_consideration',
  declineReason: null,
  authorUsername: 'clientadmin',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  votes: 1,
  myVote: false,
  comments: 0,
  description: 'Sync **accounts**.',
  subscribed: false,
  subscribers: 1,
  commentList: [],
  canChangeStatus: true,
  ...overrides,
});

let server: WorkspaceServer;
function start() {
  server = connectWorkspaceServer({
    [`GET api/features/${FID}`]: json(200, { feature: feature() }),
    [`PUT api/features/${FID}/vote`]: () => {
      const voted = { feature: feature({ votes: 2, myVote: true }) };
      server.set(`GET api/features/${FID}`, json(200, voted));
      return json(200, voted);
    },
    [`PATCH api/features/${FID}/status`]: (_request, body) =>
      (body as { status: string }).status === 'planned'
        ? json(200, { feature: feature({ status: 'planned' }) })
        : json(400, { error: 'invalid_request', message: 'Under consideration → Released is not allowed.', field: 'status' }),
  });
  return renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/features/feature/:id', element: <FeaturePage /> }],
    `/app/features/feature/${FID}`,
  );
}

it('shows the request, takes one vote and moves it on the roadmap', async () => {
  const user = userEvent.setup();
  start();
  expect(await screen.findByRole('heading', { level: 1, name: 'Connector for Salesforce' })).toBeInTheDocument();
  expect(screen.getByText('Under consideration')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Vote · 1 votes' }));
  expect(await screen.findByRole('button', { name: 'Voted · 2 votes' })).toHaveAttribute('aria-pressed', 'true');

  const roadmap = screen.getByRole('region', { name: 'Roadmap status' });
  const select = within(roadmap).getByLabelText('New status');
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Planned', 'Declined']);
  await user.selectOptions(select, 'declined');
  await user.click(within(roadmap).getByRole('button', { name: 'Change status' }));
  expect(within(roadmap).getByLabelText('Reason')).toHaveAccessibleDescription('Say why it is declined.');
  expect(server.bodies.filter((b) => b.route.startsWith('PATCH'))).toEqual([]);

  await user.selectOptions(within(roadmap).getByLabelText('New status'), 'planned');
  await user.click(within(roadmap).getByRole('button', { name: 'Change status' }));
  expect(await screen.findByText('The request is now planned; its subscribers are notified.')).toBeInTheDocument();
  expect(server.bodies).toContainEqual({ route: `PATCH api/features/${FID}/status`, body: { status: 'planned' } });
});
