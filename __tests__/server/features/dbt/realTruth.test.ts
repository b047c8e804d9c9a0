// What the catalog says about the real artifacts of public dbt projects (../shared/dbt-real, by
// path), checked against an independent reading of the same files: every relationships test sits
// on the node its `model` argument names, a singular test over several models is listed on each
// ("Referenced by"), a column only the warehouse knows keeps the warehouse's spelling, a source
// table's description is its own, a run uploaded late never hides a newer failure, and an
// exposure with nothing built or checked upstream is Unknown.
import { foldIngestion } from '../../../../server/src/features/catalog-quality/testStates';
import { parseManifest } from '../../../../server/src/features/dbt/artifacts/manifest';
import { catalogSearchQuery } from '@common/dbt/catalogContract';
import { assetDetail } from '../../../../server/src/features/dbt/assets';
import { searchCatalog } from '../../../../server/src/features/dbt/search';
import { exposureHealth } from '../../../../server/src/features/dbt/health';
import { ingestArtifacts, type ArtifactSet } from '../../../../server/src/features/dbt/ingest';
import { currentHealthInputs } from '../../../../server/src/features/dbt/resultQueries';
import { createProjectIndexCache } from '../../../../server/src/features/dbt/projectIndex';
import type { Actor } from '../../../../server/src/platform/store/audit';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { acceptedRealProjects, openTestStore, realJson } from './fixtures';

jest.setTimeout(120_000);

const actor: Actor = { organisation: 'acme', subject: 'sub-admin', username: 'admin' };

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
/** The organisation's current project as the pages read it. */
const loadProjectIndex = (db: Store['db'], organisation: string) => createProjectIndexCache(db).get(organisation);
afterAll(async () => {
  await store?.close();
});

interface RawNode {
  unique_id: string;
  resource_type: string;
  name: string;
  attached_node?: string | null;
  depends_on?: { nodes?: string[] };
  test_metadata?: { name?: string; kwargs?: Record<string, unknown> } | null;
}

const projects = acceptedRealProjects();

/**
 * The node a generic test is declared on, read from its own `model` argument
 * (`{{ get_where_subquery(ref('orders')) }}`, `source('tpch', 'orders')`, `ref('pkg', 'x', v=2)`),
 * resolved among the test's parents.
 */
function declaredOn(test: RawNode): string | null {
  const model = String(test.test_metadata?.kwargs?.model ?? '');
  const parents = test.depends_on?.nodes ?? [];
  const source = /source\(\s*'([^']+)'\s*,\s*'([^']+)'\s*\)/.exec(model);
  if (source) return parents.find((id) => id.startsWith('source.') && id.endsWith(`.${source[1]}.${source[2]}`)) ?? null;
  const ref = /ref\(\s*'([^']+)'(?:\s*,\s*'([^']+)')?(?:\s*,\s*(?:v|version)\s*=\s*'?(\w+)'?)?\s*\)/.exec(model);
  if (!ref) return null;
  const name = ref[2] ?? ref[1];
  const version = ref[3];
  return (
    parents.find((id) => {
      const parts = id.split('.');
      if (parts[0] === 'source' || parts[0] === 'test') return false;
      return version ? parts.at(-2) === name && parts.at(-1) === `v${version}` : parts[2] === name;
    }) ?? null
  );
}

it('finds the projects the portal accepts', () => {
  expect(projects.length).toBeGreaterThanOrEqual(10);
});

