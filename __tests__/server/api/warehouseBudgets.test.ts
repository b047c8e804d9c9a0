// Budgets and the Optimize insights over real HTTP with real tokens, on a small sample account:
// CRUD with 400s naming the field, who may write, other organisations' budgets, the alert in
// the inbox, and the database, pattern-trend, utilisation and filter-option answers.
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(240_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  portal = await startPortal({ env: { WAREHOUSE_SAMPLE_QUERIES: '3000' } });
  for (const username of ['admin', 'clientadmin', 'business', 'lite']) tokens[username] = await portal.token(username);
  tokens.globex = await portal.forgeToken({
    preferred_username: 'globex-admin',
    realm_access: { roles: ['user', 'admin'] },
    organization: ['globex'],
  });
  await portal.usageReady(tokens.admin!);
});
afterAll(async () => {
  await portal?.stop();
});

const call = (username: string, method: string, path: string, body?: unknown) =>
  portal.api(method, path, { token: tokens[username], ...(body === undefined ? {} : { body }) });

interface Budget {
  id: string;
  name: string;
  scope: string;
  scopeValue: string | null;
  amount: number;
  monthToDate: number;
  forecast: number;
  status: string;
}

interface Options {
  warehouses: { name: string; queries: number }[];
  users: { name: string; queries: number }[];
  roles: { name: string; queries: number }[];
  queryTags: { name: string; queries: number }[];
}

let options: Options;

test('filter options: the known warehouses, users, roles and tags, for those who may see Optimize', async () => {
  const answer = await call('business', 'GET', '/api/warehouse/filter-options');
  expect(answer.status).toBe(200);
  options = answer.body as Options;
  for (const list of [options.warehouses, options.users, options.roles, options.queryTags]) expect(list.length).toBeGreaterThan(0);
  expect((await call('lite', 'GET', '/api/warehouse/filter-options')).status).toBe(403);
  expect(await call('admin', 'GET', '/api/warehouse/filter-options?from=2026-13-01&to=2026-01-01')).toMatchObject({
    status: 400,
    body: { field: 'from' },
  });
});

test("budgets: created, read with this month's figures, changed and deleted by an admin", async () => {
  const warehouse = options.warehouses[0]!.name;
  const created = await call('admin', 'POST', '/api/warehouse/budgets', {
    name: 'Loading',
    scope: 'warehouse',
    scopeValue: warehouse.toLowerCase(),
    amount: 1000000,
  });
  expect(created).toMatchObject({
    status: 201,
    body: { budget: { name: 'Loading', scope: 'warehouse', scopeValue: warehouse, amount: 1000000 } },
  });
  const id = (created.body as { budget: Budget }).budget.id;

  const list = await call('business', 'GET', '/api/warehouse/budgets');
  expect(list).toMatchObject({ status: 200, body: { mayManage: false } });
  const found = (list.body as { budgets: Budget[] }).budgets.find((b) => b.id === id)!;
  expect(found.status).toBe('on_track');
  expect(found.monthToDate).toBeGreaterThanOrEqual(0);
  expect(found.forecast).toBeGreaterThanOrEqual(found.monthToDate);
  expect((await call('clientadmin', 'GET', '/api/warehouse/budgets')).body).toMatchObject({ mayManage: true });

  const changed = await call('clientadmin', 'PUT', `/api/warehouse/budgets/${id}`, {
    name: 'Loading (all)',
    scope: 'account',
    amount: 2500.5,
  });
  expect(changed).toMatchObject({
    status: 200,
    body: { budget: { name: 'Loading (all)', scope: 'account', scopeValue: null, amount: 2500.5 } },
  });
  expect((await call('admin', 'DELETE', `/api/warehouse/budgets/${id}`)).status).toBe(204);
  expect((await call('admin', 'DELETE', `/api/warehouse/budgets/${id}`)).status).toBe(404);
});

