import { screen, within } from '@testing-library/react';
import type { AssetDetail } from '../../../common/dbt/catalogContract';
import AssetPage from '../../../src/features/catalog/AssetPage';
import { ordersAsset, withArtifacts } from '../../helpers/dbtFixtures';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';

// The live channel has its own tests; here nothing arrives on it.
jest.mock('../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

let server: FakeWarehouseServer;

function start(id = 'model.acme_shop.orders', more: AssetDetail[] = []) {
  server = fakeWarehouseServer({
    'GET api/dbt/ingestions': json(200, withArtifacts),
    'GET api/catalog/assets/model.acme_shop.orders': json(200, { asset: ordersAsset }),
    ...Object.fromEntries(more.map((asset) => [`GET api/catalog/assets/${asset.uniqueId}`, json(200, { asset })])),
  });
  connectFakeServer(server);
  return renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/data-catalog/assets/:assetId', element: <AssetPage /> }],
    `/app/data-catalog/assets/${encodeURIComponent(id)}`,
  );
}

it('shows the asset: description as safe markdown, facts, columns with types and tests, tests, lineage, SQL and history', async () => {
  const { container } = start();
  expect(await screen.findByRole('heading', { level: 1, name: 'orders' })).toBeInTheDocument();
  expect(await screen.findByText('order')).toHaveProperty('tagName', 'STRONG');
  expect(container.querySelector('script')).toBeNull();
  expect(screen.getByText('ANALYTICS.MARTS.ORDERS')).toBeInTheDocument();
  const columns = screen.getByRole('table', { name: 'Columns' });
  expect(within(columns).getByRole('row', { name: /CUSTOMER_ID/ })).toHaveTextContent('INTEGER');
  expect(within(columns).getByRole('row', { name: /CUSTOMER_ID/ })).toHaveTextContent('not_null_orders_customer_id: fail');
  const tests = screen.getByRole('table', { name: 'Tests' });
  expect(
    within(tests)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['not_null_orders_customer_id', 'unique_orders_order_id']);
  expect(screen.getByRole('link', { name: 'stg_orders' })).toHaveAttribute('href', '/app/data-catalog/assets/model.acme_shop.stg_orders');
  expect(screen.getByRole('link', { name: 'revenue' })).toHaveAttribute('href', '/app/exposures/exposure.acme_shop.revenue');
  expect(screen.getByRole('link', { name: 'Open in the lineage graph' })).toHaveAttribute(
    'href',
    '/app/data-catalog/lineage?focus=model.acme_shop.orders',
  );
  expect(screen.getByLabelText('SQL as written')).toHaveTextContent("select * from {{ ref('stg_orders') }}");
  expect(screen.getByRole('table', { name: 'History' })).toHaveTextContent('success');
  // The asset's own health, with its reasons in the badge's name.
  expect(screen.getByRole('button', { name: /^Health Degraded: Test not_null_orders_customer_id failed \(ran / })).toBeInTheDocument();
});

it('says plainly when the organisation has no such asset', async () => {
  start('model.acme_shop.nope');
  expect(await screen.findByText(/There is no asset “model.acme_shop.nope”/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See all assets' })).toHaveAttribute('href', '/app/data-catalog/assets');
});

it("says why the last build failed in dbt's words, and lists the tests of other assets that read this one under Referenced by", async () => {
  server = fakeWarehouseServer({
    'GET api/dbt/ingestions': json(200, withArtifacts),
    'GET api/catalog/assets/model.acme_shop.orders': json(200, {
      asset: {
        ...ordersAsset,
        lastRun: { status: 'error', executedAt: '2026-11-23T06:00:10.000Z', executionTime: 0.4, message: 'Table raw.orders was not found' },
        referencedBy: [{ ...ordersAsset.tests[0], uniqueId: 'test.acme_shop.rel_payments', name: 'relationships_payments_order_id' }],
      },
    }),
  });
  connectFakeServer(server);
  renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/data-catalog/assets/:assetId', element: <AssetPage /> }],
    '/app/data-catalog/assets/model.acme_shop.orders',
  );
  expect(await screen.findByText('Table raw.orders was not found')).toBeInTheDocument();
  const referencing = screen.getByRole('table', { name: /Referenced by/ });
  expect(within(referencing).getByRole('rowheader')).toHaveTextContent('relationships_payments_order_id');
  expect(within(screen.getByRole('table', { name: 'Tests' })).queryByText('relationships_payments_order_id')).toBeNull();
});

it('names a versioned model with its version, says which is latest, and shows its access, group and contract', async () => {
  const id = 'model.acme_sales.dim_customers.v1';
  server = fakeWarehouseServer({
    'GET api/dbt/ingestions': json(200, withArtifacts),
    [`GET api/catalog/assets/${id}`]: json(200, {
      asset: {
        ...ordersAsset,
        uniqueId: id,
        name: 'dim_customers v1',
        version: '1',
        latestVersion: '2',
        access: 'public',
        group: 'sales',
        contractEnforced: true,
      },
    }),
  });
  connectFakeServer(server);
  renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/data-catalog/assets/:assetId', element: <AssetPage /> }],
    `/app/data-catalog/assets/${encodeURIComponent(id)}`,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'dim_customers v1' })).toBeInTheDocument();
  const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
  await screen.findByText('Version', { selector: 'dt' });
  expect(fact('Version')).toBe('v1 (latest is v2)');
  expect(fact('Access')).toBe('public');
  expect(fact('Group')).toBe('sales');
  expect(fact('Contract')).toBe('enforced');
});

