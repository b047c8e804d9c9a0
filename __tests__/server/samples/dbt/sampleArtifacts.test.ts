/**
 * The sample dbt project's artifacts, built against a real sample warehouse (DuckDB in a
 * temporary directory): valid against dbt's published schemas, and saying what the warehouse
 * really holds (one failing test, one warning, stale and fresh sources, built models).
 */
import { buildSampleArtifacts } from '../../../../server/src/samples/dbt/sampleArtifacts';
import { demoDashboards, demoDashboardUrl } from '../../../../server/src/features/dashboards/demoSeed';
import { NOW, openTestAccount, spyEngine, type TestAccount } from '../../features/warehouse/sampleAccount';
import { dbtSchema, schemaErrors } from './dbtSchemas';

const PORTAL = 'https://portal.example.com';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- artifacts are read as dbt's JSON, checked by the schemas

let account: TestAccount;
let artifacts: { manifest: Json; runResults: Json; sources: Json; catalog: Json };

beforeAll(async () => {
  account = await openTestAccount({ org: 'acme', queryCount: 3000 });
  artifacts = (await buildSampleArtifacts(account.engine, { now: NOW, organisation: 'acme', portalUrl: `${PORTAL}/` })) as typeof artifacts;
}, 60_000);

afterAll(async () => {
  await account.close();
});

describe('the sample project artifacts are valid dbt artifacts', () => {
  it.each([
    ['manifest', 'manifest/v12.json', 'https://schemas.getdbt.com/dbt/manifest/v12.json'],
    ['runResults', 'run-results/v6.json', 'https://schemas.getdbt.com/dbt/run-results/v6.json'],
    ['sources', 'sources/v3.json', 'https://schemas.getdbt.com/dbt/sources/v3.json'],
    ['catalog', 'catalog/v1.json', 'https://schemas.getdbt.com/dbt/catalog/v1.json'],
  ] as const)('%s validates against dbt %s', (key, schema, url) => {
    expect(schemaErrors(dbtSchema(schema), artifacts[key])).toEqual([]);
    expect(artifacts[key].metadata.dbt_schema_version).toBe(url);
  });

  it('would catch an artifact dbt would not write (the validators are not vacuous)', () => {
    const manifest = structuredClone(artifacts.manifest);
    manifest.nodes['model.dataworks_demo.fct_orders'].materialised = 'table';
    delete manifest.nodes['model.dataworks_demo.dim_customers'].checksum;
    expect(schemaErrors(dbtSchema('manifest/v12.json'), manifest).length).toBeGreaterThan(0);
    const runResults = structuredClone(artifacts.runResults);
    runResults.results[0].status = 'exploded';
    expect(schemaErrors(dbtSchema('run-results/v6.json'), runResults).length).toBeGreaterThan(0);
    const sources = structuredClone(artifacts.sources);
    sources.results[0].criteria.warn_after.period = 'fortnight';
    expect(schemaErrors(dbtSchema('sources/v3.json'), sources).length).toBeGreaterThan(0);
    const catalog = structuredClone(artifacts.catalog);
    delete catalog.nodes['model.dataworks_demo.fct_orders'].metadata.type;
    expect(schemaErrors(dbtSchema('catalog/v1.json'), catalog).length).toBeGreaterThan(0);
  });

  it("is built in the embedded sample warehouse only, never in a client's Snowflake account", async () => {
    const snowflake = spyEngine(account.engine, 'snowflake');
    await expect(buildSampleArtifacts(snowflake, { now: NOW, organisation: 'acme', portalUrl: PORTAL })).rejects.toThrow(
      /embedded sample warehouse only/,
    );
    expect(snowflake.recorded).toEqual([]);
  });

  it('holds every kind of resource the project defines', () => {
    const nodes = Object.values(artifacts.manifest.nodes) as Json[];
    const count = (type: string): number => nodes.filter((node) => node.resource_type === type).length;
    expect(count('model')).toBeGreaterThanOrEqual(15);
    expect(count('seed')).toBe(1);
    expect(count('snapshot')).toBe(1);
    expect(count('test')).toBeGreaterThanOrEqual(30);
    expect(Object.keys(artifacts.manifest.sources)).toHaveLength(10);
    const types = new Set(Object.values(artifacts.manifest.exposures).map((exposure) => (exposure as Json).type));
    expect([...types].sort()).toEqual(['analysis', 'application', 'dashboard', 'ml', 'notebook']);
  });

  it('has a graph whose every edge names a resource of the manifest', () => {
    const { manifest } = artifacts;
    const known = new Set([
      ...Object.keys(manifest.nodes),
      ...Object.keys(manifest.sources),
      ...Object.keys(manifest.exposures),
      ...Object.keys(manifest.metrics),
      ...Object.keys(manifest.semantic_models),
    ]);
    for (const [id, parents] of Object.entries(manifest.parent_map as Record<string, string[]>)) {
      expect(known.has(id)).toBe(true);
      for (const parent of parents) {
        expect(known.has(parent)).toBe(true);
        expect(manifest.child_map[parent]).toContain(id);
      }
    }
    expect(manifest.parent_map['model.dataworks_demo.fct_orders']).toEqual(['model.dataworks_demo.int_orders__amounts']);
    expect(manifest.parent_map['model.dataworks_demo.stg_shop__orders']).toEqual(['source.dataworks_demo.shop.orders']);
  });
});

