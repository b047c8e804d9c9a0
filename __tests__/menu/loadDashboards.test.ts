import { apiClient } from '../../src/api/client';
import { dashboardsApi } from '../../src/api/dashboardsApi';
import { filterMenu } from '../../src/menu/filterMenu';
import { loadDashboards, NO_DASHBOARDS_MESSAGE } from '../../src/menu/loadDashboards';
import { withViewerItems } from '../../src/menu/menuDashboards';
import { selectMenuDashboards, selectMenuError, selectMenuStatus } from '../../src/menu/menuSlice';
import { navigationMenu, VIEWER_MENU_ID } from '../../src/menu/menuTree';
import type { AppStore } from '../../src/app/store';
import { demoRoles } from '../auth/demoAccounts';
import { installFakeAuthClient } from '../helpers/fakeAuthClient';
import { fakeBackend, json, type FakeBackend, type Handler } from '../helpers/fakeBackend';
import { installTestConfig } from '../helpers/testConfig';
import { makeSignedInStore } from '../helpers/testStore';

let consoleError: jest.SpyInstance;
let backend: FakeBackend;

function answer(handler: Handler) {
  backend = fakeBackend(handler);
  apiClient.defaults.adapter = backend.adapter;
}

const clientDashboardCalls = () => backend.calls.filter((call) => call.url === 'api/config/client-dashboards');

function viewerOf(store: AppStore, roles: readonly string[] = demoRoles.admin) {
  const menu = filterMenu(withViewerItems(navigationMenu, selectMenuDashboards(store.getState())), roles);
  return menu?.children?.find((item) => item.id === VIEWER_MENU_ID);
}

beforeEach(() => {
  installTestConfig();
  installFakeAuthClient();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

it('starts loading: the navigation shows a spinner until the list arrives', () => {
  const store = makeSignedInStore();
  expect(selectMenuStatus(store.getState())).toBe('loading');
});

it('builds the Viewer from the list sorted by order, a missing order counting as 0, with encoded links', async () => {
  answer(() =>
    json(200, {
      dashboards: [
        { name: 'Zeta & Co / EU', url: 'https://bi.example.com/z?a=1&b=2#top', order: 2 },
        { name: 'No order', url: 'https://bi.example.com/none' },
        { name: 'First', url: 'https://bi.example.com/first', order: -1 },
        { name: 'Also zero', url: 'https://bi.example.com/zero', order: 0 },
        { name: 'One', url: 'https://bi.example.com/one', order: 1 },
      ],
    }),
  );
  const store = makeSignedInStore();
  await store.dispatch(loadDashboards());

  expect(selectMenuStatus(store.getState())).toBe('loaded');
  const viewer = viewerOf(store);
  expect(viewer?.children?.map((item) => item.title)).toEqual(['First', 'No order', 'Also zero', 'One', 'Zeta & Co / EU']);
  expect(viewer?.children?.[4]?.url).toBe(
    '/app/viewer/Zeta%20%26%20Co%20%2F%20EU?dashboard_url=https%3A%2F%2Fbi.example.com%2Fz%3Fa%3D1%26b%3D2%23top',
  );
  expect(clientDashboardCalls()).toHaveLength(1);
  expect(consoleError).not.toHaveBeenCalled();
});

it('on failure leaves the Viewer empty and hidden, and logs the failure', async () => {
  answer(() => json(503, { error: 'unavailable', message: 'The store is down.' }));
  const store = makeSignedInStore();
  await store.dispatch(loadDashboards());

  expect(selectMenuStatus(store.getState())).toBe('failed');
  expect(selectMenuDashboards(store.getState())).toEqual([]);
  expect(selectMenuError(store.getState())).toBe('The store is down.');
  expect(viewerOf(store)).toBeUndefined();
  expect(consoleError).toHaveBeenCalledWith('Failed to load dashboards', { status: 503, data: { error: 'unavailable', message: 'The store is down.' } });
});

it('logs "No dashboards found in response" for an answer without a list and hides the Viewer', async () => {
  answer(() => json(200, { something: 'else' }));
  const store = makeSignedInStore();
  await store.dispatch(loadDashboards());

  expect(consoleError).toHaveBeenCalledWith(NO_DASHBOARDS_MESSAGE);
  expect(NO_DASHBOARDS_MESSAGE).toBe('No dashboards found in response');
  expect(selectMenuStatus(store.getState())).toBe('failed');
  expect(viewerOf(store)).toBeUndefined();
});

it('leaves out entries without a name or an http(s) url', async () => {
  const consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  answer(() =>
    json(200, {
      dashboards: [
        { name: 'Good', url: 'https://bi.example.com/good' },
        { name: 'Script', url: 'javascript:alert(1)' },
        { url: 'https://bi.example.com/nameless' },
        { name: 'Broken', url: 'not a url' },
      ],
    }),
  );
  const store = makeSignedInStore();
  await store.dispatch(loadDashboards());
  expect(selectMenuDashboards(store.getState()).map((dashboard) => dashboard.name)).toEqual(['Good']);
  expect(consoleWarn).toHaveBeenCalledTimes(1);
  consoleWarn.mockRestore();
});

it('hides the Viewer from an Integration_Engineer and does not even ask', async () => {
  answer(() => json(200, { dashboards: [{ name: 'Sales', url: 'https://bi.example.com/sales' }] }));
  const store = makeSignedInStore(demoRoles.engineer);
  await store.dispatch(loadDashboards());
  expect(selectMenuStatus(store.getState())).toBe('loaded');
  expect(clientDashboardCalls()).toHaveLength(0);
  expect(viewerOf(store, demoRoles.engineer)).toBeUndefined();
});

it('loads once when the shell mounts twice (StrictMode), and again after a change to the dashboards', async () => {
  answer((request) =>
    request.url === 'api/dashboards'
      ? json(201, { dashboard: { id: 'd1', name: 'Sales', url: 'https://bi.example.com/sales', order: 0, updatedAt: '' } })
      : json(200, { dashboards: [{ name: 'Sales', url: 'https://bi.example.com/sales' }] }),
  );
  const store = makeSignedInStore();
  await Promise.all([store.dispatch(loadDashboards()), store.dispatch(loadDashboards())]);
  expect(clientDashboardCalls()).toHaveLength(1);

  await store.dispatch(dashboardsApi.endpoints.createDashboard.initiate({ name: 'Sales', url: 'https://bi.example.com/sales' }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(clientDashboardCalls()).toHaveLength(2);
  expect(selectMenuStatus(store.getState())).toBe('loaded');
});
