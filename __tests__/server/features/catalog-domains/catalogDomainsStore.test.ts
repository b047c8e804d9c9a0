// Domains, Data Products and cost per asset on the portal store (PGlite, or PostgreSQL with
// STORE_TEST_DATABASE_URL): the domain rule and its precedence, people, test pass share and
// freshness per domain; products refused whole for an id outside the project, their objective
// judged with reasons; costs of models, exposures and products and the unread models from a
// known warehouse rollup.
import { productBody } from '../../../../common/catalog-domains/productsContract';
import { costIndex, costOf, readsOf, upstreamBuilds, type CostRollup } from '../../../../server/src/features/catalog-domains/assetCosts';
import { assetCost, exposureCosts, productCost, unreadModels } from '../../../../server/src/features/catalog-domains/costQueries';
import {
  deleteDomain,
  domainMembers,
  listDomains,
  saveDomain,
  setAssetDomain,
} from '../../../../server/src/features/catalog-domains/domainsStore';
import { CatalogOrganisationNotFoundError, UnknownAssetError } from '../../../../server/src/features/catalog-domains/errors';
import { evaluateObjective } from '../../../../server/src/features/catalog-domains/productObjectives';
import {
  createProduct,
  deleteProduct,
  listProducts,
  productDetail,
  productNames,
  updateProduct,
} from '../../../../server/src/features/catalog-domains/productsStore';
import { qualityIngestionListener } from '../../../../server/src/features/catalog-quality/ingestionListener';
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import type { Actor } from '../../../../server/src/platform/store/audit';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { manifestOf, openTestStore, runResultsOf, sourcesOf } from '../dbt/fixtures';

jest.setTimeout(120_000);

const actor: Actor = { organisation: 'acme', subject: 'sub-docs', username: 'docs' };
const ORDERS = 'source.shop.shop.orders';
let store: Store;

const manifest = manifestOf({
  models: [
    { name: 'stg_orders', parents: [ORDERS], tags: ['staging', 'domain:shop'] },
    { name: 'fct_orders', parents: ['model.shop.stg_orders'], meta: { domain: 'sales' } },
    { name: 'dim_customers', meta: { domain: 'customer' } },
    { name: 'orphan' },
  ],
  sources: [{ source: 'shop', name: 'orders', loadedAt: '_loaded_at', warnHours: 12 }],
  tests: [
    { name: 'not_null_fct_orders_id', on: 'model.shop.fct_orders', column: 'id' },
    { name: 'unique_fct_orders_id', on: 'model.shop.fct_orders', column: 'id' },
    { name: 'not_null_dim_customers_id', on: 'model.shop.dim_customers', column: 'id' },
  ],
  exposures: [{ name: 'sales_dashboard', parents: ['model.shop.fct_orders'] }],
});

beforeAll(async () => {
  store = await openTestStore();
  await ingestArtifacts(
    store.db,
    {
      manifest,
      run_results: runResultsOf([
        { id: 'test.shop.not_null_fct_orders_id', status: 'fail' },
        { id: 'test.shop.unique_fct_orders_id', status: 'pass' },
        { id: 'test.shop.not_null_dim_customers_id', status: 'pass' },
      ]),
      sources: sourcesOf([{ id: ORDERS, status: 'pass', maxLoadedAt: '2026-01-01T00:00:00Z', at: '2026-01-01T01:00:00Z' }]),
    },
    { organisation: 'acme', origin: 'upload', actor },
    qualityIngestionListener({ opened: async () => undefined }),
  );
});
afterAll(async () => {
  await store?.close();
});

