import { act, screen, waitFor, within } from '@testing-library/react';
import { apiClient } from '../../../src/api/client';
import HomePage from '../../../src/features/home/HomePage';
import { recordRecentPage } from '../../../src/layout/recentPages';
import { loadClientDashboards } from '../../helpers/clientDashboards';
import { demoRoles } from '../../auth/demoAccounts';
import { installFakeAuthClient } from '../../helpers/fakeAuthClient';
import { fakeBackend, json, type Handler } from '../../helpers/fakeBackend';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { installTestConfig } from '../../helpers/testConfig';
import { makeSignedInStore } from '../../helpers/testStore';

const dashboards = [
  { name: 'Sales', url: 'https://bi.example.com/sales', order: 0 },
  { name: 'Finance', url: 'https://bi.example.com/finance', order: 1 },
];

function renderHome(roles: readonly string[] = demoRoles.clientadmin, handler: Handler = () => json(200, { dashboards })) {
  apiClient.defaults.adapter = fakeBackend(handler).adapter;
  const store = makeSignedInStore(roles);
  renderWithRouter(store, [{ path: '/app/home', element: <HomePage /> }], '/app/home');
  return store;
}

const viewerCard = () => within(screen.getByRole('list', { name: 'Your areas' })).queryByRole('link', { name: /Viewer/ });

beforeEach(() => {
  localStorage.clear();
  installTestConfig();
  installFakeAuthClient();
});

it('greets the user by name and shows the areas they can open', () => {
  renderHome();
  expect(screen.getByRole('heading', { level: 1, name: 'Hello, Ada Admin' })).toBeInTheDocument();
  const areas = within(screen.getByRole('list', { name: 'Your areas' })).getAllByRole('link');
  expect(areas.map((area) => area.textContent)).toContain('Dashboard');
});

it('shows the number of dashboards on the Viewer card once known, nothing before', async () => {
  const store = renderHome();
  expect(screen.queryByText(/dashboards?$/)).toBeNull();
  await loadClientDashboards(store);
  // The card re-renders once the answer is in the store: wait for that settled state (under load it can come a tick later).
  await waitFor(() => expect(viewerCard()).toHaveTextContent('Viewer2 dashboards'));
});

it('shows no figure (not 0) but an error with Retry when the dashboards cannot be loaded', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const store = renderHome(demoRoles.clientadmin, () => json(503, { error: 'unavailable', message: 'Down for maintenance.' }));
  await loadClientDashboards(store);
  // The error renders once the page has taken the failed answer: wait for that settled state.
  const alert = await screen.findByRole('alert');
  expect(viewerCard()).toBeNull();
  expect(screen.queryByText(/0 dashboards/)).toBeNull();
  expect(alert).toHaveTextContent('Down for maintenance.');
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  jest.restoreAllMocks();
});

it('offers shortcuts to the pages last visited that the user may still open', () => {
  recordRecentPage('user-ada', { path: '/app/support', title: 'Support' });
  recordRecentPage('user-ada', { path: '/app/admin', title: 'Admin' });
  recordRecentPage('user-ada', { path: '/app/viewer/Sales?dashboard_url=https%3A%2F%2Fbi.example.com%2Fsales', title: 'Sales' });
  recordRecentPage('someone-else', { path: '/app/projects', title: 'Projects' });
  renderHome(demoRoles.clientadmin);

  const recent = within(screen.getByRole('region', { name: 'Recently visited' }));
  const links = recent.getAllByRole('link');
  // Admin needs admin or assured, which clientadmin does not hold.
  expect(links.map((link) => link.textContent)).toEqual(['Sales', 'Support']);
  expect(links[0]).toHaveAttribute('href', '/app/viewer/Sales?dashboard_url=https%3A%2F%2Fbi.example.com%2Fsales');
});

it('explains where shortcuts will come from before any visit', () => {
  renderHome();
  expect(screen.getByText('The pages you open will appear here.')).toBeInTheDocument();
});