test('budgets: bad input is refused naming the field, and nothing is stored', async () => {
  const cases: [unknown, string][] = [
    [{ name: '', scope: 'account', amount: 10 }, 'name'],
    [{ name: 'x', scope: 'database', amount: 10 }, 'scope'],
    [{ name: 'x', scope: 'account', amount: -1 }, 'amount'],
    [{ name: 'x', scope: 'account', amount: 1.234 }, 'amount'],
    [{ name: 'x', scope: 'account', amount: '10' }, 'amount'],
    [{ name: 'x', scope: 'account', scopeValue: 'WH', amount: 10 }, 'scopeValue'],
    [{ name: 'x', scope: 'warehouse', amount: 10 }, 'scopeValue'],
    [{ name: 'x', scope: 'warehouse', scopeValue: 'NO_SUCH_WAREHOUSE', amount: 10 }, 'scopeValue'],
    [{ name: 'x', scope: 'user', scopeValue: 'NOBODY_AT_ALL', amount: 10 }, 'scopeValue'],
    [{ name: 'x', scope: 'tag', scopeValue: 'no-such-tag', amount: 10 }, 'scopeValue'],
    [{ name: 'x', scope: 'tag', scopeValue: "x'; DROP TABLE t; --", amount: 10 }, 'scopeValue'],
    [{ name: 'x', scope: 'account', amount: 10, extra: true }, 'extra'],
  ];
  for (const [body, field] of cases) {
    const answer = await call('admin', 'POST', '/api/warehouse/budgets', body);
    expect({ body, status: answer.status, field: (answer.body as { field?: string }).field }).toEqual({ body, status: 400, field });
  }
  expect(
    ((await call('admin', 'GET', '/api/warehouse/budgets')).body as { budgets: Budget[] }).budgets.filter((b) => b.name === 'x'),
  ).toEqual([]);
  expect(await call('admin', 'PUT', '/api/warehouse/budgets/not-an-id', { name: 'y', scope: 'account', amount: 1 })).toMatchObject({
    status: 400,
    body: { field: 'id' },
  });
});

test("budgets: readers may not write (403), other organisations' budgets are not found (404), names are unique (409)", async () => {
  expect((await call('business', 'POST', '/api/warehouse/budgets', { name: 'Sneaky', scope: 'account', amount: 5 })).status).toBe(403);
  expect((await call('lite', 'GET', '/api/warehouse/budgets')).status).toBe(403);
  const own = await call('admin', 'POST', '/api/warehouse/budgets', { name: 'Acme only', scope: 'account', amount: 1000000 });
  const id = (own.body as { budget: Budget }).budget.id;
  expect((await call('business', 'DELETE', `/api/warehouse/budgets/${id}`)).status).toBe(403);
  expect((await call('globex', 'PUT', `/api/warehouse/budgets/${id}`, { name: 'Mine now', scope: 'account', amount: 1 })).status).toBe(404);
  expect((await call('globex', 'DELETE', `/api/warehouse/budgets/${id}`)).status).toBe(404);
  expect(((await call('globex', 'GET', '/api/warehouse/budgets')).body as { budgets: Budget[] }).budgets).toEqual([]);
  expect(await call('admin', 'POST', '/api/warehouse/budgets', { name: 'Acme only', scope: 'account', amount: 5 })).toMatchObject({
    status: 409,
    body: { field: 'name' },
  });
  expect((await call('admin', 'DELETE', `/api/warehouse/budgets/${id}`)).status).toBe(204);
});