describe.each(projects)('%s', (folder) => {
  it('puts every relationships test on the node it is declared on, and lists a singular test over several models on none', async () => {
    const raw = (await realJson(folder, 'manifest.json')) as { nodes: Record<string, RawNode> };
    const parsed = parseManifest(raw);
    const byId = new Map(parsed.tests.map((test) => [test.uniqueId, test]));
    const relationships = Object.values(raw.nodes).filter(
      (node) => node.resource_type === 'test' && (node.test_metadata?.name ?? '').startsWith('relationships'),
    );
    for (const test of relationships) {
      const expected = declaredOn(test);
      expect({ test: test.unique_id, on: byId.get(test.unique_id)?.attachedTo }).toEqual({ test: test.unique_id, on: expected });
    }
    const singular = Object.values(raw.nodes).filter(
      (node) => node.resource_type === 'test' && !node.test_metadata && new Set(node.depends_on?.nodes ?? []).size > 1,
    );
    for (const test of singular) {
      expect(byId.get(test.unique_id)).toMatchObject({ attachedTo: null, dependsOn: [...new Set(test.depends_on?.nodes ?? [])] });
    }
    console.log(
      `${folder}: ${relationships.length} relationships tests on their declared node; ${singular.length} singular tests over several models`,
    );
  });
});

it('lists the relationships tests of c24 on the tested source and column, and on the referenced one only as "Referenced by"', async () => {
  const organisation = 'truth-c24';
  await ingestArtifacts(
    store.db,
    { manifest: await realJson('dbt-labs__c24-workshops-sales', 'manifest.json') },
    { organisation, origin: 'upload', actor },
  );
  const index = await loadProjectIndex(store.db, organisation);
  const orders = await assetDetail(store.db, organisation, index, 'source.acme_sales.tpch.orders');
  const customer = await assetDetail(store.db, organisation, index, 'source.acme_sales.tpch.customer');
  const onOrders = orders.tests.filter((test) => test.name.startsWith('source_relationships_tpch_orders_o_custkey'));
  expect(onOrders).toEqual([expect.objectContaining({ column: 'o_custkey' })]);
  expect(customer.tests.some((test) => test.name.startsWith('source_relationships_tpch_orders_o_custkey'))).toBe(false);
  expect(customer.referencedBy.map((test) => test.name)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^source_relationships_tpch_orders_o_custkey/)]),
  );
});

it('lists a singular test over several models on each of them, under "Referenced by"', async () => {
  const organisation = 'truth-airbnb';
  await ingestArtifacts(
    store.db,
    { manifest: await realJson('PruthvirajH__dbt-airbnb-analytics__docs', 'manifest.json') },
    { organisation, origin: 'upload', actor },
  );
  const index = await loadProjectIndex(store.db, organisation);
  for (const model of ['model.dbtlearn.fct_reviews', 'model.dbtlearn.dim_listings_cleansed']) {
    const asset = await assetDetail(store.db, organisation, index, model);
    expect(asset.referencedBy.map((test) => test.name)).toContain('consistent_created_at');
    expect(asset.tests.map((test) => test.name)).not.toContain('consistent_created_at');
  }
});

