// Domains, Data Products and cost per asset over real HTTP with real tokens: the sample project's
// domains, a product's life with its objective judged, refusals naming the field (an id outside
// the project above all), who may change what, another organisation's product, and the sample
// warehouse's dbt builds priced per model, exposure and product.
import { startPortal, type RunningPortal } from './portalServer';
import { waitWith } from '../helpers/waitFor';

jest.setTimeout(300_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
let globexAdmin: string;

/** Polls until the probe answers; a miss names what was awaited and shows the end of the portal log. */
const waitFor = waitWith({ timeoutMs: 180_000, stepMs: 500, details: () => portal.logs().slice(-3000) });

const call = (method: string, path: string, username = 'docs', body?: unknown) =>
  portal.api(method, path, { token: tokens[username], body });
const product = {
  name: 'Order e-mails',
  description: 'What the shop needs to e-mail customers about their orders.',
  owner: 'Shop engineering',
  domain: 'sales',
  assets: ['model.dataworks_demo.fct_orders', 'exposure.dataworks_demo.order_status_emails'],
  objective: { freshnessHours: 24 * 365, minTestPassRate: 100 },
};

beforeAll(async () => {
  portal = await startPortal({ env: { DBT_FRESHNESS_CHECK_MINUTES: '0' } });
  for (const username of ['admin', 'docs', 'business', 'lite', 'engineer']) tokens[username] = await portal.token(username);
  globexAdmin = await portal.forgeToken({
    sub: 'globex-admin',
    preferred_username: 'globex-admin',
    realm_access: { roles: ['user', 'admin'] },
    organization: ['globex'],
  });
  await waitFor(
    'the sample of acme',
    async () =>
      ((await call('GET', '/api/dbt/ingestions', 'admin')).body as { current: { origin: string } | null }).current?.origin === 'sample',
  );
});
afterAll(async () => {
  await portal?.stop();
});

describe('domains', () => {
  test('lists the sample project by domain; docs describes one and moves an asset by hand; business only reads', async () => {
    const listed = await call('GET', '/api/catalog/domains', 'business');
    expect(listed.status).toBe(200);
    const names = (listed.body as { domains: { name: string }[] }).domains.map((domain) => domain.name);
    expect(names).toEqual(expect.arrayContaining(['sales', 'customer', 'platform']));

    expect((await call('PUT', '/api/catalog/domains/sales', 'business', { owners: ['ann'] })).status).toBe(403);
    expect((await call('PUT', '/api/catalog/domains/sales', 'docs', { owners: 'ann' })).body).toMatchObject({ field: 'owners' });
    expect(
      (await call('PUT', '/api/catalog/domains/sales', 'docs', { description: 'Orders and revenue', owners: ['ann'], experts: ['bob'] }))
        .status,
    ).toBe(204);
    expect(
      (
        await call('PUT', `/api/catalog/domains/assets/${encodeURIComponent('model.dataworks_demo.fct_orders')}`, 'docs', {
          domain: 'sales',
        })
      ).status,
    ).toBe(204);
    expect(
      (await call('PUT', `/api/catalog/domains/assets/${encodeURIComponent('model.nowhere.x')}`, 'docs', { domain: 'sales' })).status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/catalog/domains/assets/${encodeURIComponent('model.dataworks_demo.fct_orders')}`, 'business')).body,
    ).toEqual({ assetId: 'model.dataworks_demo.fct_orders', domain: 'sales', assignedBy: 'hand' });
    expect(
      (await call('GET', `/api/catalog/domains/assets/${encodeURIComponent('model.dataworks_demo.dim_customers')}`)).body,
    ).toMatchObject({ assignedBy: 'meta' });
    const after = (await call('GET', '/api/catalog/domains')).body as {
      domains: { name: string; owners: string[]; assets: { uniqueId: string; assignedBy: string }[] }[];
    };
    expect(after.domains.find((domain) => domain.name === 'sales')).toMatchObject({
      owners: ['ann'],
      assets: expect.arrayContaining([
        { uniqueId: 'model.dataworks_demo.fct_orders', name: 'fct_orders', resourceType: 'model', assignedBy: 'hand' },
      ]),
    });
  });

  test("a domain's members are all its assets, however each joined, and only the organisation's own", async () => {
    const domainsBody = (await call('GET', '/api/catalog/domains', 'business')).body as {
      domains: { name: string; assetCount: number; assets: { uniqueId: string }[] }[];
    };
    const sales = domainsBody.domains.find((domain) => domain.name === 'sales');
    const members = await call('GET', '/api/catalog/domains/members?domain=sales', 'business');
    expect(members.status).toBe(200);
    const assets = (members.body as { assets: { uniqueId: string; assignedBy: string }[] }).assets;
    expect(assets).toHaveLength(sales?.assetCount ?? -1);
    // The list's first assets lead the members, in the same order; the one placed by hand is there.
    expect(assets.slice(0, sales?.assets.length).map((asset) => asset.uniqueId)).toEqual(sales?.assets.map((asset) => asset.uniqueId));
    expect(assets).toContainEqual({
      uniqueId: 'model.dataworks_demo.fct_orders',
      name: 'fct_orders',
      resourceType: 'model',
      assignedBy: 'hand',
    });
    expect(((await call('GET', '/api/catalog/domains/members?domain=no-such-domain')).body as { assets: unknown[] }).assets).toEqual([]);
    // Globex's sales domain holds its own copy of the sample's assets, never the one placed by hand in Acme.
    const globexSales = ((await portal.api('GET', '/api/catalog/domains', { token: globexAdmin })).body as typeof domainsBody).domains.find(
      (domain) => domain.name === 'sales',
    );
    const globexMembers = (
      (await portal.api('GET', '/api/catalog/domains/members?domain=sales', { token: globexAdmin })).body as {
        assets: { assignedBy: string }[];
      }
    ).assets;
    expect(globexMembers).toHaveLength(globexSales?.assetCount ?? 0);
    expect(globexMembers.filter((asset) => asset.assignedBy === 'hand')).toEqual([]);
    expect((await call('GET', '/api/catalog/domains/members')).body).toMatchObject({ field: 'domain' });
    expect((await call('GET', '/api/catalog/domains/members?domain=a%2Fb')).body).toMatchObject({
      field: 'domain',
      message: expect.stringContaining('slashes'),
    });
    expect((await call('GET', '/api/catalog/domains/members?domain=sales', 'lite')).status).toBe(403);
  });

  test('Lite and other editions without the advanced catalog get 403', async () => {
    expect((await call('GET', '/api/catalog/domains', 'lite')).status).toBe(403);
    expect((await call('GET', '/api/catalog/products', 'lite')).status).toBe(403);
    expect((await call('GET', '/api/catalog/costs/unread-models', 'lite')).status).toBe(403);
  });
});

describe('data products', () => {
  let id: string;

  test('bad input is refused naming the field and writes nothing; an id outside the project is named', async () => {
    const noOwner = await call('POST', '/api/catalog/products', 'docs', { ...product, owner: undefined });
    expect(noOwner).toMatchObject({ status: 400, body: { field: 'owner' } });
    const badRate = await call('POST', '/api/catalog/products', 'docs', { ...product, objective: { minTestPassRate: 120 } });
    expect(badRate).toMatchObject({ status: 400, body: { field: expect.stringContaining('minTestPassRate') } });
    const outside = await call('POST', '/api/catalog/products', 'docs', {
      ...product,
      assets: ['model.dataworks_demo.fct_orders', 'model.other_project.fct_orders'],
    });
    expect(outside).toMatchObject({
      status: 400,
      body: { field: 'assets.1', message: expect.stringContaining('model.other_project.fct_orders') },
    });
    expect(((await call('GET', '/api/catalog/products')).body as { products: unknown[] }).products).toEqual([]);
    expect((await call('POST', '/api/catalog/products', 'business', product)).status).toBe(403);
  });

  test('docs creates a product; its page judges the objective with reasons and prices its builds; the menu lists it', async () => {
    const created = await call('POST', '/api/catalog/products', 'docs', product);
    expect(created.status).toBe(201);
    id = (created.body as { id: string }).id;
    expect((await call('POST', '/api/catalog/products', 'admin', { ...product, name: 'ORDER E-MAILS' })).status).toBe(409);

    const detail = await waitFor('the product with its cost', async () => {
      const answer = (await call('GET', `/api/catalog/products/${id}`, 'business')).body as {
        product: {
          cost: { cost: number; builds: number } | null;
          status: { met: boolean; checks: { kind: string; met: boolean; reasons: string[] }[] };
        };
      };
      return answer.product.cost ? answer.product : null;
    });
    // The sample's failing test is on fct_orders: 100% passing is not met, and says which test.
    expect(detail.status.met).toBe(false);
    expect(detail.status.checks.find((check) => check.kind === 'tests')?.reasons.join(' ')).toContain('not_null_fct_orders_customer_id');
    expect(detail.cost?.cost).toBeGreaterThan(0);
    expect(detail.cost?.builds).toBeGreaterThan(0);
    expect((await call('GET', '/api/catalog/products/menu', 'business')).body).toEqual({ products: [{ id, name: 'Order e-mails' }] });
  });

  test("another organisation's product is a 404; a malformed id a 400", async () => {
    expect((await portal.api('GET', `/api/catalog/products/${id}`, { token: globexAdmin })).status).toBe(404);
    expect((await portal.api('PUT', `/api/catalog/products/${id}`, { token: globexAdmin, body: product })).status).toBe(404);
    expect((await portal.api('DELETE', `/api/catalog/products/${id}`, { token: globexAdmin })).status).toBe(404);
    expect((await call('GET', '/api/catalog/products/not-a-uuid')).body).toMatchObject({ field: 'productId' });
  });

  test('changes and deletion by an editor', async () => {
    expect(
      (
        await call('PUT', `/api/catalog/products/${id}`, 'admin', {
          ...product,
          objective: { freshnessHours: null, minTestPassRate: null },
        })
      ).status,
    ).toBe(204);
    const listed = (await call('GET', '/api/catalog/products')).body as { products: { status: { met: boolean | null } }[] };
    expect(listed.products[0]?.status.met).toBeNull();
    expect((await call('DELETE', `/api/catalog/products/${id}`, 'docs')).status).toBe(204);
    expect((await call('GET', `/api/catalog/products/${id}`)).status).toBe(404);
  });
});

describe('cost per asset', () => {
  test("the sample warehouse's dbt builds price each model and exposure; unread models are listed with their build cost", async () => {
    const model = (
      await call('GET', `/api/catalog/costs/asset?assetId=${encodeURIComponent('model.dataworks_demo.fct_orders')}`, 'business')
    ).body as { cost: { cost: number; builds: number; daily: unknown[] }; reads: number };
    expect(model.cost.cost).toBeGreaterThan(0);
    expect(model.cost.daily).toHaveLength(30);
    // Dashboards and analysts read FCT_ORDERS.
    expect(model.reads).toBeGreaterThan(0);
    const exposure = (
      await call('GET', `/api/catalog/costs/asset?assetId=${encodeURIComponent('exposure.dataworks_demo.order_status_emails')}`)
    ).body as { cost: { cost: number }; upstreamModels: number };
    expect(exposure.upstreamModels).toBeGreaterThan(2);
    expect(exposure.cost.cost).toBeGreaterThan(model.cost.cost);
    const all = (await call('GET', '/api/catalog/costs/exposures')).body as { exposures: { uniqueId: string; cost: number }[] };
    expect(all.exposures.find((row) => row.uniqueId === 'exposure.dataworks_demo.order_status_emails')?.cost).toBeCloseTo(
      exposure.cost.cost,
      6,
    );
    const unread = (await call('GET', '/api/catalog/costs/unread-models')).body as { models: { name: string; cost: number }[] };
    expect(unread.models.map((row) => row.name)).toEqual(expect.arrayContaining(['fct_storage_daily']));
    expect(unread.models.map((row) => row.name)).not.toContain('fct_orders');
    expect((await call('GET', '/api/catalog/costs/asset?assetId=')).body).toMatchObject({ field: 'assetId' });
    expect(
      (
        await portal.api('GET', `/api/catalog/costs/asset?assetId=${encodeURIComponent('model.dataworks_demo.fct_orders')}`, {
          token: globexAdmin,
        })
      ).status,
    ).toBe(200);
  });
});