describe('what dbt-core 1.10 writes', () => {
  it('has three invocations (build, freshness, docs generate), the manifest and catalog sharing the last', () => {
    const build = (artifacts.runResults.metadata as Json).invocation_id;
    const freshness = (artifacts.sources.metadata as Json).invocation_id;
    const docs = (artifacts.manifest.metadata as Json).invocation_id;
    expect(new Set([build, freshness, docs]).size).toBe(3);
    expect((artifacts.catalog.metadata as Json).invocation_id).toBe(docs);
  });

  it('lists every macro a node depends on among its macros', () => {
    const used = new Set(
      (Object.values(artifacts.manifest.nodes) as Json[]).flatMap((node) => (node.depends_on?.macros ?? []) as string[]),
    );
    expect(used.size).toBeGreaterThan(0);
    for (const macro of used) expect({ macro, listed: macro in artifacts.manifest.macros }).toEqual({ macro, listed: true });
    expect(artifacts.manifest.macros['macro.dbt.test_not_null']).toMatchObject({ package_name: 'dbt', resource_type: 'macro' });
  });

  it('has the time spine the metrics need, by its day column', () => {
    const spine = artifacts.manifest.nodes['model.dataworks_demo.metricflow_time_spine'] as Json;
    expect(spine.time_spine).toEqual({ standard_granularity_column: 'date_day', custom_granularities: [] });
    expect(spine.columns.date_day.granularity).toBe('day');
  });

  it("keeps each source's freshness criteria in its config too", () => {
    const sources = Object.values(artifacts.manifest.sources) as Json[];
    const checked = sources.filter((source) => source.freshness !== null);
    expect(checked.length).toBeGreaterThan(0);
    for (const source of sources) expect((source.config as Json).freshness).toEqual(source.freshness);
  });
});

