import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExposuresPage from '../../../src/features/consume/ExposuresPage';
import { exposure, withArtifacts, withoutArtifacts } from '../../helpers/dbtFixtures';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';

jest.mock('../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

let server: FakeWarehouseServer;

const exposures = [
  exposure('weekly_revenue', {
    label: 'Weekly revenue',
    url: 'http://localhost:3000/demo-dashboards/acme/revenue',
    dashboardName: 'Revenue',
    health: { status: 'Degraded', reasons: ['Test not_null_orders_customer_id failed (4 rows)'] },
  }),
  exposure('churn_notebook', {
    type: 'notebook',
    health: { status: 'Caution', reasons: ['Source shop.customers is 13 h old (warn after 12 h)'] },
    ownerName: 'Ana',
  }),
  exposure('ops_app', { type: 'application', url: 'https://ops.acme.example', health: { status: 'Healthy', reasons: [] } }),
];

function start(ingestions = withArtifacts, path = '/app/exposures') {
  server = fakeWarehouseServer({
    'GET api/dbt/ingestions': json(200, ingestions),
    'GET api/exposures': json(200, { exposures, asOf: '2026-11-23T06:00:00.000Z' }),
  });
  connectFakeServer(server);
  return renderWithRouter(makeSignedInStore(['user', 'admin']), [{ path: '/app/exposures', element: <ExposuresPage /> }], path);
}

it('lists the exposures worst health first, with the reasons in the badge and Open to the Viewer for a configured dashboard', async () => {
  start();
  const table = await screen.findByRole('table', { name: 'Exposures' });
  expect(
    within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Weekly revenue', 'churn_notebook', 'ops_app']);
  expect(
    within(table).getByRole('button', { name: 'Health Degraded: Test not_null_orders_customer_id failed (4 rows)' }),
  ).toBeInTheDocument();
  expect(within(table).getByRole('link', { name: 'Open Weekly revenue in the Viewer' })).toHaveAttribute(
    'href',
    '/app/viewer/Revenue?dashboard_url=http%3A%2F%2Flocalhost%3A3000%2Fdemo-dashboards%2Facme%2Frevenue',
  );
  expect(within(table).getByRole('link', { name: 'Open ops_app (new tab)' })).toHaveAttribute('href', 'https://ops.acme.example');
  expect(screen.getByLabelText('Exposure health')).toHaveTextContent('Degraded1');
});

it('shows the reasons as a tooltip on keyboard focus', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByRole('table', { name: 'Exposures' });
  const badge = within(screen.getByRole('table', { name: 'Exposures' })).getByRole('button', { name: /^Health Degraded/ });
  for (let step = 0; step < 40 && document.activeElement !== badge; step += 1) await user.tab();
  expect(badge).toHaveFocus();
  expect(await screen.findByRole('tooltip')).toHaveTextContent('Test not_null_orders_customer_id failed (4 rows)');
});

it('filters by health and search, kept in the address', async () => {
  const user = userEvent.setup();
  const { router } = start();
  await screen.findByRole('table', { name: 'Exposures' });
  await user.selectOptions(screen.getByLabelText('Health'), 'Caution');
  await waitFor(() => expect(router.state.location.search).toBe('?health=Caution'));
  expect(
    within(screen.getByRole('table', { name: 'Exposures' }))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['churn_notebook']);
  await user.selectOptions(screen.getByLabelText('Health'), '');
  await user.type(screen.getByLabelText('Search'), 'ana');
  expect(
    within(screen.getByRole('table', { name: 'Exposures' }))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['churn_notebook']);
  expect(screen.getByText('1 of 3 exposures')).toBeInTheDocument();
});

it('says how to upload artifacts when there are none', async () => {
  start(withoutArtifacts);
  expect(await screen.findByText('No dbt artifacts yet')).toBeInTheDocument();
  expect(screen.getByText(/api\/dbt\/artifacts/)).toBeInTheDocument();
  expect(server.requests).not.toContain('GET api/exposures');
});

it('says so when the exposures cannot be loaded, and retries', async () => {
  const user = userEvent.setup();
  start();
  server.failNext('GET api/exposures', json(500, { error: 'internal', message: 'The store is not answering.' }));
  expect(await screen.findByText('The store is not answering.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('table', { name: 'Exposures' })).toBeInTheDocument();
});

it('shows an exposure with nothing built or checked upstream as Unknown, with its reason', async () => {
  server = fakeWarehouseServer({
    'GET api/dbt/ingestions': json(200, withArtifacts),
    'GET api/exposures': json(200, {
      exposures: [
        exposure('retail_report', {
          health: { status: 'Unknown', reasons: ['No upstream model has a build result and no upstream source a freshness check yet'] },
        }),
      ],
      asOf: '2026-11-23T06:00:00.000Z',
    }),
  });
  connectFakeServer(server);
  renderWithRouter(makeSignedInStore(['user', 'admin']), [{ path: '/app/exposures', element: <ExposuresPage /> }], '/app/exposures');
  const table = await screen.findByRole('table', { name: 'Exposures' });
  expect(
    within(table).getByRole('button', {
      name: 'Health Unknown: No upstream model has a build result and no upstream source a freshness check yet',
    }),
  ).toBeInTheDocument();
});
