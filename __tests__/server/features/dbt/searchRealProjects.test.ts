// Explore's search over the real artifacts of public dbt projects (../shared/dbt-real, by path,
// read and changed in memory only): names typed exactly or as a prefix find their models before
// columns sharing the word, certified assets rank first among equals, and semantic models, saved
// queries and the project's and its packages' macros (never dbt's or the adapter's) are found by
// name and open on an asset page that shows what they are made of.
import { ingestArtifacts, type ArtifactSet } from '../../../../server/src/features/dbt/ingest';
import { assetDetail } from '../../../../server/src/features/dbt/assets';
import { createProjectIndexCache, type ProjectIndex } from '../../../../server/src/features/dbt/projectIndex';
import { searchCatalog } from '../../../../server/src/features/dbt/search';
import { catalogSearchQuery, type SearchHit } from '../../../../common/dbt/catalogContract';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openTestStore, realJson } from './fixtures';

jest.setTimeout(120_000);

const C24 = 'dbt-labs__c24-workshops-sales';
const JAFFLE_SL = 'yuvaraj91__dbt-jaffle-sl-template';
const ECOM = 'peekknuf__ELT_ECOM';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a manifest read as JSON.

/** A saved query as dbt 1.8 writes it in manifest v12 (the real projects here define none). */
function savedQuery(project: string): Json {
  return {
    name: 'revenue_by_region',
    resource_type: 'saved_query',
    package_name: project,
    path: 'semantic_models/saved_queries.yml',
    original_file_path: 'models/semantic_models/saved_queries.yml',
    unique_id: `saved_query.${project}.revenue_by_region`,
    fqn: [project, 'semantic_models', 'revenue_by_region'],
    query_params: {
      metrics: ['total_revenue', 'total_customers'],
      group_by: ["TimeDimension('metric_time', 'month')", "Dimension('customer__region')"],
      where: { where_filters: [{ where_sql_template: "{{ TimeDimension('metric_time', 'day') }} >= '2024-01-01'" }] },
    },
    exports: [
      {
        name: 'revenue_by_region',
        config: { export_as: 'table', schema_name: 'exports', alias: null, database: null },
        unrendered_config: {},
      },
    ],
    description: 'Revenue and customers per region and month',
    label: 'Revenue by region',
    metadata: null,
    config: { enabled: true, group: null, meta: {}, export_as: null, schema: null, cache: { enabled: false } },
    unrendered_config: {},
    group: null,
    depends_on: { macros: [], nodes: [`metric.${project}.total_revenue`, `metric.${project}.total_customers`] },
    created_at: 1726776104.2,
    refs: [],
    tags: [],
  };
}

let store: Store;
const indexes = new Map<string, ProjectIndex>();

async function ingest(organisation: string, set: ArtifactSet): Promise<ProjectIndex> {
  await ingestArtifacts(store.db, set, { organisation, origin: 'upload', actor: { organisation, subject: 's', username: 'admin' } });
  const index = (await createProjectIndexCache(store.db).get(organisation)) as ProjectIndex;
  indexes.set(organisation, index);
  return index;
}

const search = (organisation: string, query: Record<string, unknown>) =>
  searchCatalog(store.db, organisation, indexes.get(organisation) as ProjectIndex, catalogSearchQuery.parse(query));
const label = (hit: SearchHit) => (hit.column ? `column:${hit.name}.${hit.column}` : `${hit.kind}:${hit.name}`);

beforeAll(async () => {
  store = await openTestStore();
  const c24 = (await realJson(C24, 'manifest.json')) as Json;
  c24.saved_queries = { [`saved_query.acme_sales.revenue_by_region`]: savedQuery('acme_sales') };
  // Certified in dbt's words, one by config.meta and one by tag: the last two of four staging models in name order.
  c24.nodes['model.acme_sales.stg_tpch_suppliers'].config.meta = { certified: true };
  c24.nodes['model.acme_sales.stg_tpch_regions'].tags = [...c24.nodes['model.acme_sales.stg_tpch_regions'].tags, 'certified'];
  await ingest('c24', { manifest: c24, run_results: await realJson(C24, 'run_results.json') });
  await ingest('jaffle', { manifest: await realJson(JAFFLE_SL, 'manifest.json') });
  await ingest('ecom', { manifest: await realJson(ECOM, 'manifest.json') });
});
afterAll(async () => {
  await store?.close();
});