describe('domains', () => {
  test('assets join a domain by dbt meta, then a domain: tag; each domain with its tests and freshness', async () => {
    const { domains, unassigned } = await listDomains(store.db, 'acme');
    expect(domains.map((domain) => domain.name)).toEqual(['customer', 'sales', 'shop']);
    const sales = domains.find((domain) => domain.name === 'sales');
    expect(sales).toMatchObject({ assetCount: 1, described: false, assets: [{ uniqueId: 'model.shop.fct_orders', assignedBy: 'meta' }] });
    expect(sales?.tests).toEqual({ total: 2, passing: 1, withResult: 2, passShare: 0.5 });
    expect(domains.find((domain) => domain.name === 'shop')?.assets).toEqual([
      { uniqueId: 'model.shop.stg_orders', name: 'stg_orders', resourceType: 'model', assignedBy: 'tag' },
    ]);
    // orphan, the source and the exposure have no domain.
    expect(unassigned).toBe(3);
  });

  test('by hand wins over dbt meta; taking it back restores the dbt rule; a domain keeps its people', async () => {
    await setAssetDomain(store.db, actor, 'model.shop.fct_orders', 'finance');
    await setAssetDomain(store.db, actor, ORDERS, 'sales');
    await saveDomain(store.db, actor, 'sales', { description: 'Orders and revenue', owners: ['ann', 'ann'], experts: ['bob'] });
    let { domains } = await listDomains(store.db, 'acme');
    expect(domains.find((domain) => domain.name === 'finance')?.assets).toEqual([
      { uniqueId: 'model.shop.fct_orders', name: 'fct_orders', resourceType: 'model', assignedBy: 'hand' },
    ]);
    const sales = domains.find((domain) => domain.name === 'sales');
    expect(sales).toMatchObject({ description: 'Orders and revenue', owners: ['ann'], experts: ['bob'], described: true, assetCount: 1 });
    expect(sales?.freshness).toEqual({ sources: 1, pass: 1, warn: 0, error: 0, unknown: 0 });
    // Members: every asset of the domain with its rule; another organisation sees none.
    expect(await domainMembers(store.db, 'acme', 'finance')).toEqual([
      { uniqueId: 'model.shop.fct_orders', name: 'fct_orders', resourceType: 'model', assignedBy: 'hand' },
    ]);
    expect((await domainMembers(store.db, 'acme', 'sales')).map((asset) => asset.uniqueId)).toEqual(
      sales?.assets.map((asset) => asset.uniqueId),
    );
    expect(await domainMembers(store.db, 'globex', 'finance')).toEqual([]);

    await setAssetDomain(store.db, actor, 'model.shop.fct_orders', null);
    await deleteDomain(store.db, actor, 'sales');
    ({ domains } = await listDomains(store.db, 'acme'));
    expect(domains.find((domain) => domain.name === 'finance')).toBeUndefined();
    expect(domains.find((domain) => domain.name === 'sales')).toMatchObject({
      described: false,
      assets: [{ uniqueId: 'model.shop.fct_orders', assignedBy: 'meta' }],
    });
    const audit = await store.db
      .selectFrom('audit_log')
      .select('action')
      .where('organisation_id', '=', 'acme')
      .where('action', 'like', 'catalog.domain.%')
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'catalog.domain.assign',
      'catalog.domain.assign',
      'catalog.domain.assign',
      'catalog.domain.delete',
      'catalog.domain.save',
    ]);
  });

  test('refuses assets of no organisation of the caller, tests, and deleting an undescribed domain', async () => {
    await expect(setAssetDomain(store.db, { ...actor, organisation: 'globex' }, 'model.shop.fct_orders', 'x')).rejects.toMatchObject({
      status: 404,
      field: 'assetId',
      message:
        "model.shop.fct_orders is not an asset of your organisation's current dbt project: choose an asset from the list by its name.",
    });
    // A name sent for an id: the refusal says which asset it is.
    await expect(setAssetDomain(store.db, actor, 'fct_orders', 'x')).rejects.toThrow(
      "fct_orders is an asset's name, not its id: choose fct_orders from the list of assets (its id is model.shop.fct_orders).",
    );
    // A test belongs to the domain of what it tests: it is not an asset that can be placed.
    await expect(setAssetDomain(store.db, actor, 'test.shop.unique_fct_orders_id', 'x')).rejects.toBeInstanceOf(UnknownAssetError);
    await expect(deleteDomain(store.db, actor, 'customer')).rejects.toBeInstanceOf(CatalogOrganisationNotFoundError);
  });
});