test("a budget below this month's spend is exceeded and alerts the admins once, in their inbox", async () => {
  // Seen by the notifications service, so a notice for their role reaches them. (Of the warehouse
  // writers only admin has an inbox page; Client-Admin gets the alert by e-mail when they ask.)
  await call('admin', 'GET', '/api/notifications');
  const created = await call('admin', 'POST', '/api/warehouse/budgets', { name: 'Too small', scope: 'account', amount: 0.01 });
  expect(created.status).toBe(201);
  const list = (await call('admin', 'GET', '/api/warehouse/budgets')).body as { budgets: Budget[] };
  expect(list.budgets.find((b) => b.name === 'Too small')).toMatchObject({ status: 'exceeded' });
  const inbox = async (username: string) => {
    const answer = await call(username, 'GET', '/api/notifications');
    expect({ username, status: answer.status }).toEqual({ username, status: 200 });
    return (answer.body as { notifications: { title: string; type: string; link: string }[] }).notifications;
  };
  const alerts = (await inbox('admin')).filter((n) => n.title.includes('"Too small" exceeded'));
  expect(alerts).toHaveLength(1);
  expect(alerts[0]).toMatchObject({ type: 'alert', link: '/app/snowflake/cost?panel=budgets' });
  // Reading the list again evaluates nothing new.
  await call('admin', 'GET', '/api/warehouse/budgets');
  expect((await inbox('admin')).filter((n) => n.title.includes('"Too small" exceeded'))).toHaveLength(1);
  // A new amount is a new promise: it alerts again, once; a new name alone does not.
  const id = (created.body as { budget: Budget }).budget.id;
  await call('admin', 'PUT', `/api/warehouse/budgets/${id}`, { name: 'Too small', scope: 'account', amount: 0.02 });
  await call('admin', 'PUT', `/api/warehouse/budgets/${id}`, { name: 'Too small', scope: 'account', amount: 0.02 });
  await call('admin', 'PUT', `/api/warehouse/budgets/${id}`, { name: 'Too small (renamed)', scope: 'account', amount: 0.02 });
  expect((await inbox('admin')).filter((n) => n.title.includes('exceeded') && n.title.includes('Too small'))).toHaveLength(2);
  expect((await call('admin', 'DELETE', `/api/warehouse/budgets/${id}`)).status).toBe(204);
});

test('spend by database, pattern trends and utilisation', async () => {
  const info = (await call('admin', 'GET', '/api/warehouse/info')).body as { dataRange: { from: string; to: string } };
  const cost = (await call('admin', 'GET', '/api/warehouse/cost')).body as { byUser: { cost: number }[] };
  const databases = await call('business', 'GET', '/api/warehouse/cost/databases');
  expect(databases.status).toBe(200);
  const dbTotal = (databases.body as { databases: { cost: number }[] }).databases.reduce((sum, d) => sum + d.cost, 0);
  const userTotal = cost.byUser.reduce((sum, u) => sum + u.cost, 0);
  expect(Math.abs(dbTotal - userTotal)).toBeLessThan(0.01);

  const trends = await call('admin', 'GET', '/api/warehouse/queries/pattern-trends?limit=3');
  expect(trends.status).toBe(200);
  const body = trends.body as { days: string[]; patterns: { daily: number[]; totalCost: number }[] };
  expect(body.patterns).toHaveLength(3);
  for (const pattern of body.patterns) expect(Math.abs(pattern.daily.reduce((a, b) => a + b, 0) - pattern.totalCost)).toBeLessThan(1e-6);
  expect(await call('admin', 'GET', '/api/warehouse/queries/pattern-trends?limit=0')).toMatchObject({
    status: 400,
    body: { field: 'limit' },
  });
  expect(await call('admin', 'GET', '/api/warehouse/queries/pattern-trends?warehouseName=a%0Ab')).toMatchObject({
    status: 400,
    body: { field: 'warehouseName' },
  });

  const name = options.warehouses[0]!.name;
  const to = info.dataRange.to;
  const week = await call('admin', 'GET', `/api/warehouse/warehouses/${encodeURIComponent(name)}/utilisation?from=${to}&to=${to}`);
  expect(week).toMatchObject({ status: 200, body: { warehouseName: name, bucket: 'hour' } });
  const all = await call('admin', 'GET', `/api/warehouse/warehouses/${encodeURIComponent(name)}/utilisation`);
  expect(all).toMatchObject({ status: 200, body: { bucket: 'day' } });
  expect((await call('admin', 'GET', '/api/warehouse/warehouses/NO_SUCH_WH/utilisation')).status).toBe(404);
  expect((await call('lite', 'GET', `/api/warehouse/warehouses/${encodeURIComponent(name)}/utilisation`)).status).toBe(403);
});
