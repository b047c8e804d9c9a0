// The Viewer menu's dashboards (docs/shell-rules.md), read from the API cache that owns
// the list: loading, sorted entries with encoded links, failures logged and the Viewer hidden,
// no request for users who cannot open the Viewer, one request however many readers, and a
// refetch after any change to the dashboards.
import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { apiClient } from '../../src/api/client';
import { NO_DASHBOARDS_MESSAGE } from '../../src/api/clientDashboards';
import { dashboardsApi } from '../../src/api/dashboardsApi';
import type { AppStore } from '../../src/app/store';
import { filterMenu } from '../../src/menu/filterMenu';
import { withViewerItems } from '../../src/menu/menuDashboards';
import { navigationMenu, VIEWER_MENU_ID } from '../../src/menu/menuTree';
import { useMenuDashboards, type MenuDashboards } from '../../src/menu/useMenuDashboards';
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

function readMenu(store: AppStore) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <Provider store={store}>{children}</Provider>
    </StrictMode>
  );
  return renderHook(() => useMenuDashboards(), { wrapper });
}

function viewerOf(menu: MenuDashboards, roles: readonly string[] = demoRoles.admin) {
  return filterMenu(withViewerItems(navigationMenu, menu.dashboards), roles)?.children?.find((item) => item.id === VIEWER_MENU_ID);
}

beforeEach(() => {
  installTestConfig();
  installFakeAuthClient();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('is loading until the list arrives, then builds the Viewer sorted by order (missing = 0) with encoded links', async () => {
  let release!: () => void;
  answer(
    () =>
      new Promise((resolve) => {
        release = () =>
          resolve(
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
      }),
  );
  const { result } = readMenu(makeSignedInStore());
  expect(result.current.status).toBe('loading');
  await waitFor(() => expect(clientDashboardCalls()).toHaveLength(1));
  act(() => release());
  await waitFor(() => expect(result.current.status).toBe('loaded'));
  const viewer = viewerOf(result.current);
  expect(viewer?.children?.map((item) => item.title)).toEqual(['First', 'No order', 'Also zero', 'One', 'Zeta & Co / EU']);
  expect(viewer?.children?.[4]?.url).toBe(
    '/app/viewer/Zeta%20%26%20Co%20%2F%20EU?dashboard_url=https%3A%2F%2Fbi.example.com%2Fz%3Fa%3D1%26b%3D2%23top',
  );
  // StrictMode mounts twice: still one request.
  expect(clientDashboardCalls()).toHaveLength(1);
  expect(consoleError).not.toHaveBeenCalled();
});

it('on failure leaves the Viewer empty and hidden, says why, and logs the failure', async () => {
  answer(() => json(503, { error: 'unavailable', message: 'The store is down.' }));
  const { result } = readMenu(makeSignedInStore());
  await waitFor(() => expect(result.current.status).toBe('failed'));
  expect(result.current.dashboards).toEqual([]);
  expect(result.current.error).toBe('The store is down.');
  expect(viewerOf(result.current)).toBeUndefined();
  expect(consoleError).toHaveBeenCalledWith('Failed to load dashboards', {
    status: 503,
    data: { error: 'unavailable', message: 'The store is down.' },
  });
});

it('logs "No dashboards found in response" for an answer without a list and hides the Viewer', async () => {
  answer(() => json(200, { something: 'else' }));
  const { result } = readMenu(makeSignedInStore());
  await waitFor(() => expect(result.current.status).toBe('failed'));
  expect(NO_DASHBOARDS_MESSAGE).toBe('No dashboards found in response');
  expect(consoleError).toHaveBeenCalledWith(NO_DASHBOARDS_MESSAGE);
  expect(viewerOf(result.current)).toBeUndefined();
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
  const { result } = readMenu(makeSignedInStore());
  await waitFor(() => expect(result.current.status).toBe('loaded'));
  expect(result.current.dashboards.map((dashboard) => dashboard.name)).toEqual(['Good']);
  expect(consoleWarn).toHaveBeenCalledTimes(1);
});

it('hides the Viewer from an Integration_Engineer and does not even ask', async () => {
  answer(() => json(200, { dashboards: [{ name: 'Sales', url: 'https://bi.example.com/sales' }] }));
  const { result } = readMenu(makeSignedInStore(demoRoles.engineer));
  expect(result.current.status).toBe('loaded');
  // A request would have reached the fake backend within the same turn: let that turn end.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(clientDashboardCalls()).toHaveLength(0);
  expect(viewerOf(result.current, demoRoles.engineer)).toBeUndefined();
});

it('loads again after a change to the dashboards, and a retry after a failure shows loading again', async () => {
  let fail = true;
  let release: (() => void) | null = null;
  answer((request) => {
    if (request.url === 'api/dashboards')
      return json(201, { dashboard: { id: 'd1', name: 'Sales', url: 'https://bi.example.com/sales', order: 0, updatedAt: '' } });
    if (fail) return json(503, { error: 'unavailable', message: 'down' });
    const list = json(200, { dashboards: [{ name: 'Sales', url: 'https://bi.example.com/sales' }] });
    if (release !== null) return list;
    return new Promise((resolve) => (release = () => resolve(list)));
  });
  const store = makeSignedInStore();
  const { result } = readMenu(store);
  await waitFor(() => expect(result.current.status).toBe('failed'));

  fail = false;
  act(() => result.current.retry());
  await waitFor(() => expect(result.current.status).toBe('loading'));
  await waitFor(() => expect(release).not.toBeNull());
  act(() => release?.());
  await waitFor(() => expect(result.current.status).toBe('loaded'));
  const before = clientDashboardCalls().length;

  await act(async () => {
    await store.dispatch(dashboardsApi.endpoints.createDashboard.initiate({ name: 'Sales', url: 'https://bi.example.com/sales' }));
  });
  await waitFor(() => expect(clientDashboardCalls()).toHaveLength(before + 1));
  expect(result.current.status).toBe('loaded');
});
