// Layout settings over real HTTP: each user saves their own; support staff (assured, admin)
// look them up within their organisation only.
import { notJsonObjects } from './malformedBodies';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(120_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  portal = await startPortal();
  for (const username of ['admin', 'assured', 'business', 'lite', 'nobody']) tokens[username] = await portal.token(username);
});
afterAll(async () => {
  await portal?.stop();
});

const businessSettings = { layout: 'horizontal', rtlLayout: true, navBackColor: 'navbar-dark', headerBackColor: 'header-red' };

test('a user saves and reads back their settings; nothing saved is a 404', async () => {
  expect((await portal.api('GET', '/api/me/layout-settings', { token: tokens.business })).status).toBe(404);
  const saved = await portal.api('PUT', '/api/me/layout-settings', { token: tokens.business, body: { settings: businessSettings } });
  expect(saved).toMatchObject({ status: 200, body: { settings: businessSettings, updatedAt: expect.any(String) } });
  const read = await portal.api('GET', '/api/me/layout-settings', { token: tokens.business });
  expect(read.body).toMatchObject({ settings: businessSettings });
  // A second save replaces the first.
  await portal.api('PUT', '/api/me/layout-settings', {
    token: tokens.business,
    body: { settings: { ...businessSettings, rtlLayout: false } },
  });
  expect((await portal.api('GET', '/api/me/layout-settings', { token: tokens.business })).body).toMatchObject({
    settings: { rtlLayout: false },
  });
});

test('assured and admin look up a user of their organisation; others may not', async () => {
  await portal.api('PUT', '/api/me/layout-settings', { token: tokens.business, body: { settings: businessSettings } });
  for (const username of ['assured', 'admin']) {
    const answer = await portal.api('GET', '/api/admin/layout-settings/business', { token: tokens[username] });
    expect(answer).toMatchObject({ status: 200, body: { username: 'business', settings: businessSettings } });
  }
  expect((await portal.api('GET', '/api/admin/layout-settings/business', { token: tokens.business })).status).toBe(403);
  expect((await portal.api('GET', '/api/admin/layout-settings/business', { token: tokens.lite })).status).toBe(403);
});

test('a user of another organisation is not found', async () => {
  await portal.api('PUT', '/api/me/layout-settings', { token: tokens.lite, body: { settings: { layout: 'horizontal' } } });
  const answer = await portal.api('GET', '/api/admin/layout-settings/lite', { token: tokens.admin });
  expect(answer).toMatchObject({ status: 404, body: { error: 'not_found', message: 'No saved settings for lite.' } });
});

test('a username that is not one is a 400 naming the field', async () => {
  for (const username of ["x' OR '1'='1", 'a b', '%00', 'x'.repeat(256)]) {
    const answer = await portal.api('GET', `/api/admin/layout-settings/${encodeURIComponent(username)}`, { token: tokens.admin });
    expect(answer).toMatchObject({ status: 400, body: { field: 'username' } });
  }
});

test('malformed settings get 400 naming the field, never 500, and change nothing', async () => {
  await portal.api('PUT', '/api/me/layout-settings', { token: tokens.assured, body: { settings: { layout: 'vertical' } } });
  const before = (await portal.api('GET', '/api/me/layout-settings', { token: tokens.assured })).body;
  const bodies = [
    ...notJsonObjects,
    ...[
      {},
      { settings: null },
      { settings: [] },
      { settings: 'vertical' },
      { settings: {} },
      { settings: { layout: 'sideways' } },
      { settings: { layout: 1 } },
      { settings: { rtlLayout: 'yes' } },
      { settings: { rtlLayout: 1 } },
      { settings: { navBackImage: true } },
      { settings: { navBackImage: 'http://evil.example.com/x.png' } },
      { settings: { headerBackColor: 'header-green' } },
      { settings: { layout6Background: 'url(javascript:alert(1))' } },
      { settings: { isOpen: ['x'] } },
      { settings: { isTrigger: [] } },
      { settings: { configBlock: true } },
      { settings: { unknownSetting: true } },
      { settings: { subLayout: 'layout-9' } },
      { settings: { navListIcon: 'style99' } },
      { settings: { navDropdownIcon: null } },
      { settings: { collapseMenu: 'false' } },
      { settings: { boxLayout: [] } },
      { settings: { layoutType: 'menu-neon' } },
      { settings: { navBrandColor: 'brand-green' } },
      { settings: { navActiveListColor: 'active-green' } },
      { settings: { navListTitleColor: 'title-green' } },
      { settings: { navListTitleHide: 0 } },
      { settings: { navFixedLayout: {} } },
      { settings: { headerFixedLayout: null } },
      { settings: { layout6BackSize: 'contain' } },
      { settings: { navIconColor: 'true' } },
      { settings: { layout: 'vertical' }, username: 'business' },
      { settings: { layout: 'vertical' }, organisation: 'globex' },
      { layout: 'vertical' },
      { settings: { layout: 'VERTICAL' } },
      { settings: { layout: ' vertical' } },
      { settings: { settings: { layout: 'vertical' } } },
    ].map((body) => JSON.stringify(body)),
    // Written as text: in an object literal `__proto__` would set the prototype instead.
    '{"settings": {"layout": "vertical", "__proto__": {"polluted": true}}}',
  ];
  expect(bodies.length).toBeGreaterThanOrEqual(50);
  for (const rawBody of bodies) {
    const answer = await portal.api('PUT', '/api/me/layout-settings', { token: tokens.assured, rawBody });
    expect({ rawBody, status: answer.status }).toEqual({ rawBody, status: 400 });
  }
  expect((await portal.api('GET', '/api/me/layout-settings', { token: tokens.assured })).body).toEqual(before);
  const named = await portal.api('PUT', '/api/me/layout-settings', { token: tokens.assured, body: { settings: { layout: 'sideways' } } });
  expect(named.body).toMatchObject({ field: 'settings.layout' });
});

test('an account without an organisation cannot save settings', async () => {
  const token = await portal.forgeToken({ preferred_username: 'drifter', realm_access: { roles: ['user'] } });
  expect((await portal.api('PUT', '/api/me/layout-settings', { token, body: { settings: { layout: 'vertical' } } })).status).toBe(403);
});
