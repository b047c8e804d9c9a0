// Dashboards over real HTTP: the Viewer list per organisation, management by Admin and
// Client-Admin, organisation scoping, and malformed bodies that never write anything.
import { badNames, badOrders, badUrls, notJsonObjects } from './malformedBodies';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(180_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  portal = await startPortal();
  for (const username of ['admin', 'clientadmin', 'lite', 'liteadmin', 'business']) tokens[username] = await portal.token(username);
});
afterAll(async () => {
  await portal?.stop();
});

interface Dashboard {
  id: string;
  name: string;
  url: string;
  order: number;
  updatedAt: string;
}

const list = async (username = 'admin') =>
  ((await portal.api('GET', '/api/dashboards', { token: tokens[username] })).body as { dashboards: Dashboard[] }).dashboards;

test('each organisation sees its own demo dashboards, in order', async () => {
  const acme = await portal.api('GET', '/api/config/client-dashboards', { token: tokens.admin });
  const globex = await portal.api('GET', '/api/config/client-dashboards', { token: tokens.lite });
  expect(acme.status).toBe(200);
  const acmeList = (acme.body as { dashboards: { name: string; url: string; order: number }[] }).dashboards;
  const globexList = (globex.body as { dashboards: { name: string; url: string; order: number }[] }).dashboards;
  expect(acmeList.map((d) => d.name)).toEqual(['Warehouse credits', 'Query activity', 'Storage']);
  expect(globexList.map((d) => d.name)).toEqual(['Query activity', 'Credits by warehouse']);
  for (const dashboard of acmeList) {
    expect(Object.keys(dashboard).sort()).toEqual(['name', 'order', 'url']);
    expect(dashboard.url).toMatch(/^http:\/\/localhost:\d+\/demo-dashboards\/acme\//);
  }
  expect(globexList.every((d) => d.url.includes('/demo-dashboards/globex/'))).toBe(true);
});

test('create, edit, reorder and delete, each visible in the Viewer list', async () => {
  const created = await portal.api('POST', '/api/dashboards', {
    token: tokens.clientadmin,
    body: { name: '  Sales  ', url: 'https://bi.example.com/d/sales' },
  });
  expect(created.status).toBe(201);
  const sales = (created.body as { dashboard: Dashboard }).dashboard;
  expect(sales).toMatchObject({ name: 'Sales', url: 'https://bi.example.com/d/sales', order: 4 });

  const edited = await portal.api('PATCH', `/api/dashboards/${sales.id}`, {
    token: tokens.admin,
    body: { name: 'Sales overview', order: 0 },
  });
  expect(edited.status).toBe(200);
  expect((edited.body as { dashboard: Dashboard }).dashboard).toMatchObject({ name: 'Sales overview', order: 0 });
  let viewer = (await portal.api('GET', '/api/config/client-dashboards', { token: tokens.business })).body as {
    dashboards: { name: string }[];
  };
  expect(viewer.dashboards[0]?.name).toBe('Sales overview');

  const ids = (await list()).map((d) => d.id).reverse();
  const reordered = await portal.api('PUT', '/api/dashboards/order', { token: tokens.admin, body: { ids } });
  expect(reordered.status).toBe(200);
  expect((reordered.body as { dashboards: Dashboard[] }).dashboards.map((d) => [d.id, d.order])).toEqual(
    ids.map((id, index) => [id, index + 1]),
  );

  expect((await portal.api('DELETE', `/api/dashboards/${sales.id}`, { token: tokens.admin })).status).toBe(204);
  viewer = (await portal.api('GET', '/api/config/client-dashboards', { token: tokens.business })).body as {
    dashboards: { name: string }[];
  };
  expect(viewer.dashboards.map((d) => d.name)).toEqual(['Storage', 'Query activity', 'Warehouse credits']);
  expect((await portal.api('DELETE', `/api/dashboards/${sales.id}`, { token: tokens.admin })).status).toBe(404);
});

test('a duplicate name (any case) is a 409 naming the field', async () => {
  const answer = await portal.api('POST', '/api/dashboards', {
    token: tokens.admin,
    body: { name: 'STORAGE', url: 'https://x.example.com' },
  });
  expect(answer).toMatchObject({ status: 409, body: { error: 'conflict', field: 'name' } });
});

describe("another organisation's dashboard answers 404 and is left alone", () => {
  let globexId: string;
  beforeAll(async () => {
    // No Globex demo account may manage dashboards (Lite edition), so a Globex admin token
    // signed with the realm's key creates the record.
    const created = await portal.api('POST', '/api/dashboards', {
      token: await portal.forgeToken({
        preferred_username: 'globex-admin',
        realm_access: { roles: ['user', 'admin'] },
        organization: ['globex'],
      }),
      body: { name: 'Globex only', url: 'https://globex.example.com/d' },
    });
    expect(created.status).toBe(201);
    globexId = (created.body as { dashboard: Dashboard }).dashboard.id;
  });

  test.each([
    ['PATCH', { name: 'taken over' }],
    ['DELETE', undefined],
  ])('%s from acme', async (method, body) => {
    const answer = await portal.api(method, `/api/dashboards/${globexId}`, { token: tokens.admin, body });
    expect(answer).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const globex = (await portal.api('GET', '/api/config/client-dashboards', { token: tokens.lite })).body as {
      dashboards: { name: string }[];
    };
    expect(globex.dashboards.map((d) => d.name)).toContain('Globex only');
  });

  test('a reorder naming it is refused', async () => {
    const ids = [...(await list()).map((d) => d.id), globexId];
    expect((await portal.api('PUT', '/api/dashboards/order', { token: tokens.admin, body: { ids } })).status).toBe(400);
  });
});

describe('malformed bodies get 400, never 500, and write nothing', () => {
  let before: Dashboard[];
  let someId: string;
  beforeAll(async () => {
    before = await list();
    someId = before[0]!.id;
  });
  afterEach(async () => {
    expect(await list()).toEqual(before);
  });

  const createBodies: unknown[] = [
    {},
    { name: 'x' },
    { url: 'https://x.example.com' },
    ...badNames.map((name) => ({ name, url: 'https://x.example.com' })),
    ...badUrls.map((url) => ({ name: 'Valid', url })),
    ...badOrders.map((order) => ({ name: 'Valid', url: 'https://x.example.com', order })),
    { name: 'Valid', url: 'https://x.example.com', id: '00000000-0000-4000-8000-000000000000' },
    { name: 'Valid', url: 'https://x.example.com', organisation_id: 'globex' },
    { name: 'Valid', url: 'https://x.example.com', extra: 1 },
  ];

  test('POST /api/dashboards', async () => {
    const raw = notJsonObjects.map((text) => ({ rawBody: text }));
    const json = createBodies.map((body) => ({ rawBody: JSON.stringify(body) }));
    expect(raw.length + json.length).toBeGreaterThanOrEqual(50);
    for (const request of [...raw, ...json]) {
      const answer = await portal.api('POST', '/api/dashboards', { token: tokens.admin, ...request });
      expect({ request: request.rawBody, status: answer.status }).toEqual({ request: request.rawBody, status: 400 });
      expect(answer.body).toMatchObject({ error: 'invalid_request', message: expect.any(String) });
    }
  });

  test('POST names the offending field', async () => {
    const answer = await portal.api('POST', '/api/dashboards', {
      token: tokens.admin,
      body: { name: 'Valid', url: 'javascript:alert(1)' },
    });
    expect(answer.body).toEqual({
      error: 'invalid_request',
      field: 'url',
      message: 'url: must be an absolute http:// or https:// URL without credentials',
    });
    const unknown = await portal.api('POST', '/api/dashboards', {
      token: tokens.admin,
      body: { name: 'Valid', url: 'https://x.example.com', colour: 'red' },
    });
    expect(unknown.body).toMatchObject({ field: 'colour', message: 'colour: unknown field.' });
  });

  test('PATCH /api/dashboards/:id', async () => {
    const bodies = [
      ...notJsonObjects.map((text) => text),
      ...[
        {},
        ...badNames.map((name) => ({ name })),
        ...badUrls.map((url) => ({ url })),
        ...badOrders.map((order) => ({ order })),
        { id: someId },
        { position: 1 },
      ].map((body) => JSON.stringify(body)),
    ];
    expect(bodies.length).toBeGreaterThanOrEqual(50);
    for (const rawBody of bodies) {
      const answer = await portal.api('PATCH', `/api/dashboards/${someId}`, { token: tokens.admin, rawBody });
      expect({ rawBody, status: answer.status }).toEqual({ rawBody, status: 400 });
    }
    for (const id of ['not-a-uuid', '1', "1' OR '1'='1", '00000000-0000-0000-0000-00000000000g']) {
      const answer = await portal.api('PATCH', `/api/dashboards/${encodeURIComponent(id)}`, { token: tokens.admin, body: { name: 'x' } });
      expect(answer).toMatchObject({ status: 400, body: { field: 'id' } });
    }
  });

  test('PUT /api/dashboards/order', async () => {
    const ids = before.map((d) => d.id);
    const bodies = [
      ...notJsonObjects,
      ...[
        {},
        { ids: [] },
        { ids: 'all' },
        { ids: null },
        { ids: [1, 2, 3] },
        { ids: ids.slice(1) },
        { ids: [...ids, ids[0]] },
        { ids: [...ids.slice(1), '00000000-0000-4000-8000-000000000000'] },
        { ids: ids.map((id) => id.toUpperCase() + 'x') },
        { ids, extra: true },
        { order: ids },
        { ids: [ids] },
        { ids: ids.map((id) => ({ id })) },
        { ids: ["'; DROP TABLE dashboards; --"] },
        { ids: Array.from({ length: 1001 }, () => ids[0]) },
        { ids: [null] },
        { ids: [''] },
        { ids: [true] },
        { ids: ids.join(',') },
        { ids: { 0: ids[0] } },
        { IDS: ids },
        { ids: [ids[0], ids[0], ids[1]] },
        { ids: ids.slice(0, 1) },
        { ids: [...ids].reverse().slice(1) },
        { ids: ['../../etc/passwd'] },
        { ids: [' ' + ids[0]] },
        { ids: [`${ids[0]}\n`] },
        { ids: ['00000000-0000-0000-0000-000000000000'] },
        { ids: [...ids, ...ids] },
        { ids: ids.map(() => '') },
      ].map((body) => JSON.stringify(body)),
    ];
    expect(bodies.length).toBeGreaterThanOrEqual(50);
    for (const rawBody of bodies) {
      const answer = await portal.api('PUT', '/api/dashboards/order', { token: tokens.admin, rawBody });
      expect({ rawBody: rawBody.slice(0, 80), status: answer.status }).toEqual({ rawBody: rawBody.slice(0, 80), status: 400 });
    }
  });

  test('a body over 1 MB is refused with 413', async () => {
    const answer = await portal.api('POST', '/api/dashboards', {
      token: tokens.admin,
      body: { name: 'Big', url: `https://x.example.com/${'a'.repeat(1024 * 1024)}` },
    });
    expect(answer).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
  });
});

test('roles without dashboard management get 403 on every write', async () => {
  const someId = (await list())[0]!.id;
  for (const username of ['business', 'lite', 'liteadmin']) {
    const token = tokens[username];
    expect((await portal.api('POST', '/api/dashboards', { token, body: { name: 'x', url: 'https://x.example.com' } })).status).toBe(403);
    expect((await portal.api('PATCH', `/api/dashboards/${someId}`, { token, body: { name: 'x' } })).status).toBe(403);
    expect((await portal.api('DELETE', `/api/dashboards/${someId}`, { token })).status).toBe(403);
    expect((await portal.api('PUT', '/api/dashboards/order', { token, body: { ids: [someId] } })).status).toBe(403);
  }
});
