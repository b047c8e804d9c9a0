import { apiClient } from '../../src/api/client';
import { authActions } from '../../src/auth/authSlice';
import { LAYOUT_SAVE_DELAY_MS } from '../../src/layout/layoutSaveListener';
import { appearanceOf } from '@common/layout/layoutSettings';
import { layoutActions } from '../../src/layout/layoutSlice';
import { installFakeAuthClient } from '../helpers/fakeAuthClient';
import { bodyOf, fakeBackend, json, type FakeBackend, type Handler } from '../helpers/fakeBackend';
import { installTestConfig } from '../helpers/testConfig';
import { makeSignedInStore } from '../helpers/testStore';

let backend: FakeBackend;
let consoleError: jest.SpyInstance;

function answer(handler: Handler) {
  backend = fakeBackend(handler);
  apiClient.defaults.adapter = backend.adapter;
}

const saves = () => backend.calls.filter((call) => call.url === 'api/me/layout-settings' && call.method === 'put');

beforeEach(() => {
  jest.useFakeTimers();
  installTestConfig();
  installFakeAuthClient();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  answer((request) => json(200, { settings: bodyOf(request), updatedAt: '2026-01-01T00:00:00Z' }));
});

afterEach(() => {
  consoleError.mockRestore();
  jest.useRealTimers();
});

it('saves the appearance once, about a second after the last of a burst of changes', async () => {
  const store = makeSignedInStore();
  store.dispatch(layoutActions.toggleRtlLayout());
  await jest.advanceTimersByTimeAsync(500);
  store.dispatch(layoutActions.changeLayout('horizontal'));
  store.dispatch(layoutActions.setNavListIcon('style3'));
  await jest.advanceTimersByTimeAsync(LAYOUT_SAVE_DELAY_MS - 1);
  expect(saves()).toHaveLength(0);

  await jest.advanceTimersByTimeAsync(1);
  expect(saves()).toHaveLength(1);
  const sent = bodyOf(saves()[0]) as { settings: Record<string, unknown> };
  expect(sent).toEqual({ settings: appearanceOf(store.getState().layout) });
  expect(sent.settings).toMatchObject({ rtlLayout: true, layout: 'horizontal', navListIcon: 'style3' });
  // Only appearance: no open menus, no panel state, nothing of redux-persist.
  expect(sent.settings).not.toHaveProperty('isOpen');
  expect(sent.settings).not.toHaveProperty('isTrigger');
  expect(sent.settings).not.toHaveProperty('configBlock');
  expect(sent.settings).not.toHaveProperty('_persist');
});

it('does not save for menu toggles or the settings panel opening, which are not appearance', async () => {
  const store = makeSignedInStore();
  store.dispatch(layoutActions.toggleMenuItem({ id: 'consume', type: 'collapse' }));
  store.dispatch(layoutActions.toggleConfigBlock());
  await jest.advanceTimersByTimeAsync(LAYOUT_SAVE_DELAY_MS * 2);
  expect(saves()).toHaveLength(0);
});

it('does not save while signed out', async () => {
  const store = makeSignedInStore();
  store.dispatch(authActions.signedOut());
  store.dispatch(layoutActions.toggleRtlLayout());
  await jest.advanceTimersByTimeAsync(LAYOUT_SAVE_DELAY_MS * 2);
  expect(saves()).toHaveLength(0);
});

it('logs a failed save and carries on', async () => {
  answer(() => json(500, { error: 'internal', message: 'The store is down.' }));
  const store = makeSignedInStore();
  store.dispatch(layoutActions.toggleNavIconColor());
  await jest.advanceTimersByTimeAsync(LAYOUT_SAVE_DELAY_MS);
  expect(saves()).toHaveLength(1);
  expect(consoleError).toHaveBeenCalledWith('[layout] settings could not be saved', {
    status: 500,
    data: { error: 'internal', message: 'The store is down.' },
  });
  expect(store.getState().layout.navIconColor).toBe(true);
});
