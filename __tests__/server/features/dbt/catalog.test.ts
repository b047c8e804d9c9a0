// Search, lineage and the exposure health rules on a known project (PGlite store).
import { exposureHealth, nodeHealth } from '../../../../server/src/features/dbt/health';
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import { lineageAround } from '../../../../server/src/features/dbt/lineage';
import { createProjectIndexCache, type ProjectIndex } from '../../../../server/src/features/dbt/projectIndex';
import { currentHealthInputs } from '../../../../server/src/features/dbt/resultQueries';
import { dashboardsDirectory } from '../../../../server/src/features/dashboards/dashboardsStore';
import { exposureDetail, listExposures } from '../../../../server/src/features/dbt/exposures';
import { highlight, searchCatalog } from '../../../../server/src/features/dbt/search';
import { catalogSearchQuery } from '../../../../common/dbt/catalogContract';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { manifestOf, openTestStore, runResultsOf, sourcesOf, type ProjectSpec } from './fixtures';

jest.setTimeout(60_000);

const actor = { organisation: 'shop', subject: 's', username: 'admin' };
const NOW = new Date('2026-01-02T00:00:00Z');

// raw.orders → stg_orders → orders → revenue (exposure); raw.customers → stg_customers → orders; orders → order_items_x (a chain for depth)
const project: ProjectSpec = {
  sources: [
    { source: 'raw', name: 'orders', loadedAt: '_loaded_at', warnHours: 6, errorHours: 24 },
    { source: 'raw', name: 'customers', loadedAt: '_loaded_at', warnHours: 6, errorHours: 24 },
  ],
  models: [
    {
      name: 'stg_orders',
      parents: ['source.shop.raw.orders'],
      description: 'Orders as the shop records them, one row per order',
      columns: ['order_id', 'customer_id'],
      tags: ['staging'],
    },
    {
      name: 'stg_customers',
      parents: ['source.shop.raw.customers'],
      description: 'Customers',
      columns: ['customer_id'],
      tags: ['staging'],
    },
    {
      name: 'orders',
      parents: ['model.shop.stg_orders', 'model.shop.stg_customers'],
      description: 'Orders with their customer',
      columns: ['order_id', 'amount'],
      tags: ['marts'],
      meta: { owner: 'finance@example.com', domain: 'sales' },
    },
    { name: 'order_totals', parents: ['model.shop.orders'], description: 'Totals' },
    { name: 'order_totals_daily', parents: ['model.shop.order_totals'], description: 'Daily totals' },
    { name: 'payments', description: 'Payments' },
  ],
  tests: [
    { name: 'not_null_orders_order_id', on: 'model.shop.orders', column: 'order_id' },
    { name: 'unique_stg_orders_order_id', on: 'model.shop.stg_orders', column: 'order_id' },
  ],
  exposures: [{ name: 'revenue', parents: ['model.shop.orders'], url: 'https://bi.example.com/revenue/' }],
};

let store: Store;
let index: ProjectIndex;
const cache = () => createProjectIndexCache(store.db);

async function ingest(organisation: string, runs: Parameters<typeof runResultsOf>[0], sources: Parameters<typeof sourcesOf>[0] = []) {
  await ingestArtifacts(
    store.db,
    { manifest: manifestOf(project), run_results: runResultsOf(runs), sources: sourcesOf(sources) },
    { organisation, origin: 'upload', actor: { ...actor, organisation } },
  );
  return (await cache().get(organisation)) as ProjectIndex;
}

const allBuilt = (at = '2026-01-01T12:00:00Z') =>
  ['stg_orders', 'stg_customers', 'orders', 'order_totals', 'order_totals_daily', 'payments'].map((name) => ({
    id: `model.shop.${name}`,
    status: 'success',
    at,
  }));

beforeAll(async () => {
  store = await openTestStore();
  index = await ingest(
    'shop',
    [
      ...allBuilt(),
      { id: 'test.shop.not_null_orders_order_id', status: 'pass' },
      { id: 'test.shop.unique_stg_orders_order_id', status: 'pass' },
    ],
    [
      { id: 'source.shop.raw.orders', status: 'pass' },
      { id: 'source.shop.raw.customers', status: 'pass' },
    ],
  );
});
afterAll(async () => {
  await store?.close();
});

