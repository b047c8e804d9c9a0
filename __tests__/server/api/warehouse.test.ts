// The Optimize and User Management routes over real HTTP, on a small embedded sample account:
// access by role, organisation scoping, figures that agree with each other, writes, and
// injection payloads that get a 400 naming the field and never a 500.
import { existingNameProblem } from '@common/warehouse/identifierRules';
import { PAYLOADS } from '../features/warehouse/injectionPayloads';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(240_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  portal = await startPortal({ env: { WAREHOUSE_SAMPLE_QUERIES: '4000' } });
  for (const username of ['admin', 'clientadmin', 'engineer', 'business', 'lite', 'liteadmin', 'product'])
    tokens[username] = await portal.token(username);
  await portal.usageReady(tokens.admin!);
});
afterAll(async () => {
  await portal?.stop();
});

const get = (username: string, path: string) => portal.api('GET', path, { token: tokens[username] });

interface Info {
  info: { organisation: string; sample: boolean; pricePerCredit: number };
  dataRange: { from: string; to: string };
}

test("the caller's organisation's warehouse, marked as sample data", async () => {
  const acme = (await get('admin', '/api/warehouse/info')).body as Info;
  expect(acme.info).toMatchObject({ organisation: 'acme', sample: true });
  expect(acme.dataRange.from < acme.dataRange.to).toBe(true);
});

test('lite, liteadmin and engineer are refused every Optimize and User Management route', async () => {
  const paths = [
    '/api/warehouse/info',
    '/api/warehouse/cost',
    '/api/warehouse/queries/top',
    '/api/warehouse/queries/patterns',
    '/api/warehouse/queries/spilling',
    '/api/warehouse/warehouses',
    '/api/warehouse/users-overview',
    '/api/warehouse/month-to-date',
    '/api/management/users',
    '/api/management/roles',
  ];
  for (const username of ['lite', 'liteadmin', 'engineer']) {
    for (const path of paths)
      expect({ username, path, status: (await get(username, path)).status }).toEqual({ username, path, status: 403 });
  }
  const body = { kind: 'createRole', roleName: 'SNEAKY' };
  expect((await portal.api('POST', '/api/management/changes', { token: tokens.lite, body })).status).toBe(403);
  expect((await portal.api('POST', '/api/management/changes', { token: tokens.business, body })).status).toBe(403);
});

test('business users may read Optimize but not apply recommendations', async () => {
  expect((await get('business', '/api/warehouse/cost')).status).toBe(200);
  const answer = await portal.api('POST', '/api/warehouse/recommendations/apply', {
    token: tokens.business,
    body: { from: '2026-01-01', to: '2026-01-31', id: 'x' },
  });
  expect(answer).toMatchObject({ status: 403, body: { message: 'Only an administrator of your organisation may change this.' } });
});

test('cost, warehouses and users agree on the credits of the range', async () => {
  const cost = (await get('admin', '/api/warehouse/cost')).body as { byService: { service: string; credits: number | null }[] };
  const warehouses = (await get('admin', '/api/warehouse/warehouses')).body as {
    warehouses: { meteredCredits: number }[];
    recommendations: unknown[];
  };
  const compute = cost.byService.find((s) => s.service === 'compute')?.credits ?? 0;
  const metered = warehouses.warehouses.reduce((sum, w) => sum + w.meteredCredits, 0);
  expect(compute).toBeGreaterThan(0);
  expect(Math.abs(compute - metered)).toBeLessThan(0.01);
  expect(warehouses.recommendations.length).toBeGreaterThan(0);
});

test("queries: top, patterns, spilling and one query's detail", async () => {
  const top = (await get('admin', '/api/warehouse/queries/top?orderBy=cost&limit=5')).body as { queries: { queryId: string }[] };
  expect(top.queries).toHaveLength(5);
  const detail = await get('admin', `/api/warehouse/queries/${top.queries[0]!.queryId}`);
  expect(detail).toMatchObject({ status: 200, body: { queryId: top.queries[0]!.queryId, queryText: expect.any(String) } });
  expect((await get('admin', '/api/warehouse/queries/patterns?orderBy=count&limit=3')).status).toBe(200);
  expect((await get('admin', '/api/warehouse/queries/spilling')).status).toBe(200);
  expect((await get('admin', '/api/warehouse/queries/00000000-0000-0000-0000-000000000000')).status).toBe(404);
});

