import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import mixpanel from 'mixpanel-browser/dist/mixpanel-core.cjs.js';
import { Outlet, useLocation } from 'react-router-dom';
import { initAnalytics } from '../../src/analytics/analytics';
import { apiClient } from '../../src/api/client';
import { RootLayout } from '../../src/app/RootLayout';
import SignedInShell from '../../src/app/SignedInShell';
import { LAYOUT_SAVE_DELAY_MS } from '../../src/layout/layoutSaveListener';
import { previewLayout } from '../../src/layout/preview/layoutPreviewSlice';
import { readRecentPages } from '../../src/layout/recentPages';
import { installFakeAuthClient } from '../helpers/fakeAuthClient';
import { fakeBackend, json, type Handler } from '../helpers/fakeBackend';
import { renderWithRouter } from '../helpers/renderWithRouter';
import { installTestConfig } from '../helpers/testConfig';
import { makeSignedInStore } from '../helpers/testStore';

jest.mock('mixpanel-browser/dist/mixpanel-core.cjs.js', () => ({
  __esModule: true,
  default: { init: jest.fn(), track: jest.fn(), identify: jest.fn(), alias: jest.fn(), people: { set: jest.fn() } },
}));

const library = jest.mocked(mixpanel);
const dashboards = [
  { name: 'Sales', url: 'https://bi.example.com/sales', order: 2 },
  { name: 'Finance', url: 'https://bi.example.com/finance', order: 1 },
];

function Page({ title }: { title: string }) {
  const location = useLocation();
  return (
    <p>
      {title} at {location.pathname}
    </p>
  );
}

const routes = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/app',
        element: <SignedInShell />,
        children: [
          { path: 'home', element: <Page title="Home" />, handle: { title: 'Home' } },
          { path: 'viewer/:dashboardName', element: <Page title="Viewer" />, handle: { title: 'Viewer' } },
          { path: 'support', element: <Page title="Support" />, handle: { title: 'Support' } },
        ],
      },
    ],
  },
  { path: '*', element: <Outlet /> },
];

function answer(handler: Handler) {
  apiClient.defaults.adapter = fakeBackend(handler).adapter;
}

beforeEach(async () => {
  jest.clearAllMocks();
  localStorage.clear();
  installTestConfig();
  installFakeAuthClient();
  await initAnalytics({ token: 'project-token', apiHost: '', webAnalyticsUrl: '', debug: false, sessionReplayPercent: 0 });
});

it('shows a spinner in the navigation until the dashboards load, then the Viewer with one entry per dashboard', async () => {
  let release!: () => void;
  answer((request) =>
    request.url === 'api/config/client-dashboards'
      ? new Promise((resolve) => (release = () => resolve(json(200, { dashboards }))))
      : json(404, { error: 'not_found', message: 'No saved settings.' }),
  );
  renderWithRouter(makeSignedInStore(), routes, '/app/home');

  const nav = await screen.findByRole('navigation', { name: 'Main' });
  expect(within(nav).getByRole('status', { name: 'Loading menu' })).toBeInTheDocument();
  release();

  const viewer = await within(nav).findByRole('button', { name: 'Viewer' });
  await userEvent.click(viewer);
  const entries = within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/app/viewer/'));
  expect(entries.map((link) => link.textContent)).toEqual(['Finance', 'Sales']);
  expect(entries[1]).toHaveAttribute('href', '/app/viewer/Sales?dashboard_url=https%3A%2F%2Fbi.example.com%2Fsales');
});

it('hides the Viewer when the dashboards fail to load, and still shows the rest of the menu', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  answer(() => json(503, { error: 'unavailable', message: 'down' }));
  renderWithRouter(makeSignedInStore(), routes, '/app/home');
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await within(nav).findByRole('link', { name: 'Home' });
  expect(within(nav).queryByRole('button', { name: 'Viewer' })).toBeNull();
  expect(within(nav).queryByRole('status', { name: 'Loading menu' })).toBeNull();
});

it('sends Page View on every route change, Menu Item Clicked and Navigation Bar Opened', async () => {
  answer(() => json(200, { dashboards }));
  renderWithRouter(makeSignedInStore(), routes, '/app/home');
  const nav = await screen.findByRole('navigation', { name: 'Main' });

  await userEvent.click(await within(nav).findByRole('button', { name: 'Viewer' }));
  await userEvent.click(within(nav).getByRole('link', { name: 'Finance' }));
  await screen.findByText('Viewer at /app/viewer/Finance');

  // The header's menu button: collapse first (the menu starts open on a wide screen), then open.
  await userEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
  await userEvent.click(screen.getByRole('button', { name: 'Expand menu' }));

  await waitFor(() => expect(library.track).toHaveBeenCalledTimes(4));
  const roles = ['user', 'admin'];
  expect(library.track.mock.calls).toEqual([
    ['Page View', { path: '/app/home', search: '', hash: '', userId: 'user-ada', roles }],
    ['Menu Item Clicked', { title: 'Finance', url: '/app/viewer/Finance?dashboard_url=https%3A%2F%2Fbi.example.com%2Ffinance' }],
    [
      'Page View',
      { path: '/app/viewer/Finance', search: '?dashboard_url=https%3A%2F%2Fbi.example.com%2Ffinance', hash: '', userId: 'user-ada', roles },
    ],
    ['Navigation Bar Opened', { path: '/app/viewer/Finance' }],
  ]);
  expect(library.identify).toHaveBeenCalledWith('user-ada');
});