const search = (query: Record<string, unknown>) => searchCatalog(store.db, 'shop', index, catalogSearchQuery.parse(query));

describe('search', () => {
  test('a prefix finds names containing the word, best match first, with the match marked', async () => {
    const result = await search({ q: 'ord' });
    const names = result.hits.filter((hit) => hit.kind !== 'column').map((hit) => hit.name);
    expect(names).toEqual(expect.arrayContaining(['orders', 'stg_orders', 'order_totals', 'order_totals_daily']));
    expect(names).not.toContain('payments');
    const orders = result.hits.find((hit) => hit.name === 'stg_orders' && hit.kind === 'model');
    expect(orders?.nameHighlight).toEqual([
      { text: 'stg_', match: false },
      { text: 'orders', match: true },
    ]);
  });

  test('every word must match; columns are found with the node they belong to', async () => {
    const result = await search({ q: 'customer id' });
    const columns = result.hits.filter((hit) => hit.kind === 'column').map((hit) => `${hit.name}.${hit.column}`);
    expect(columns).toEqual(expect.arrayContaining(['stg_orders.customer_id', 'stg_customers.customer_id']));
    expect(result.hits.every((hit) => hit.kind === 'column')).toBe(true);
  });

  test.each(['"orders" & !', "'; drop table dbt_nodes; --", ':* | & ( )', '\\', '%_%'])(
    'a query full of operators or quotes (%s) is answered',
    async (q) => {
      const result = await search({ q });
      expect(result.total).toBeGreaterThanOrEqual(0);
      expect(await store.db.selectFrom('dbt_nodes').select('unique_id').where('organisation_id', '=', 'shop').execute()).toHaveLength(9);
    },
  );

  test('facets count each value among the matches, ignoring their own filter; filters apply to hits', async () => {
    const result = await search({ q: '', kind: ['model'], tag: ['staging'] });
    expect(result.hits.map((hit) => hit.name)).toEqual(['stg_customers', 'stg_orders']);
    expect(result.facets.tag).toEqual([
      { value: 'staging', count: 2 },
      { value: 'marts', count: 1 },
    ]);
    expect(result.facets.kind).toEqual(
      expect.arrayContaining([
        { value: 'model', count: 2 },
        { value: 'column', count: 3 },
      ]),
    );
    expect(result.facets.owner).toEqual([]);
    const owned = await search({ owner: ['finance@example.com'] });
    // The node and its columns carry its owner.
    expect(owned.hits.map((hit) => `${hit.kind}:${hit.column ?? ''}`)).toEqual(['model:', 'column:amount', 'column:order_id']);
    expect(new Set(owned.hits.map((hit) => hit.uniqueId))).toEqual(new Set(['model.shop.orders']));
    expect(owned.facets.domain).toEqual([{ value: 'sales', count: 3 }]);
  });

  test('an empty query lists the assets by name, then the columns by name; test status is a facet', async () => {
    const result = await search({ limit: 100 });
    expect(result.total).toBe(2 + 6 + 1 + 5);
    const byName = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));
    const assets = result.hits.filter((hit) => hit.kind !== 'column').map((hit) => hit.name);
    const columns = result.hits.filter((hit) => hit.kind === 'column').map((hit) => hit.name);
    expect(result.hits.map((hit) => hit.name)).toEqual([...byName(assets), ...byName(columns)]);
    // orders and stg_orders, and the order_id column of each.
    expect(result.facets.testStatus).toEqual([{ value: 'pass', count: 4 }]);
  });

  test('highlight splits on word boundaries only', () => {
    expect(highlight('Orders, re-ordered', ['ord'])).toEqual([
      { text: 'Orders', match: true },
      { text: ', re-', match: false },
      { text: 'ordered', match: true },
    ]);
  });

  test('with inWord, text found inside a word is marked alone; without, it is not', () => {
    expect(highlight('dim_customers', ['ustomer'], { inWord: true })).toEqual([
      { text: 'dim_c', match: false },
      { text: 'ustomer', match: true },
      { text: 's', match: false },
    ]);
    expect(highlight('dim_customers', ['ustomer'])).toEqual([{ text: 'dim_customers', match: false }]);
  });
});