describe('names typed come first', () => {
  test('an exact model name ranks first, over columns sharing the word', async () => {
    expect((await search('c24', { q: 'order_items' })).hits.map(label).slice(0, 2)).toEqual([
      'model:order_items',
      'semantic_model:order_items',
    ]);
    // The model revenue has a column revenue: the model comes first.
    const revenue = await search('ecom', { q: 'revenue' });
    expect(revenue.hits.map(label).slice(0, 2)).toEqual(['model:revenue', 'column:revenue.revenue']);
  });

  test('assets whose name starts with the word come before every column, even a column starting so', async () => {
    const result = await search('c24', { q: 'order', limit: 100 });
    const labels = result.hits.map(label);
    const firstColumn = labels.findIndex((hit) => hit.startsWith('column:'));
    expect(labels.slice(0, firstColumn)).toEqual([
      'model:order_items',
      'semantic_model:order_items',
      'source:orders',
      'semantic_model:orders',
    ]);
    expect(labels).toContain('column:order_items.order_key');
  });

  test('a certified asset outranks uncertified ones of the same name score', async () => {
    const result = await search('c24', { q: 'stg_tpch' });
    const labels = result.hits.filter((hit) => hit.kind === 'model').map(label);
    // All eight start with the words typed; the certified two come first, each part in name order.
    expect(labels.slice(0, 3)).toEqual(['model:stg_tpch_regions', 'model:stg_tpch_suppliers', 'model:stg_tpch_customers']);
    expect(result.hits.filter((hit) => hit.certified).map(label)).toEqual(['model:stg_tpch_regions', 'model:stg_tpch_suppliers']);
    const detail = await assetDetail(store.db, 'c24', indexes.get('c24') as ProjectIndex, 'model.acme_sales.stg_tpch_suppliers');
    expect(detail.certified).toBe(true);
  });

  test('with no query, every asset comes before every column', async () => {
    const result = await search('c24', { limit: 100, offset: 0 });
    const all = [...result.hits];
    for (let offset = 100; offset < result.total; offset += 100) all.push(...(await search('c24', { limit: 100, offset })).hits);
    expect(all).toHaveLength(result.total);
    const firstColumn = all.findIndex((hit) => hit.kind === 'column');
    expect(firstColumn).toBeGreaterThan(0);
    expect(all.slice(firstColumn).every((hit) => hit.kind === 'column')).toBe(true);
  });
});

describe('semantic models, saved queries and macros', () => {
  test('a semantic model is found by name and by a measure it defines, and its page shows its parts', async () => {
    const found = await search('jaffle', { q: 'foto_orders_semantic_model' });
    expect(found.hits.map(label)[0]).toBe('semantic_model:foto_orders_semantic_model');
    const byMeasure = await search('c24', { q: 'total_revenue' });
    expect(byMeasure.hits.map(label)).toEqual(expect.arrayContaining(['metric:total_revenue', 'semantic_model:orders']));
    const detail = await assetDetail(store.db, 'c24', indexes.get('c24') as ProjectIndex, 'semantic_model.acme_sales.orders');
    expect(detail.resourceType).toBe('semantic_model');
    expect(detail.definition).toMatchObject({ kind: 'semantic_model', model: expect.stringContaining('fct_orders') });
    if (detail.definition?.kind !== 'semantic_model') throw new Error('not a semantic model');
    expect(detail.definition.measures.map((measure) => measure.name)).toContain('total_revenue');
    expect(detail.definition.entities.map((entity) => entity.name)).toEqual(expect.arrayContaining(['customer_order', 'customer']));
  });

  test('a saved query is found by name; its page lists its metrics, group-bys, filter and export, and lineage to its metrics', async () => {
    const found = await search('c24', { q: 'revenue_by' });
    expect(found.hits.map(label)[0]).toBe('saved_query:revenue_by_region');
    const detail = await assetDetail(store.db, 'c24', indexes.get('c24') as ProjectIndex, 'saved_query.acme_sales.revenue_by_region');
    expect(detail.definition).toEqual({
      kind: 'saved_query',
      label: 'Revenue by region',
      metrics: ['total_revenue', 'total_customers'],
      groupBy: ["TimeDimension('metric_time', 'month')", "Dimension('customer__region')"],
      where: ["{{ TimeDimension('metric_time', 'day') }} >= '2024-01-01'"],
      exports: [{ name: 'revenue_by_region', exportAs: 'table', relation: 'exports.revenue_by_region' }],
    });
    expect(detail.upstream.map((node) => node.uniqueId).sort()).toEqual([
      'metric.acme_sales.total_customers',
      'metric.acme_sales.total_revenue',
    ]);
  });

  test("the project's own macro and an installed package's are found by name, with their SQL; dbt's and the adapter's never", async () => {
    const own = await search('c24', { q: 'money' });
    expect(own.hits.map(label)[0]).toBe('macro:money');
    const detail = await assetDetail(store.db, 'c24', indexes.get('c24') as ProjectIndex, 'macro.acme_sales.money');
    expect(detail.rawCode).toContain('{% macro money(col)');
    expect(detail.originalFilePath).toBe('macros/macros/convert_money.sql');
    expect(detail.definition).toEqual({ kind: 'macro', arguments: [] });

    const installed = await search('c24', { q: 'star', kind: ['macro'] });
    expect(installed.hits.map((hit) => hit.uniqueId)).toContain('macro.dbt_utils.star');

    const macros = await search('c24', { kind: ['macro'], limit: 1 });
    const packages = macros.facets.package.map((facet) => facet.value);
    expect(packages).toEqual(expect.arrayContaining(['acme_sales', 'dbt_utils', 'dbt_expectations']));
    expect(packages).not.toContain('dbt');
    expect(packages).not.toContain('dbt_snowflake');
    expect(macros.facets.kind).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'macro' })]));
    expect((await search('c24', { q: 'snowflake__create_table_as' })).hits.filter((hit) => hit.kind === 'macro')).toEqual([]);
  });

  test('the kind facet counts the new kinds', async () => {
    const result = await search('c24', { limit: 1 });
    const kinds = new Map(result.facets.kind.map((facet) => [facet.value, facet.count]));
    expect(kinds.get('semantic_model')).toBe(3);
    expect(kinds.get('saved_query')).toBe(1);
    expect(kinds.get('macro')).toBeGreaterThan(300);
  });
});