describe('what the warehouse answered', () => {
  const results = (): Json[] => artifacts.runResults.results as Json[];

  it('builds every model, seed and snapshot in the warehouse, with rows', async () => {
    const built = results().filter((result) => !result.unique_id.startsWith('test.'));
    expect(built.map((result) => result.status)).toEqual(built.map(() => 'success'));
    for (const node of Object.values(artifacts.manifest.nodes) as Json[]) {
      if (!['model', 'seed', 'snapshot'].includes(node.resource_type as string)) continue;
      const [row] = await account.sql(`SELECT COUNT(*) AS n FROM ${node.relation_name as string}`);
      expect({ model: node.name, hasRows: Number(row?.n) > 0 }).toEqual({ model: node.name, hasRows: true });
    }
  });

  it('has exactly one failing test (orders without a customer) and one warning (an unknown payment method)', async () => {
    const failed = results().filter((result) => result.status === 'fail' || result.status === 'error');
    const warned = results().filter((result) => result.status === 'warn');
    expect(failed.map((result) => result.unique_id)).toEqual([
      expect.stringMatching(/^test\.dataworks_demo\.not_null_fct_orders_customer_id\./),
    ]);
    expect(warned.map((result) => result.unique_id)).toEqual([
      expect.stringMatching(/^test\.dataworks_demo\.accepted_values_stg_shop__payments_payment_method__/),
    ]);
    // The counts are the warehouse's: orders without a customer, distinct unexpected methods.
    const [nulls] = await account.sql('SELECT COUNT(*) AS n FROM RAW_SHOP.ORDERS WHERE CUSTOMER_ID IS NULL');
    expect(failed[0]?.failures).toBe(Number(nulls?.n));
    expect(failed[0]?.failures).toBeGreaterThan(0);
    expect(warned[0]?.message).toBe('Got 1 result, configured to warn if != 0');
    const passed = results().filter((result) => result.status === 'pass');
    expect(passed.length).toBeGreaterThanOrEqual(30);
  });

  it("checks freshness with each source's filter: the shop passes, web events warn, the CRM errors", async () => {
    const status = Object.fromEntries((artifacts.sources.results as Json[]).map((result) => [result.unique_id, result.status]));
    expect(status).toMatchObject({
      'source.dataworks_demo.shop.orders': 'pass',
      'source.dataworks_demo.shop.customers': 'pass',
      'source.dataworks_demo.events.web_events': 'warn',
      'source.dataworks_demo.crm.support_tickets': 'error',
      'source.dataworks_demo.snowflake_account_usage.query_history': 'pass',
    });
    // Without the filter the heartbeats would make web events look fresh.
    const webEvents = (artifacts.sources.results as Json[]).find(
      (result) => result.unique_id === 'source.dataworks_demo.events.web_events',
    );
    const [raw] = await account.sql(
      "SELECT MAX(_LOADED_AT) AS newest, MAX(_LOADED_AT) FILTER (WHERE EVENT_TYPE <> 'heartbeat') AS filtered FROM RAW_EVENTS.WEB_EVENTS",
    );
    expect(new Date(webEvents?.max_loaded_at as string).getTime()).toBe((raw?.filtered as Date).getTime());
    expect((raw?.newest as Date).getTime()).toBeGreaterThan((raw?.filtered as Date).getTime());
    expect(webEvents?.criteria.filter).toBe("EVENT_TYPE <> 'heartbeat'");
    // The source without criteria is not checked, as dbt leaves it out.
    expect(status['source.dataworks_demo.snowflake_account_usage.database_storage_usage_history']).toBeUndefined();
  });

  it('reads the column types of every model and source back into the catalog', () => {
    const { catalog, manifest } = artifacts;
    for (const id of Object.keys(manifest.nodes).filter((key) => key.startsWith('model.') || key.startsWith('seed.'))) {
      expect(Object.keys(catalog.nodes[id]?.columns ?? {}).length).toBeGreaterThan(0);
    }
    expect(Object.keys(catalog.sources)).toHaveLength(Object.keys(manifest.sources).length);
    const orders = catalog.nodes['model.dataworks_demo.fct_orders'];
    expect(orders.metadata.type).toBe('BASE TABLE');
    expect(orders.columns.order_total.type).toMatch(/^DECIMAL/);
    expect(orders.stats.row_count.value).toBeGreaterThan(1000);
    expect(catalog.nodes['model.dataworks_demo.stg_shop__orders'].metadata.type).toBe('VIEW');
  });
});