describe('data products', () => {
  const body = (overrides: Record<string, unknown> = {}) =>
    productBody.parse({
      name: 'Sales',
      owner: 'ann',
      assets: ['model.shop.fct_orders', 'exposure.shop.sales_dashboard'],
      objective: { freshnessHours: 24, minTestPassRate: 90 },
      ...overrides,
    });

  test('an id outside the current project is refused by name and nothing is written', async () => {
    const refused = createProduct(store.db, actor, body({ assets: ['model.shop.fct_orders', 'model.shop.nowhere'] }));
    await expect(refused).rejects.toThrow('model.shop.nowhere is not an asset');
    await expect(refused).rejects.toMatchObject({ field: 'assets.1' });
    await expect(createProduct(store.db, actor, body({ assets: ['test.shop.unique_fct_orders_id'] }))).rejects.toMatchObject({
      field: 'assets.0',
    });
    expect(await listProducts(store.db, 'acme')).toEqual([]);
  });

  test('is created, judged against its objective with reasons, renamed, and deleted; names are unique per organisation', async () => {
    const id = await createProduct(store.db, actor, body());
    await expect(createProduct(store.db, actor, body({ name: 'sales' }))).rejects.toMatchObject({ status: 409, field: 'name' });
    const detail = await productDetail(store.db, 'acme', id);
    expect(detail).toMatchObject({ name: 'Sales', owner: 'ann', assetCount: 1, exposureCount: 1, updatedBy: 'docs' });
    expect(detail.members.map((member) => [member.uniqueId, member.present])).toEqual([
      ['model.shop.fct_orders', true],
      ['exposure.shop.sales_dashboard', true],
    ]);

    // Five hours after the load: fresh within 24 hours; one of two tests failing: below 90%.
    const status = await evaluateObjective(
      store.db,
      'acme',
      id,
      { freshnessHours: 24, minTestPassRate: 90 },
      new Date('2026-01-01T05:00:00Z'),
    );
    expect(status.met).toBe(false);
    expect(status.checks).toEqual([
      { kind: 'freshness', met: true, summary: '1 of 1 sources loaded within 24 hours.', reasons: [] },
      {
        kind: 'tests',
        met: false,
        summary: '1 of 2 tests passing (50.0%; objective: at least 90%).',
        reasons: ['not_null_fct_orders_id: fail'],
      },
    ]);
    const later = await evaluateObjective(
      store.db,
      'acme',
      id,
      { freshnessHours: 2, minTestPassRate: 50 },
      new Date('2026-01-01T05:00:00Z'),
    );
    expect(later).toMatchObject({
      met: false,
      checks: [
        { kind: 'freshness', met: false, reasons: ['shop.orders: last loaded 5.0 hours ago'] },
        { kind: 'tests', met: true },
      ],
    });
    expect((await evaluateObjective(store.db, 'acme', id, { freshnessHours: null, minTestPassRate: null })).met).toBeNull();

    await updateProduct(
      store.db,
      actor,
      id,
      body({ name: 'Sales analytics', assets: ['model.shop.dim_customers'], objective: { freshnessHours: null, minTestPassRate: 100 } }),
    );
    const [listed] = await listProducts(store.db, 'acme');
    expect(listed).toMatchObject({ name: 'Sales analytics', assetCount: 1, exposureCount: 0, status: { met: true } });
    expect(await productNames(store.db, 'acme')).toEqual([{ id, name: 'Sales analytics' }]);

    await expect(productDetail(store.db, 'globex', id)).rejects.toBeInstanceOf(CatalogOrganisationNotFoundError);
    await expect(deleteProduct(store.db, { ...actor, organisation: 'globex' }, id)).rejects.toBeInstanceOf(
      CatalogOrganisationNotFoundError,
    );
    await deleteProduct(store.db, actor, id);
    expect(await listProducts(store.db, 'acme')).toEqual([]);
  });
});

