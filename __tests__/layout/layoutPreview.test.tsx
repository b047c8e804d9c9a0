// Previewing someone else's layout lasts for the tab: it is never saved as the user's own, the
// banner on every page offers the way back, and "Return to my layout" puts back what they had.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { LayoutPreviewBanner } from '../../src/layout/preview/LayoutPreviewBanner';
import { endLayoutPreview, previewLayout } from '../../src/layout/preview/layoutPreviewSlice';
import { differencesFromDefaults } from '../../src/layout/preview/settingDescriptions';
import { LAYOUT_SAVE_DELAY_MS } from '../../src/layout/layoutSaveListener';
import { layoutActions } from '../../src/layout/layoutSlice';
import { makeSignedInStore } from '../helpers/testStore';
import { apiClient } from '../../src/api/client';
import { bodyOf, fakeBackend, json } from '../helpers/fakeBackend';
import { installFakeAuthClient } from '../helpers/fakeAuthClient';
import { installTestConfig } from '../helpers/testConfig';

beforeEach(() => {
  window.sessionStorage.clear();
  installTestConfig();
  installFakeAuthClient();
});

it('shows the owner, keeps the way back in the tab, and returns to the own layout', async () => {
  const store = makeSignedInStore(['user', 'assured']);
  store.dispatch(layoutActions.toggleBoxLayout());
  render(
    <Provider store={store}>
      <LayoutPreviewBanner />
    </Provider>,
  );
  expect(screen.queryByRole('region', { name: 'Layout preview' })).toBeNull();

  act(() => store.dispatch(previewLayout('engineer', { rtlLayout: true, boxLayout: false })));
  expect(store.getState().layout).toMatchObject({ rtlLayout: true, boxLayout: false });
  expect(screen.getByRole('region', { name: 'Layout preview' })).toHaveTextContent('You are seeing the layout of engineer.');
  expect(JSON.parse(window.sessionStorage.getItem('dataworks-layout-preview') ?? 'null')).toMatchObject({
    owner: 'engineer',
    own: { boxLayout: true, rtlLayout: false },
  });

  // A second preview keeps the first one's way back.
  act(() => store.dispatch(previewLayout('docs', { layout: 'horizontal' })));
  expect(store.getState().layoutPreview?.own).toMatchObject({ boxLayout: true, rtlLayout: false, layout: 'vertical' });

  await userEvent.click(screen.getByRole('button', { name: 'Return to my layout' }));
  expect(store.getState().layout).toMatchObject({ boxLayout: true, rtlLayout: false, layout: 'vertical' });
  expect(store.getState().layoutPreview).toBeNull();
  expect(window.sessionStorage.getItem('dataworks-layout-preview')).toBeNull();
  expect(screen.queryByRole('region', { name: 'Layout preview' })).toBeNull();
});

it('never saves a previewed layout as the user’s own', async () => {
  jest.useFakeTimers();
  try {
    const backend = fakeBackend((request) => json(200, { settings: bodyOf(request), updatedAt: '2026-01-01T00:00:00Z' }));
    apiClient.defaults.adapter = backend.adapter;
    const saves = () => backend.calls.filter((call) => call.url === 'api/me/layout-settings' && call.method === 'put');
    const store = makeSignedInStore(['user', 'assured']);

    store.dispatch(previewLayout('engineer', { rtlLayout: true }));
    store.dispatch(layoutActions.toggleBoxLayout());
    store.dispatch(endLayoutPreview());
    await jest.advanceTimersByTimeAsync(LAYOUT_SAVE_DELAY_MS * 2);
    expect(saves()).toHaveLength(0);

    // Once the preview has ended, the user's own changes are saved again.
    store.dispatch(layoutActions.toggleBoxLayout());
    await jest.advanceTimersByTimeAsync(LAYOUT_SAVE_DELAY_MS * 2);
    expect(saves()).toHaveLength(1);
  } finally {
    jest.useRealTimers();
  }
});

it('says only what differs from the defaults, in the panel’s words', () => {
  expect(
    differencesFromDefaults({ rtlLayout: true, layout: 'vertical', navBackImage: 'navbar-image-2', headerBackColor: 'header-red' }),
  ).toEqual([
    { key: 'rtlLayout', name: 'Right-to-left', value: 'on', defaultValue: 'off' },
    { key: 'headerBackColor', name: 'Header colour', value: expect.any(String), defaultValue: expect.any(String) },
    { key: 'navBackImage', name: 'Menu background image', value: expect.any(String), defaultValue: expect.any(String) },
  ]);
  const [, header, image] = differencesFromDefaults({ rtlLayout: true, navBackImage: 'navbar-image-2', headerBackColor: 'header-red' });
  expect(header?.value).not.toBe('header-red');
  expect(image?.defaultValue).not.toBe('false');
});