describe('exposures, semantic model, metrics and descriptions', () => {
  it("points the dashboard exposures at the organisation's demo dashboards on the portal", () => {
    const urls = (Object.values(artifacts.manifest.exposures) as Json[])
      .filter((exposure) => exposure.type === 'dashboard')
      .map((exposure) => exposure.url);
    const demoUrls = (demoDashboards.acme?.dashboards ?? []).map((dashboard) => demoDashboardUrl(PORTAL, 'acme', dashboard.slug));
    expect(demoUrls.length).toBeGreaterThan(0);
    expect(urls.sort()).toEqual(demoUrls.sort());
  });

  it('has the orders semantic model and its metrics', () => {
    const semantic = artifacts.manifest.semantic_models['semantic_model.dataworks_demo.orders'];
    expect(semantic.depends_on.nodes).toEqual(['model.dataworks_demo.fct_orders']);
    expect(semantic.measures.map((measure: Json) => measure.name)).toEqual(['order_total', 'order_count', 'ordering_customers']);
    const metrics = artifacts.manifest.metrics as Record<string, Json>;
    expect(
      Object.values(metrics)
        .map((metric) => `${metric.name}:${metric.type}`)
        .sort(),
    ).toEqual(['average_order_value:ratio', 'cumulative_revenue:cumulative', 'orders:simple', 'revenue:simple']);
    expect(metrics['metric.dataworks_demo.average_order_value']?.depends_on.nodes).toEqual([
      'metric.dataworks_demo.revenue',
      'metric.dataworks_demo.orders',
    ]);
    expect(metrics['metric.dataworks_demo.revenue']?.depends_on.nodes).toEqual(['semantic_model.dataworks_demo.orders']);
  });

  it('carries owners, domains, PII markers and tags', () => {
    const customers = artifacts.manifest.nodes['model.dataworks_demo.dim_customers'];
    expect(customers.config.meta).toMatchObject({ owner: 'finance-analytics@example.com', domain: 'sales' });
    expect(customers.columns.email.meta).toEqual({ pii: true });
    expect(customers.tags).toEqual(expect.arrayContaining(['marts', 'certified', 'pii']));
    expect(customers.config.materialized).toBe('table');
    expect(customers.description).not.toBe('');
    const source = artifacts.manifest.sources['source.dataworks_demo.crm.support_tickets'];
    expect(source.source_meta).toMatchObject({ owner: 'customer-care@example.com', domain: 'support' });
    expect(source.config.meta).toEqual(source.source_meta);
    expect(artifacts.manifest.sources['source.dataworks_demo.shop.customers'].meta).toEqual({
      owner: 'data-platform@example.com',
      domain: 'sales',
      pii: true,
    });
    expect(source.loaded_at_field).toBe('_AIRBYTE_EXTRACTED_AT');
    expect(source.freshness).toEqual({ warn_after: { count: 26, period: 'hour' }, error_after: { count: 2, period: 'day' }, filter: null });
  });
});

// Last: it changes the sample's raw data and builds again.
describe('the products snapshot', () => {
  it('captures every product, then a new version when a checked column changes', async () => {
    const snapshot = artifacts.manifest.nodes['snapshot.dataworks_demo.products_snapshot'];
    expect(snapshot.config).toMatchObject({ strategy: 'check', unique_key: 'ID', check_cols: ['NAME', 'CATEGORY', 'PRICE', 'IS_ACTIVE'] });
    expect(snapshot.depends_on.nodes).toEqual(['source.dataworks_demo.shop.products']);
    expect(artifacts.catalog.nodes['snapshot.dataworks_demo.products_snapshot'].columns).toHaveProperty('dbt_valid_to');
    const relation = snapshot.relation_name as string;
    const [first] = await account.sql(`SELECT COUNT(*) AS n, COUNT(*) FILTER (WHERE dbt_valid_to IS NULL) AS current FROM ${relation}`);
    const [products] = await account.sql('SELECT COUNT(*) AS n FROM RAW_SHOP.PRODUCTS');
    expect({ n: Number(first?.n), current: Number(first?.current) }).toEqual({ n: Number(products?.n), current: Number(products?.n) });

    await account.sql('UPDATE RAW_SHOP.PRODUCTS SET PRICE = PRICE + 1 WHERE ID = 3');
    await account.sql('UPDATE RAW_SHOP.PRODUCTS SET _LOADED_AT = _LOADED_AT + INTERVAL 1 HOUR');
    const later = new Date(NOW.getTime() + 3_600_000);
    const again = (await buildSampleArtifacts(account.engine, { now: later, organisation: 'acme', portalUrl: PORTAL })) as typeof artifacts;
    const run = (again.runResults.results as Json[]).find((result) => result.unique_id === 'snapshot.dataworks_demo.products_snapshot');
    expect(run).toMatchObject({ status: 'success', message: 'INSERT 1' });
    const versions = await account.sql(`SELECT PRICE, dbt_valid_from, dbt_valid_to FROM ${relation} WHERE ID = 3 ORDER BY dbt_valid_from`);
    expect(versions).toHaveLength(2);
    expect(versions[0]?.dbt_valid_to).toEqual(versions[1]?.dbt_valid_from);
    expect(versions[1]?.dbt_valid_to).toBeNull();
    expect(Number(versions[1]?.PRICE) - Number(versions[0]?.PRICE)).toBeCloseTo(1);
    const [total] = await account.sql(`SELECT COUNT(*) AS n FROM ${relation}`);
    expect(Number(total?.n)).toBe(Number(products?.n) + 1);
  });
});