describe('cost per asset', () => {
  // The manifest's relations are analytics.marts.<model>; builds on two days in the window and one before it.
  const rollup: CostRollup = {
    from: '2026-01-01',
    to: '2026-03-01',
    pricePerCredit: 2,
    readDays: 30,
    builds: [
      { day: '2026-03-01', nodeId: 'model.shop.fct_orders', queries: 2, credits: 3 },
      { day: '2026-02-20', nodeId: 'model.shop.fct_orders', queries: 1, credits: 1 },
      { day: '2026-01-10', nodeId: 'model.shop.fct_orders', queries: 1, credits: 5 },
      { day: '2026-03-01', nodeId: 'model.shop.stg_orders', queries: 1, credits: 0.5 },
      { day: '2026-03-01', nodeId: 'model.shop.orphan', queries: 1, credits: 7 },
    ],
    reads: [
      { relation: 'MARTS.FCT_ORDERS', readerNodeId: null, queries: 4, lastRead: '2026-03-01T09:00:00.000Z' },
      { relation: 'MARTS.STG_ORDERS', readerNodeId: 'model.shop.fct_orders', queries: 3, lastRead: '2026-03-01T02:00:00.000Z' },
      { relation: 'MARTS.ORPHAN', readerNodeId: 'model.shop.orphan', queries: 1, lastRead: '2026-03-01T02:00:00.000Z' },
    ],
  };
  const costs = async () => rollup;

  test('a model costs its builds in the window, with the window before and a point per day', () => {
    const index = costIndex(rollup);
    expect(index.window).toEqual({ from: '2026-01-31', to: '2026-03-01', currency: 'USD' });
    const figures = costOf(index, ['model.shop.fct_orders']);
    expect(figures).toMatchObject({ credits: 4, cost: 8, builds: 3, previousCost: 10 });
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily.at(-1)).toEqual({ day: '2026-03-01', cost: 6 });
    expect(readsOf(index, { unique_id: 'model.shop.orphan', schema_name: 'marts', identifier: 'orphan' })).toEqual({
      reads: 0,
      lastRead: null,
    });
    expect(readsOf(index, { unique_id: 'model.shop.stg_orders', schema_name: '"marts"', identifier: 'stg_orders' })).toEqual({
      reads: 3,
      lastRead: '2026-03-01T02:00:00.000Z',
    });
  });

  test('an exposure costs every model upstream of it; a product its members and their upstream; unread models by cost', async () => {
    const needed = await upstreamBuilds(store.db, 'acme', ['exposure.shop.sales_dashboard']);
    expect([...(needed.get('exposure.shop.sales_dashboard') ?? [])].sort()).toEqual(['model.shop.fct_orders', 'model.shop.stg_orders']);
    const exposure = await assetCost(store.db, costs, 'acme', 'exposure.shop.sales_dashboard');
    expect(exposure).toMatchObject({ upstreamModels: 2, reads: 0, cost: { credits: 4.5, cost: 9, builds: 4 } });
    const model = await assetCost(store.db, costs, 'acme', 'model.shop.fct_orders');
    expect(model).toMatchObject({ reads: 4, lastRead: '2026-03-01T09:00:00.000Z', cost: { cost: 8 } });
    await expect(assetCost(store.db, costs, 'globex', 'model.shop.fct_orders')).rejects.toBeInstanceOf(CatalogOrganisationNotFoundError);
    expect((await exposureCosts(store.db, costs, 'acme')).exposures).toEqual([
      { uniqueId: 'exposure.shop.sales_dashboard', cost: 9, builds: 4, upstreamModels: 2 },
    ]);
    const product = await productCost(store.db, costs, 'acme', [
      { uniqueId: 'model.shop.dim_customers', resourceType: 'model' },
      { uniqueId: 'model.shop.fct_orders', resourceType: 'model' },
      { uniqueId: 'exposure.shop.sales_dashboard', resourceType: 'exposure' },
      { uniqueId: 'source.shop.raw.orders', resourceType: 'source' },
    ]);
    expect(product.cost.cost).toBe(9);
    // Each member's own: a model what its asset page says, an exposure everything upstream; a source nothing.
    expect(product.memberCosts).toEqual({
      'model.shop.dim_customers': 0,
      'model.shop.fct_orders': model.cost.cost,
      'exposure.shop.sales_dashboard': 9,
    });
    const unread = await unreadModels(store.db, costs, 'acme');
    expect(unread.models.map((row) => [row.name, row.cost])).toEqual([
      ['orphan', 14],
      ['dim_customers', 0],
    ]);
    expect(unread.totalCost).toBe(14);
  });
});