describe('the Optimize card', () => {
  const monthToDate = {
    asOf: '2026-11-22',
    monthStart: '2026-11-01',
    monthToDateCost: 6927.4,
    lastMonthSameDaysCost: 6500,
    lastMonthTotalCost: 9550.93,
    forecastCost: 9706.42,
    changeShare: 0.066,
  };
  const info = { organisation: 'acme', engine: 'duckdb', sample: true, currency: 'USD', pricePerCredit: 3, storagePricePerTbMonth: 23 };
  const asked: string[] = [];
  const handler: Handler = (request) => {
    asked.push(request.url ?? '');
    if (request.url === 'api/warehouse/info') return json(200, { info, dataRange: { from: '2026-08-24', to: '2026-11-22' } });
    if (request.url === 'api/warehouse/month-to-date') return json(200, { monthToDate });
    return json(200, { dashboards });
  };
  const optimizeCard = () => within(screen.getByRole('list', { name: 'Your areas' })).queryByRole('link', { name: /Optimize/ });

  beforeEach(() => {
    asked.length = 0;
  });

  it("shows this month's spend so far, marked as sample data", async () => {
    renderHome(demoRoles.admin, handler);
    expect(await screen.findByText('$6,927.40 this month (sample data)')).toBeInTheDocument();
    expect(optimizeCard()).toHaveTextContent('Optimize$6,927.40 this month (sample data)');
  });

  it('does not ask for the spend of users who may not see Optimize', async () => {
    renderHome(demoRoles.lite, handler);
    await act(async () => undefined);
    expect(asked.filter((url) => url.startsWith('api/warehouse/'))).toEqual([]);
    expect(optimizeCard()).toBeNull();
  });
});

describe('what needs you', () => {
  const answers: Handler = (request) => {
    const url = request.url ?? '';
    if (url.startsWith('api/catalog/quality/tests'))
      return json(200, {
        tests: [{ uniqueId: 'test.shop.not_null_orders_id', name: 'not_null_orders_id', assetName: 'orders' }],
        total: 1,
      });
    if (url.startsWith('api/catalog/incidents'))
      return json(200, { incidents: [{ id: 'i-1', name: 'freshness of raw.orders' }], total: 1 });
    if (url.startsWith('api/integrations/connections')) return json(200, { connections: [{ id: 'c-1', name: 'Demo shop' }], counts: {} });
    if (url.startsWith('api/notifications'))
      return json(200, {
        notifications: [{ id: '7', title: 'New reply on ticket #3: Export fails', link: '/app/support/tickets/3', read: false }],
        total: 1,
        unread: 1,
      });
    if (url.startsWith('api/warehouse/budgets'))
      return json(200, {
        budgets: [
          { id: 'b-1', name: 'BI warehouse', status: 'exceeded' },
          { id: 'b-2', name: 'Everything', status: 'on_track' },
        ],
        mayManage: true,
      });
    return json(200, { dashboards });
  };

  it('lists failing tests on owned assets, incidents assigned, failing connections, ticket replies and budgets at risk, each linked', async () => {
    const requests: string[] = [];
    renderHome(demoRoles.admin, (request) => {
      requests.push(request.url ?? '');
      return answers(request);
    });
    const needs = await screen.findByRole('region', { name: 'Needs you' });
    await within(needs).findByRole('link', { name: /BI warehouse/ });
    expect(
      within(needs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [
        'Test not_null_orders_id is failing on orders',
        '/app/data-catalog/observability/data-quality?test=test.shop.not_null_orders_id#test-detail',
      ],
      [
        'Incident assigned to you: freshness of raw.orders',
        '/app/data-catalog/observability/incident-manager?incident=i-1#incident-detail',
      ],
      ['Connection Demo shop is failing', '/app/integrations/manage-connectors?connection=c-1&tab=timeline'],
      ['New reply on ticket #3: Export fails', '/app/support/tickets/3'],
      ['Budget BI warehouse is exceeded', '/app/snowflake/cost'],
    ]);
    // The tests asked for are the user's own assets' failing ones.
    expect(requests.find((url) => url.startsWith('api/catalog/quality/tests'))).toMatch(/status=fail&owner=ada%40acme\.test/);
  });

  it('asks only the areas the user may open, and says when nothing needs them', async () => {
    const requests: string[] = [];
    // A plain user: no catalog, integrations or Optimize pages.
    renderHome(['user'], (request) => {
      requests.push(request.url ?? '');
      return (request.url ?? '').startsWith('api/notifications') ? json(200, { notifications: [], total: 0, unread: 0 }) : answers(request);
    });
    const needs = await screen.findByRole('region', { name: 'Needs you' });
    expect(await within(needs).findByText('Nothing needs you right now.')).toBeInTheDocument();
    expect(requests.filter((url) => !url.startsWith('api/notifications') && !url.startsWith('api/dashboards'))).toEqual([]);
  });
});