test("month to date: the Home page's figure, for those who may see the Cost page", async () => {
  const answer = await get('admin', '/api/warehouse/month-to-date');
  expect(answer).toMatchObject({
    status: 200,
    body: { monthToDate: { monthToDateCost: expect.any(Number), forecastCost: expect.any(Number) } },
  });
  expect((await get('lite', '/api/warehouse/month-to-date')).status).toBe(403);
  expect(await get('admin', '/api/warehouse/month-to-date?asOf=2026-01-01')).toMatchObject({ status: 400, body: { field: 'asOf' } });
});

test('unknown query parameters are refused naming the parameter', async () => {
  const answer = await get('admin', '/api/warehouse/cost?from=2026-01-01&to=2026-01-31&currency=EUR');
  expect(answer).toMatchObject({ status: 400, body: { field: 'currency' } });
});

test('a role is created once, audited, and a second create says it exists', async () => {
  const body = { kind: 'createRole', roleName: 'PORTAL_TEST_ROLE' };
  const first = await portal.api('POST', '/api/management/changes', { token: tokens.clientadmin, body });
  expect(first).toMatchObject({ status: 200, body: { applied: { statements: ['CREATE ROLE "PORTAL_TEST_ROLE"'] } } });
  const again = await portal.api('POST', '/api/management/changes', { token: tokens.clientadmin, body });
  expect(again).toMatchObject({ status: 409, body: { error: 'already_exists', message: 'Role PORTAL_TEST_ROLE already exists.' } });
  const role = await get('admin', '/api/management/roles/PORTAL_TEST_ROLE');
  expect(role.status).toBe(200);
});

describe('protected warehouse roles', () => {
  const change = (username: string, body: Record<string, unknown>) =>
    portal.api('POST', '/api/management/changes', { token: tokens[username], body });
  const publicHolds = async (role: string) =>
    ((await get('admin', `/api/management/roles/${role}`)).body as { members: { grantedTo: string; granteeName: string }[] }).members.some(
      (member) => member.grantedTo === 'ROLE' && member.granteeName === 'PUBLIC',
    );

  test('a Client-Admin cannot grant ACCOUNTADMIN to PUBLIC, to a user or as a default role: 403 naming it', async () => {
    const refused = [
      { kind: 'grantRoleToRole', roleName: 'ACCOUNTADMIN', parentRoleName: 'PUBLIC' },
      { kind: 'grantRoleToUser', roleName: 'ACCOUNTADMIN', userName: 'DBT_SVC' },
      { kind: 'setUserDefaults', userName: 'DBT_SVC', defaultRole: 'ACCOUNTADMIN' },
      { kind: 'createUser', userName: 'SNEAKY_BOSS', defaultRole: 'ACCOUNTADMIN' },
    ];
    for (const body of refused) {
      const answer = await change('clientadmin', body);
      expect({ body, status: answer.status, error: (answer.body as { error: string }).error }).toEqual({
        body,
        status: 403,
        error: 'forbidden',
      });
      expect((answer.body as { message: string }).message).toContain('ACCOUNTADMIN');
    }
    expect(await publicHolds('ACCOUNTADMIN')).toBe(false);
    const user = (await get('admin', '/api/management/users/DBT_SVC')).body as {
      user: { defaultRole: string | null };
      roles: { role: string }[];
    };
    expect(user.roles.map((grant) => grant.role)).not.toContain('ACCOUNTADMIN');
    expect(user.user.defaultRole).not.toBe('ACCOUNTADMIN');
    expect((await get('admin', '/api/management/users/SNEAKY_BOSS')).status).toBe(404);
  });

  test('the platform admin may grant it', async () => {
    const answer = await change('admin', { kind: 'grantRoleToUser', roleName: 'SECURITYADMIN', userName: 'DBT_SVC' });
    expect(answer).toMatchObject({ status: 200, body: { applied: { statements: ['GRANT ROLE "SECURITYADMIN" TO USER "DBT_SVC"'] } } });
  });
});