it("keeps the warehouse's spelling of a column only catalog.json knows, and gives a source table only its own description", async () => {
  const organisation = 'truth-trade';
  await ingestArtifacts(
    store.db,
    {
      manifest: await realJson('2moonyo__global-trade-intelligence-pipeline', 'manifest.json'),
      catalog: await realJson('2moonyo__global-trade-intelligence-pipeline', 'catalog.json'),
    },
    { organisation, origin: 'upload', actor },
  );
  const catalog = (await realJson('2moonyo__global-trade-intelligence-pipeline', 'catalog.json')) as {
    nodes: Record<string, { columns: Record<string, { name: string }> }>;
    sources: Record<string, { columns: Record<string, { name: string }> }>;
  };
  const manifest = (await realJson('2moonyo__global-trade-intelligence-pipeline', 'manifest.json')) as {
    nodes: Record<string, { columns?: Record<string, { name: string }> }>;
    sources: Record<string, { columns?: Record<string, { name: string }> }>;
  };
  const stored = await store.db.selectFrom('dbt_columns').select(['node_id', 'name']).where('organisation_id', '=', organisation).execute();
  const storedNames = new Set(stored.map((row) => `${row.node_id}\u0000${row.name}`));
  let checked = 0;
  for (const [id, table] of [...Object.entries(catalog.nodes), ...Object.entries(catalog.sources)]) {
    const declared = new Set(
      Object.values((manifest.nodes[id] ?? manifest.sources[id])?.columns ?? {}).map((column) => column.name.toLowerCase()),
    );
    if (!manifest.nodes[id] && !manifest.sources[id]) continue;
    for (const column of Object.values(table.columns)) {
      if (declared.has(column.name.toLowerCase())) continue;
      expect(storedNames.has(`${id}\u0000${column.name}`)).toBe(true);
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(0);
  expect(storedNames.has('source.capstone_monthly.raw.dim_trade_flow\u0000flowCode')).toBe(true);

  const jaffle = 'truth-jaffle';
  await ingestArtifacts(
    store.db,
    { manifest: await realJson('yuvaraj91__dbt-jaffle-sl-template', 'manifest.json') },
    { organisation: jaffle, origin: 'upload', actor },
  );
  const stores = await assetDetail(store.db, jaffle, await loadProjectIndex(store.db, jaffle), 'source.jaffle_shop.ecom.raw_stores');
  expect(stores.description).toBe('');
});

it('orders results by when they ran: a run uploaded late does not hide a newer failure', async () => {
  const organisation = 'truth-ecom';
  const folder = 'peekknuf__ELT_ECOM';
  const manifest = await realJson(folder, 'manifest.json');
  const newer = (await realJson(folder, 'run_results.json')) as {
    metadata: { generated_at: string };
    results: Array<{
      unique_id: string;
      status: string;
      failures?: number | null;
      timing?: Array<{ started_at?: string; completed_at?: string }>;
    }>;
  };
  const failing = newer.results.find((result) => result.unique_id.startsWith('test.') && result.status === 'fail');
  if (!failing) throw new Error(`${folder} has no failing test to check with`);
  // The same run one day earlier, in which that test passed.
  const dayEarlier = (value: string | undefined) => (value ? new Date(Date.parse(value) - 86_400_000).toISOString() : value);
  const older = structuredClone(newer);
  older.metadata.generated_at = dayEarlier(older.metadata.generated_at) ?? older.metadata.generated_at;
  for (const result of older.results) {
    for (const timing of result.timing ?? []) {
      timing.started_at = dayEarlier(timing.started_at);
      timing.completed_at = dayEarlier(timing.completed_at);
    }
    if (result.unique_id === failing.unique_id) Object.assign(result, { status: 'pass', failures: 0 });
  }

  for (const runResults of [newer, older]) {
    const set: ArtifactSet = { manifest, run_results: runResults };
    const summary = await ingestArtifacts(store.db, set, { organisation, origin: 'upload', actor });
    await store.db.transaction().execute((tx) => foldIngestion(tx, organisation, summary.id));
  }

  const index = await loadProjectIndex(store.db, organisation);
  const test = index?.tests.find((candidate) => candidate.uniqueId === failing.unique_id);
  expect(test?.status).toBe('fail');
  const state = await store.db
    .selectFrom('catalog_test_states')
    .select(['last_status', 'recent', 'runs'])
    .where('organisation_id', '=', organisation)
    .where('test_id', '=', failing.unique_id)
    .executeTakeFirstOrThrow();
  // Newest first by when the runs ran: the failure, then the older pass.
  expect(state).toMatchObject({ last_status: 'fail', recent: 'fp', runs: 2 });
});

it('judges an exposure Unknown when its models were never built and its sources never checked (only tests ran)', async () => {
  const organisation = 'truth-retail';
  const folder = 'doviec__ga_retail_project';
  await ingestArtifacts(
    store.db,
    { manifest: await realJson(folder, 'manifest.json'), run_results: await realJson(folder, 'run_results.json') },
    { organisation, origin: 'upload', actor },
  );
  const index = await loadProjectIndex(store.db, organisation);
  if (!index) throw new Error('not ingested');
  const health = exposureHealth(
    index,
    'exposure.ga_retail_project.revenue_by_country_and_date',
    await currentHealthInputs(store.db, organisation, index, new Date()),
  );
  expect(health.status).toBe('Unknown');
  expect(health.reasons).toEqual(['No upstream model has a build result and no upstream source a freshness check yet']);
});

it('gives a source its own health: a freshness result from long ago is a Caution that says when it was checked', async () => {
  const organisation = 'truth-postgres';
  const folder = 'daniel-obare__dbt-Postgres-Project';
  await ingestArtifacts(
    store.db,
    { manifest: await realJson(folder, 'manifest.json'), sources: await realJson(folder, 'sources.json') },
    { organisation, origin: 'upload', actor },
  );
  const index = await loadProjectIndex(store.db, organisation);
  const source = await assetDetail(store.db, organisation, index, 'source.cayoty_dbt_pgProj.schema_name.cust');
  expect(source.freshness?.status).toBe('pass');
  expect(source.health).toMatchObject({
    status: 'Caution',
    reasons: [expect.stringMatching(/^Not checked in the last 30 days \(checked 2024-/)],
  });
});

it("tells versioned models apart, says which is latest, and keeps access, group and contract (c24's versioned models)", async () => {
  const organisation = 'truth-versions';
  await ingestArtifacts(
    store.db,
    { manifest: await realJson('dbt-labs__c24-workshops-sales', 'manifest.json') },
    { organisation, origin: 'upload', actor },
  );
  const index = await loadProjectIndex(store.db, organisation);
  const v1 = await assetDetail(store.db, organisation, index, 'model.acme_sales.dim_customers.v1');
  expect(v1).toMatchObject({
    name: 'dim_customers v1',
    version: '1',
    latestVersion: '2',
    access: 'public',
    group: 'sales',
    contractEnforced: true,
  });
  // ad_spend_per_adv's latest is v1 although a v2 exists.
  expect(await assetDetail(store.db, organisation, index, 'model.acme_sales.ad_spend_per_adv.v2')).toMatchObject({
    version: '2',
    latestVersion: '1',
  });
  const search = (query: Record<string, unknown>) =>
    searchCatalog(store.db, organisation, index, catalogSearchQuery.parse({ kind: 'model', ...query }));
  const found = await search({ q: 'dim_customers' });
  expect(found.hits.map((hit) => hit.name)).toEqual(expect.arrayContaining(['dim_customers v1', 'dim_customers v2']));
  const publicModels = await search({ access: 'public' });
  expect(publicModels.total).toBeGreaterThan(0);
  expect(publicModels.facets.access.map((facet) => facet.value)).toContain('public');
  expect((await search({ contract: 'enforced' })).hits.every((hit) => hit.resourceType === 'model')).toBe(true);
});

it('finds what people type: a model named by the words ranks above columns, and text inside a word is found', async () => {
  const organisation = 'truth-search';
  await ingestArtifacts(
    store.db,
    { manifest: await realJson('peekknuf__ELT_ECOM', 'manifest.json') },
    { organisation, origin: 'upload', actor },
  );
  const index = await loadProjectIndex(store.db, organisation);
  const search = (q: string | undefined) =>
    searchCatalog(store.db, organisation, index, catalogSearchQuery.parse(q === undefined ? {} : { q }));
  // "reven": the model revenue first, before columns named revenue_… of other models.
  const reven = await search('reven');
  expect(reven.hits[0]).toMatchObject({ name: 'revenue', kind: 'model', column: null });
  // Text inside a word (no word of any name starts with "evenu").
  const inside = await search('evenu');
  expect(inside.hits.map((hit) => hit.name)).toContain('revenue');
  // With no query, assets come before columns.
  const all = await search(undefined);
  const firstColumn = all.hits.findIndex((hit) => hit.kind === 'column');
  expect(firstColumn === -1 || all.hits.slice(firstColumn).every((hit) => hit.kind === 'column')).toBe(true);
});