/** An asset of a kind without columns, built on the orders fixture. */
const definedAsset = (overrides: Partial<AssetDetail>): AssetDetail => ({
  ...ordersAsset,
  access: null,
  relationName: null,
  materialized: null,
  database: null,
  schema: null,
  columns: [],
  tests: [],
  referencedBy: [],
  health: null,
  history: [],
  compiledCode: null,
  ...overrides,
});

it('shows a certified macro: the Certified badge in words, its arguments and SQL, and no columns, tests or lineage', async () => {
  const macro = definedAsset({
    uniqueId: 'macro.acme_shop.cents_to_dollars',
    name: 'cents_to_dollars',
    resourceType: 'macro',
    certified: true,
    originalFilePath: 'macros/cents_to_dollars.sql',
    rawCode: '{% macro cents_to_dollars(column_name, scale=2) %} ({{ column_name }} / 100)::numeric(16, {{ scale }}) {% endmacro %}',
    definition: { kind: 'macro', arguments: [{ name: 'column_name', type: 'string', description: 'The column in cents' }] },
  });
  start(macro.uniqueId, [macro]);
  expect(await screen.findByRole('heading', { level: 1, name: 'cents_to_dollars' })).toBeInTheDocument();
  expect(await screen.findByText('The dbt project certifies this asset.')).toBeInTheDocument();
  expect(screen.getByText('Certified')).toHaveClass('badge');
  expect(within(screen.getByRole('table', { name: 'Arguments' })).getByRole('row', { name: /column_name/ })).toHaveTextContent(
    'The column in cents',
  );
  expect(screen.getByLabelText('SQL as written')).toHaveTextContent('{% macro cents_to_dollars(column_name, scale=2) %}');
  expect(screen.getByText('macros/cents_to_dollars.sql')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Columns' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Open in the lineage graph' })).toBeNull();
});

it("shows a semantic model's entities, dimensions and measures, and a saved query's metrics and group-bys", async () => {
  const part = (name: string, type: string) => ({ name, type, expr: null, description: '', extra: null });
  const semantic = definedAsset({
    uniqueId: 'semantic_model.acme_shop.orders',
    resourceType: 'semantic_model',
    rawCode: null,
    definition: {
      kind: 'semantic_model',
      model: "ref('fct_orders')",
      aggTimeDimension: 'ordered_at',
      entities: [part('order', 'primary')],
      dimensions: [{ ...part('ordered_at', 'time'), extra: 'day' }],
      measures: [{ ...part('revenue', 'sum'), expr: 'amount' }],
    },
  });
  const saved = definedAsset({
    uniqueId: 'saved_query.acme_shop.revenue_by_region',
    name: 'revenue_by_region',
    resourceType: 'saved_query',
    rawCode: null,
    definition: {
      kind: 'saved_query',
      label: 'Revenue by region',
      metrics: ['revenue'],
      groupBy: ["Dimension('customer__region')"],
      where: [],
      exports: [{ name: 'revenue_by_region', exportAs: 'table', relation: 'exports.revenue_by_region' }],
    },
  });
  const { unmount } = start(semantic.uniqueId, [semantic]);
  expect(await screen.findByRole('table', { name: 'Measures' })).toHaveTextContent('revenuesumamount');
  expect(screen.getByRole('table', { name: 'Dimensions' })).toHaveTextContent('time (day)');
  expect(screen.getByRole('table', { name: 'Entities' })).toHaveTextContent('primary');
  expect(screen.getByText("ref('fct_orders')")).toBeInTheDocument();
  unmount();
  start(saved.uniqueId, [saved]);
  expect(await screen.findByText("Dimension('customer__region')")).toBeInTheDocument();
  expect(screen.getByText('Revenue by region')).toBeInTheDocument();
  expect(screen.getByText('revenue_by_region as a table (exports.revenue_by_region)')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open in the lineage graph' })).toBeInTheDocument();
});