test('a user or role name that cannot exist answers "no such" (404), not a validation message', async () => {
  expect(await get('admin', '/api/management/roles/1')).toMatchObject({
    status: 404,
    body: { error: 'not_found', message: 'There is no role named 1.' },
  });
  expect(await get('admin', '/api/management/users/a%20b')).toMatchObject({
    status: 404,
    body: { error: 'not_found', message: 'There is no user named a b.' },
  });
});

test('warehouse settings cannot be changed through the management route', async () => {
  const answer = await portal.api('POST', '/api/management/changes', {
    token: tokens.admin,
    body: { kind: 'alterWarehouse', warehouseName: 'BI_WH', autoSuspendSeconds: 60 },
  });
  expect(answer).toMatchObject({ status: 400, body: { field: 'kind' } });
});

describe('injection payloads get a 400 naming the field, never a 500', () => {
  const filterFields = ['warehouseName', 'userName', 'roleName', 'queryTag', 'from', 'to'];
  const filterRoutes = ['/api/warehouse/queries/top', '/api/warehouse/queries/patterns', '/api/warehouse/queries/spilling'];

  test('has at least 30 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  test.each(filterFields)('in the %s filter', async (field) => {
    const isName = ['warehouseName', 'userName', 'roleName'].includes(field);
    for (const route of filterRoutes) {
      // An empty value is no filter at all (what an empty form field sends), not an attack.
      for (const payload of PAYLOADS.filter((p) => p !== '')) {
        const other = field === 'from' ? '&to=2026-12-31' : field === 'to' ? '&from=2026-01-01' : '';
        const answer = await get('admin', `${route}?${field}=${encodeURIComponent(payload)}${other}`);
        if (isName && existingNameProblem(payload) === undefined) {
          // A name Snowflake could hold (quoted): bound as a value, it matches nothing.
          expect({ route, payload, status: answer.status }).toEqual({ route, payload, status: 200 });
        } else {
          expect({ route, payload, status: answer.status, field: (answer.body as { field?: string }).field }).toEqual({
            route,
            payload,
            status: 400,
            field,
          });
        }
      }
    }
  });

  test.each([
    ['userName', (p: string) => ({ kind: 'createUser', userName: p })],
    ['defaultRole', (p: string) => ({ kind: 'setUserDefaults', userName: 'DBT_SVC', defaultRole: p })],
    ['defaultWarehouse', (p: string) => ({ kind: 'setUserDefaults', userName: 'DBT_SVC', defaultWarehouse: p })],
    ['roleName', (p: string) => ({ kind: 'grantRoleToUser', roleName: p, userName: 'DBT_SVC' })],
    ['userName', (p: string) => ({ kind: 'revokeRoleFromUser', roleName: 'PUBLIC', userName: p })],
    ['userName', (p: string) => ({ kind: 'dropUser', userName: p })],
    ['roleName', (p: string) => ({ kind: 'createRole', roleName: p })],
    ['parentRoleName', (p: string) => ({ kind: 'grantRoleToRole', roleName: 'ANALYST', parentRoleName: p })],
  ])('in the %s of a change', async (field, bodyFor) => {
    for (const payload of PAYLOADS) {
      const body = bodyFor(payload);
      const answer = await portal.api('POST', '/api/management/changes', { token: tokens.admin, body });
      const createsIt = (body.kind === 'createUser' && field === 'userName') || (body.kind === 'createRole' && field === 'roleName');
      if (!createsIt && existingNameProblem(payload) === undefined) {
        // The name of an existing object may be any name Snowflake holds: quoted, it names
        // nothing in this account.
        expect({ payload, status: answer.status, error: (answer.body as { error?: string }).error }).toEqual({
          payload,
          status: 404,
          error: 'not_found',
        });
      } else {
        expect({ payload, status: answer.status, field: (answer.body as { field?: string }).field }).toEqual({
          payload,
          status: 400,
          field,
        });
      }
    }
  });

  test('in user and role names in the path: no such user or role (404), nothing reaches the warehouse', async () => {
    for (const payload of PAYLOADS.filter((p) => p !== '')) {
      for (const base of ['/api/management/users/', '/api/management/roles/']) {
        const answer = await get('admin', `${base}${encodeURIComponent(payload)}`);
        // A NUL is refused by every route before its work starts (400 naming the parameter).
        expect({ payload, status: answer.status }).toEqual({ payload, status: payload.includes('\u0000') ? 400 : 404 });
      }
    }
  });
});
