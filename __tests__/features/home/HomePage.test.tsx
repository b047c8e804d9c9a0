import { act, screen, within } from '@testing-library/react';
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
  expect(viewerCard()).toHaveTextContent('Viewer2 dashboards');
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