describe('lineage', () => {
  test('depth each way, with counts of the parents and children left out', () => {
    const result = lineageAround(index, { focus: 'model.shop.orders', upstream: 1, downstream: 1, limit: 200 });
    const byId = new Map(result.nodes.map((node) => [node.uniqueId, node]));
    expect([...byId.keys()].sort()).toEqual([
      'exposure.shop.revenue',
      'model.shop.order_totals',
      'model.shop.orders',
      'model.shop.stg_customers',
      'model.shop.stg_orders',
    ]);
    expect(byId.get('model.shop.stg_orders')).toMatchObject({ depth: -1, hiddenUpstream: 1, hiddenDownstream: 0 });
    expect(byId.get('model.shop.order_totals')).toMatchObject({ depth: 1, hiddenDownstream: 1 });
    expect(byId.get('model.shop.orders')).toMatchObject({ depth: 0, hiddenUpstream: 0, hiddenDownstream: 0, testStatus: 'pass' });
    expect(result.edges).toEqual(
      expect.arrayContaining([
        { from: 'model.shop.stg_orders', to: 'model.shop.orders' },
        { from: 'model.shop.orders', to: 'exposure.shop.revenue' },
      ]),
    );
    expect(result.truncated).toBe(false);
  });

  test('deeper, limited per direction, and through filtered-out types', () => {
    const deep = lineageAround(index, { focus: 'model.shop.orders', upstream: 3, downstream: 3, limit: 200 });
    expect(deep.nodes.find((node) => node.uniqueId === 'source.shop.raw.orders')?.depth).toBe(-2);
    expect(deep.nodes.find((node) => node.uniqueId === 'model.shop.order_totals_daily')?.depth).toBe(2);
    const limited = lineageAround(index, { focus: 'model.shop.orders', upstream: 3, downstream: 0, limit: 2 });
    expect(limited.nodes).toHaveLength(3);
    expect(limited.truncated).toBe(true);
    // Sources only: the staging models in between are passed through, the edge joins source to focus.
    const sources = lineageAround(index, { focus: 'model.shop.orders', upstream: 1, downstream: 0, limit: 200, types: ['source'] });
    expect(sources.nodes.map((node) => node.uniqueId).sort()).toEqual([
      'model.shop.orders',
      'source.shop.raw.customers',
      'source.shop.raw.orders',
    ]);
    expect(sources.edges).toEqual(expect.arrayContaining([{ from: 'source.shop.raw.orders', to: 'model.shop.orders' }]));
  });

  test('an unknown focus is a not-found', () => {
    expect(() => lineageAround(index, { focus: 'model.other.x', upstream: 1, downstream: 1, limit: 10 })).toThrow(/No node/);
  });
});

describe("a model's and a source's own health, by dbt's rules for them", () => {
  test('a built model with passing tests is Healthy; a failing test on it Degrades it; one never built is Unknown', async () => {
    const inputs = await currentHealthInputs(store.db, 'shop', index, NOW);
    expect(nodeHealth(index, 'model.shop.orders', inputs)).toMatchObject({ status: 'Healthy' });
    const failing = {
      ...inputs,
      tests: inputs.tests.map((test) => (test.attachedTo === 'model.shop.orders' ? { ...test, status: 'fail' as const } : test)),
    };
    expect(nodeHealth(index, 'model.shop.orders', failing)?.status).toBe('Degraded');
    expect(nodeHealth(index, 'model.shop.orders', { ...inputs, builds: new Map() })).toMatchObject({ status: 'Unknown' });
    // Not built in 30 days is a model rule.
    const old = new Map(inputs.builds);
    old.set('model.shop.orders', { status: 'success', executedAt: '2025-10-01T00:00:00Z' });
    expect(nodeHealth(index, 'model.shop.orders', { ...inputs, builds: old })).toMatchObject({
      status: 'Caution',
      reasons: [expect.stringMatching(/^Not built in the last 30 days \(ran 2025-10-01 00:00 UTC\)$/)],
    });
    // Exposures are judged by what feeds them, tests by nothing of their own.
    expect(nodeHealth(index, 'exposure.shop.revenue', inputs)).toBeNull();
  });

  test('a source past error_after is Degraded, one checked long ago a Caution, one never checked Unknown', () => {
    const base = { builds: new Map(), tests: [], now: NOW };
    const source = 'source.shop.raw.orders';
    const at = (status: 'pass' | 'warn' | 'error', checkedAt: string) =>
      nodeHealth(index, source, { ...base, freshness: new Map([[source, { status, maxLoadedAt: checkedAt, checkedAt }]]) });
    expect(at('error', NOW.toISOString())?.status).toBe('Degraded');
    expect(at('warn', NOW.toISOString())?.status).toBe('Caution');
    expect(at('pass', NOW.toISOString())?.status).toBe('Healthy');
    expect(at('pass', '2024-01-15T00:00:00Z')).toMatchObject({
      status: 'Caution',
      reasons: [expect.stringMatching(/^Not checked in the last 30 days/)],
    });
    expect(nodeHealth(index, source, { ...base, freshness: new Map() })?.status).toBe('Unknown');
  });
});

