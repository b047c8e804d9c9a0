import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../../src/api/client';
import AdminPage from '../../../src/features/admin/AdminPage';
import { appearanceOf, defaultLayoutSettings } from '@common/layout/layoutSettings';
import { installFakeAuthClient } from '../../helpers/fakeAuthClient';
import { fakeBackend, json, type FakeBackend, type Handler } from '../../helpers/fakeBackend';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { installTestConfig } from '../../helpers/testConfig';
import { makeSignedInStore } from '../../helpers/testStore';

const saved = { ...appearanceOf(defaultLayoutSettings), rtlLayout: true, layout: 'horizontal' as const, navListIcon: 'style4' as const };
let backend: FakeBackend;

function start(handler: Handler) {
  backend = fakeBackend(handler);
  apiClient.defaults.adapter = backend.adapter;
  const store = makeSignedInStore(['user', 'assured']);
  renderWithRouter(store, [{ path: '/app/admin', element: <AdminPage /> }], '/app/admin');
  return store;
}

const lookUps = () => backend.calls.filter((call) => call.url?.startsWith('api/admin/layout-settings/'));

async function lookUp(username: string) {
  const field = screen.getByLabelText('Username');
  await userEvent.clear(field);
  await userEvent.type(field, username);
  await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
}

beforeEach(() => {
  installTestConfig();
  installFakeAuthClient();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it("says a user's saved settings in words and previews them in this tab, with the way back", async () => {
  const store = start((request) =>
    request.url === 'api/admin/layout-settings/clientadmin'
      ? json(200, { username: 'clientadmin', settings: saved, updatedAt: '2026-03-01T10:00:00Z' })
      : json(200, {}),
  );
  await lookUp('clientadmin');

  const differences = await screen.findByLabelText('Layout of clientadmin, as it differs from the defaults');
  expect(
    within(differences)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
  ).toEqual([
    'Layout: Menu across the top (default: Menu at the side)',
    'Right-to-left: on (default: off)',
    'List icon: Bullet (default: No marker)',
  ]);
  expect(store.getState().layout.rtlLayout).toBe(false);

  await userEvent.click(screen.getByRole('button', { name: 'Preview in this tab' }));
  expect(store.getState().layout).toMatchObject({ rtlLayout: true, layout: 'horizontal', navListIcon: 'style4' });
  expect(store.getState().layoutPreview).toMatchObject({ owner: 'clientadmin', own: { rtlLayout: false, layout: 'vertical' } });
  expect(screen.getByRole('status')).toHaveTextContent('You now see the layout of clientadmin in this tab.');
});

it('says when a user has no saved settings (404)', async () => {
  start(() => json(404, { error: 'not_found', message: 'No layout settings saved.' }));
  await lookUp('lite');
  expect(await screen.findByText('No saved settings for lite')).toBeInTheDocument();
  expect(lookUps().map((call) => call.url)).toEqual(['api/admin/layout-settings/lite']);
});

it('encodes the username in the request', async () => {
  start(() => json(404, { error: 'not_found', message: 'none' }));
  await lookUp('a/b?c');
  await screen.findByText('No saved settings for a/b?c');
  expect(lookUps()[0]?.url).toBe('api/admin/layout-settings/a%2Fb%3Fc');
});

it('refuses to apply settings that are not valid, and changes nothing', async () => {
  const store = start(() =>
    json(200, { username: 'docs', settings: { layout: 'diagonal', rtlLayout: true }, updatedAt: '2026-03-01T10:00:00Z' }),
  );
  await lookUp('docs');
  expect(await screen.findByText(/^These settings cannot be read: layout/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Preview in this tab' }));
  expect(screen.getByRole('alert')).toHaveTextContent('These settings cannot be applied: layout');
  expect(store.getState().layout.rtlLayout).toBe(false);
});

it('asks for a username before looking anything up', async () => {
  start(() => json(200, {}));
  await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
  expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Enter a username.');
  expect(lookUps()).toHaveLength(0);
});

it('shows an error with a Retry when the look-up fails', async () => {
  let failing = true;
  start(() =>
    failing
      ? json(500, { error: 'internal', message: 'Something broke.' })
      : json(200, { username: 'docs', settings: saved, updatedAt: '2026-03-01T10:00:00Z' }),
  );
  await lookUp('docs');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Something broke.');
  failing = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByLabelText('Layout of docs, as it differs from the defaults')).toBeInTheDocument();
});
