import { screen, within } from '@testing-library/react';
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

function start(id = 'model.acme_shop.orders') {
  server = fakeWarehouseServer({
    'GET api/dbt/ingestions': json(200, withArtifacts),
    'GET api/catalog/assets/model.acme_shop.orders': json(200, { asset: ordersAsset }),
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