describe('exposure health', () => {
  const healthOf = async (organisation: string, idx: ProjectIndex, now = NOW) =>
    exposureHealth(idx, 'exposure.shop.revenue', await currentHealthInputs(store.db, organisation, idx, now));

  test('healthy when upstream built, tests passed and sources are fresh, saying what it rests on', async () => {
    const health = await healthOf('shop', index);
    expect(health).toMatchObject({ status: 'Healthy' });
    expect(health.reasons).toEqual([expect.stringMatching(/^\d+ upstream builds succeeded/)]);
  });

  test('a test on a model that does not feed the exposure does not count, even when it reads one that does', async () => {
    const inputs = await currentHealthInputs(store.db, 'shop', index, NOW);
    // A relationships test declared on payments (not upstream of revenue) whose `to` side is orders (upstream).
    const onPayments = {
      uniqueId: 'test.shop.relationships_payments_order_id',
      name: 'relationships_payments_order_id',
      dependsOn: ['model.shop.orders', 'model.shop.payments'],
      attachedTo: 'model.shop.payments',
      status: 'fail' as const,
      message: null,
    };
    expect(exposureHealth(index, 'exposure.shop.revenue', { ...inputs, tests: [...inputs.tests, onPayments] }).status).toBe('Healthy');
    const onOrders = { ...onPayments, attachedTo: 'model.shop.orders' };
    expect(exposureHealth(index, 'exposure.shop.revenue', { ...inputs, tests: [...inputs.tests, onOrders] }).status).toBe('Degraded');
  });

  test('a failing upstream test degrades it, naming the test', async () => {
    const idx = await ingest('failing', [
      ...allBuilt(),
      { id: 'test.shop.unique_stg_orders_order_id', status: 'fail' },
      { id: 'test.shop.not_null_orders_order_id', status: 'pass' },
    ]);
    const health = await healthOf('failing', idx);
    expect(health.status).toBe('Degraded');
    // Each reason says when the result it comes from ran.
    expect(health.reasons).toContainEqual(
      expect.stringMatching(/^Test unique_stg_orders_order_id failed \(ran \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/),
    );
    expect(health.failingTests.map((test) => test.uniqueId)).toEqual(['test.shop.unique_stg_orders_order_id']);
  });

  test('a warning test or a source past warn_after is a caution; past error_after degrades', async () => {
    const warned = await ingest(
      'warned',
      [...allBuilt(), { id: 'test.shop.not_null_orders_order_id', status: 'warn' }],
      [{ id: 'source.shop.raw.orders', status: 'pass' }],
    );
    const warnHealth = await healthOf('warned', warned);
    expect(warnHealth).toMatchObject({
      status: 'Caution',
      reasons: [expect.stringMatching(/^Test not_null_orders_order_id returned a warning \(ran /)],
    });
    const stale = await ingest('stale', allBuilt(), [
      { id: 'source.shop.raw.customers', status: 'warn' },
      { id: 'source.shop.raw.orders', status: 'error' },
    ]);
    const staleHealth = await healthOf('stale', stale);
    expect(staleHealth.status).toBe('Degraded');
    expect(staleHealth.reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Source raw\.orders is stale \(past its error_after\) \(checked /),
        expect.stringMatching(/^Source raw\.customers is stale \(past its warn_after\) \(checked /),
      ]),
    );
    expect(staleHealth.staleSources.map((source) => source.status).sort()).toEqual(['error', 'warn']);
  });

  test('a failed build degrades; an old build is no reason for an exposure (a model rule); no builds nor checks is unknown', async () => {
    const failed = await ingest(
      'failed',
      allBuilt().map((run) => (run.id === 'model.shop.stg_customers' ? { ...run, status: 'error' } : run)),
    );
    expect(await healthOf('failed', failed)).toMatchObject({
      status: 'Degraded',
      reasons: [expect.stringMatching(/^Model stg_customers failed to build in its last run \(ran /)],
    });
    const old = await ingest('old', allBuilt('2025-10-01T00:00:00Z'));
    const oldHealth = await healthOf('old', old);
    expect(oldHealth.status).toBe('Healthy');
    const none = await ingest('none', []);
    expect(await healthOf('none', none)).toMatchObject({ status: 'Unknown' });
    // Passing tests alone say nothing about builds or freshness.
    const testsOnly = await ingest('tests-only', [{ id: 'test.shop.not_null_orders_order_id', status: 'pass' }]);
    expect(await healthOf('tests-only', testsOnly)).toMatchObject({
      status: 'Unknown',
      reasons: ['No upstream model has a build result and no upstream source a freshness check yet'],
    });
  });

  test('the list names the configured dashboard, and the detail keeps health per ingestion', async () => {
    await store.db.insertInto('organisations').values({ id: 'history', name: 'history' }).execute();
    await store.db
      .insertInto('dashboards')
      .values({ organisation_id: 'history', name: 'Revenue', url: 'https://bi.example.com/revenue', position: 1 })
      .execute();
    // Built just now: each ingestion's health is judged at its own time, 30-day recency included.
    const justNow = new Date().toISOString();
    await ingest('history', [...allBuilt(justNow), { id: 'test.shop.not_null_orders_order_id', status: 'pass' }]);
    const idx = await ingest('history', [...allBuilt(justNow), { id: 'test.shop.not_null_orders_order_id', status: 'fail' }]);
    const list = await listExposures(store.db, 'history', idx, dashboardsDirectory(store.db), NOW);
    expect(list.exposures[0]).toMatchObject({
      name: 'revenue',
      dashboardName: 'Revenue',
      upstreamModels: 3,
      upstreamSources: 2,
      health: { status: 'Degraded' },
    });
    const detail = await exposureDetail(store.db, 'history', idx, 'exposure.shop.revenue', dashboardsDirectory(store.db), NOW);
    expect(detail.history.map((point) => point.status)).toEqual(['Healthy', 'Degraded']);
    expect(detail.edges).toEqual(expect.arrayContaining([{ from: 'model.shop.orders', to: 'exposure.shop.revenue' }]));
    await expect(exposureDetail(store.db, 'shop', index, 'exposure.shop.other', dashboardsDirectory(store.db), NOW)).rejects.toThrow(
      /No exposure/,
    );
  });

  test('an exposure URL that is not http(s) is never handed out, whatever the manifest says', async () => {
    const hostile = {
      ...project,
      exposures: [{ name: 'revenue', parents: ['model.shop.orders'], url: 'javascript:alert(document.cookie)' }],
    };
    await ingestArtifacts(
      store.db,
      { manifest: manifestOf(hostile) },
      { organisation: 'hostile', origin: 'upload', actor: { ...actor, organisation: 'hostile' } },
    );
    const idx = (await cache().get('hostile')) as ProjectIndex;
    const list = await listExposures(store.db, 'hostile', idx, dashboardsDirectory(store.db), NOW);
    expect(list.exposures[0]).toMatchObject({ name: 'revenue', url: null, dashboardName: null });
    expect((await exposureDetail(store.db, 'hostile', idx, 'exposure.shop.revenue', dashboardsDirectory(store.db), NOW)).url).toBeNull();
  });
});
