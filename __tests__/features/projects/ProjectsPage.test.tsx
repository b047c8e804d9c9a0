// Projects in jsdom: the list with health, and a project's page with its resources, each with
// its health and why, a link to it, and adding one of the organisation's resources.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectDetail } from '../../../common/projects/projectsContract';
import ProjectsPage from '../../../src/features/projects/ProjectsPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

const PID = '66666666-6666-4666-8666-666666666666';
const project: ProjectDetail = {
  id: PID,
  name: 'Revenue reporting',
  description: 'Monthly **revenue**.',
  owner: 'clientadmin',
  members: ['admin'],
  status: 'active',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  resourceCount: 2,
  health: 'failing',
  healthCounts: { healthy: 1, failing: 1 },
  resources: [
    {
      kind: 'dashboard',
      ref: 'd1',
      name: 'Revenue',
      link: '/app/viewer/Revenue?dashboard_url=x',
      health: 'healthy',
      detail: 'In the Viewer',
    },
    {
      kind: 'exposure',
      ref: 'exposure.shop.weekly_revenue',
      name: 'weekly_revenue',
      link: '/app/exposures/exposure.shop.weekly_revenue',
      health: 'failing',
      detail: '1 test failing',
    },
  ],
};

let server: WorkspaceServer;
function start(path = '/app/projects') {
  server = connectWorkspaceServer({
    'GET api/projects': json(200, { projects: [{ ...project }] }),
    [`GET api/projects/${PID}`]: json(200, { project }),
    'GET api/projects/resource-options': json(200, {
      options: [
        { kind: 'catalog_asset', ref: 'model.shop.orders', name: 'orders (model)' },
        { kind: 'dashboard', ref: 'd1', name: 'Revenue' },
      ],
    }),
    [`POST api/projects/${PID}/resources`]: json(201, { project }),
  });
  return renderWithRouter(makeSignedInStore(['user', 'Client-Admin']), [{ path: '/app/projects', element: <ProjectsPage /> }], path);
}

it('lists projects with their health', async () => {
  start();
  const row = (await screen.findByRole('link', { name: 'Revenue reporting' })).closest('tr') as HTMLElement;
  expect(within(row).getByText('Failing')).toBeInTheDocument();
  expect(within(row).getByText('Active')).toBeInTheDocument();
});

it("a project's page shows each resource's health and why, and adds a resource", async () => {
  const user = userEvent.setup();
  start(`/app/projects?project=${PID}`);
  const table = await screen.findByRole('table', { name: 'Resources of Revenue reporting and their health' });
  const exposureRow = within(table).getByRole('link', { name: 'weekly_revenue' }).closest('tr') as HTMLElement;
  expect(exposureRow).toHaveTextContent('Failing');
  expect(exposureRow).toHaveTextContent('1 test failing');
  expect(within(table).getByRole('link', { name: 'Revenue' })).toHaveAttribute('href', '/app/viewer/Revenue?dashboard_url=x');
  expect(screen.getByLabelText('Resources by health')).toHaveTextContent('Healthy1');
  const select = await screen.findByLabelText('Add a resource');
  // Resources already in the project are not offered again.
  await waitFor(() =>
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a dashboard, asset or exposure', 'orders (model)']),
  );
  await user.selectOptions(select, 'catalog_asset:model.shop.orders');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() =>
    expect(server.bodies).toContainEqual({
      route: `POST api/projects/${PID}/resources`,
      body: { kind: 'catalog_asset', ref: 'model.shop.orders' },
    }),
  );
});