it('remembers the pages visited for the home shortcuts, per user, without credential-like parameters', async () => {
  answer(() => json(200, { dashboards }));
  const { router } = renderWithRouter(makeSignedInStore(), routes, '/app/home');
  await screen.findByText('Home at /app/home');
  await router.navigate('/app/support?code=abc&tab=2#access_token=x');
  await screen.findByText('Support at /app/support');
  await router.navigate('/app/viewer/Sales?dashboard_url=https%3A%2F%2Fbi.example.com%2Fsales');
  await screen.findByText('Viewer at /app/viewer/Sales');

  await waitFor(() =>
    expect(readRecentPages('user-ada')).toEqual([
      { path: '/app/viewer/Sales?dashboard_url=https%3A%2F%2Fbi.example.com%2Fsales', title: 'Sales' },
      { path: '/app/support?tab=2', title: 'Support' },
    ]),
  );
  expect(readRecentPages('someone-else')).toEqual([]);
});

it('restores the layout the user saved (from another browser) at sign-in, without saving it back', async () => {
  const saves: unknown[] = [];
  answer((request) => {
    if (request.url === 'api/me/layout-settings' && request.method === 'get') {
      return json(200, { settings: { navBackColor: 'navbar-purple', rtlLayout: true }, updatedAt: '2026-11-01T10:00:00.000Z' });
    }
    if (request.url === 'api/me/layout-settings') saves.push(request.data);
    return json(200, { dashboards });
  });
  // The save listener waits LAYOUT_SAVE_DELAY_MS before saving: the clock is stepped past it.
  jest.useFakeTimers({ advanceTimers: true });
  const store = makeSignedInStore();
  expect(store.getState().layout.navBackColor).toBe('navbar-dark');
  renderWithRouter(store, routes, '/app/home');
  await waitFor(() => expect(store.getState().layout.navBackColor).toBe('navbar-purple'));
  expect(store.getState().layout.rtlLayout).toBe(true);
  // The restored settings must not be sent back (a save still pending from an earlier test may
  // arrive, with other settings).
  await act(() => jest.advanceTimersByTimeAsync(LAYOUT_SAVE_DELAY_MS + 200));
  jest.useRealTimers();
  expect(saves.filter((body) => String(body).includes('navbar-purple'))).toEqual([]);
});

it('while the tab previews someone else’s layout, a reload neither restores nor sends the layout', async () => {
  const calls: string[] = [];
  answer((request) => {
    if (request.url === 'api/me/layout-settings') {
      calls.push(request.method ?? '');
      return json(200, { settings: { navBackColor: 'navbar-purple' }, updatedAt: '2026-11-01T10:00:00.000Z' });
    }
    return json(200, { dashboards });
  });
  jest.useFakeTimers({ advanceTimers: true });
  const store = makeSignedInStore();
  store.dispatch(previewLayout('engineer', { rtlLayout: true }));
  renderWithRouter(store, routes, '/app/home');
  await screen.findByRole('region', { name: 'Layout preview' });
  // Past the save listener's delay, with every request the shell made answered meanwhile.
  await act(() => jest.advanceTimersByTimeAsync(LAYOUT_SAVE_DELAY_MS + 200));
  jest.useRealTimers();
  expect(calls).toEqual([]);
  expect(store.getState().layout).toMatchObject({ rtlLayout: true, navBackColor: 'navbar-dark' });
  window.sessionStorage.clear();
});

it('keeps the local layout when nothing was saved or the saved copy is not valid any more', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  answer((request) =>
    request.url === 'api/me/layout-settings'
      ? json(200, { settings: { navBackColor: 'navbar-neon' }, updatedAt: '2026-11-01T10:00:00.000Z' })
      : json(200, { dashboards }),
  );
  const store = makeSignedInStore();
  renderWithRouter(store, routes, '/app/home');
  await waitFor(() =>
    expect(console.warn).toHaveBeenCalledWith('[layout] the saved settings are not valid any more; keeping the local ones'),
  );
  expect(store.getState().layout.navBackColor).toBe('navbar-dark');
  jest.restoreAllMocks();
});

it('sends this browser’s layout instead when it changed after the server’s copy (a reload before the save)', async () => {
  const saves: unknown[] = [];
  localStorage.setItem('dataworks-layout-changed', JSON.stringify({ subject: 'user-ada', at: Date.parse('2026-11-02T10:00:00.000Z') }));
  answer((request) => {
    if (request.url === 'api/me/layout-settings' && request.method === 'get') {
      return json(200, { settings: { navBackColor: 'navbar-purple' }, updatedAt: '2026-11-01T10:00:00.000Z' });
    }
    if (request.url === 'api/me/layout-settings') {
      saves.push(JSON.parse(String(request.data)));
      return json(200, { settings: {}, updatedAt: '2026-11-23T10:00:00.000Z' });
    }
    return json(200, { dashboards });
  });
  const store = makeSignedInStore();
  renderWithRouter(store, routes, '/app/home');
  await waitFor(() => expect(saves).toHaveLength(1));
  expect(saves[0]).toMatchObject({ settings: { navBackColor: 'navbar-dark' } });
  expect(store.getState().layout.navBackColor).toBe('navbar-dark');
});
