// The asset page's columns with their column lineage: where each comes from and goes, in words,
// the exposures it reaches, and what the page says when the model's SQL could not be parsed or
// its lineage is still being computed.
import { screen, within } from '@testing-library/react';
import type { AssetColumnLineageResponse } from '../../../../common/column-lineage/columnLineageContract';
import AssetPage from '../../../../src/features/catalog/AssetPage';
import { ordersAsset, withArtifacts } from '../../../helpers/dbtFixtures';
import { json } from '../../../helpers/fakeBackend';
import { fakeWarehouseServer } from '../../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { failedLineage, ordersLineage } from './columnLineageFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

function start(lineage: AssetColumnLineageResponse) {
  const server = fakeWarehouseServer({
    'GET api/dbt/ingestions': json(200, withArtifacts),
    'GET api/catalog/assets/model.acme_shop.orders': json(200, { asset: ordersAsset }),
    'GET api/catalog/column-lineage/assets/model.acme_shop.orders': json(200, lineage),
  });
  connectFakeServer(server);
  renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/data-catalog/assets/:assetId', element: <AssetPage /> }],
    '/app/data-catalog/assets/model.acme_shop.orders',
  );
  return server;
}

const columnRow = async (name: RegExp) => within(await screen.findByRole('table', { name: 'Columns' })).findByRole('row', { name });

/** The cell of `row` under the column headed `header` (the row's own header cell counted). */
function cell(row: HTMLElement, header: string): HTMLElement {
  const headers = within(screen.getByRole('table', { name: 'Columns' })).getAllByRole('columnheader');
  const index = headers.findIndex((candidate) => candidate.textContent?.startsWith(header));
  const cells = [...row.querySelectorAll<HTMLElement>('th, td')];
  if (index < 0 || !cells[index]) throw new Error(`no column ${header}`);
  return cells[index];
}

it("shows where each column comes from and goes, with the link's kind in words, and the exposures it reaches", async () => {
  start(ordersLineage);
  await screen.findByText(/Column lineage from the compiled SQL, computed/);
  const orderId = await columnRow(/^ORDER_ID/);
  const [from, to, exposures] = [cell(orderId, 'From'), cell(orderId, 'To'), cell(orderId, 'Exposures reached')];
  expect(within(from).getByRole('link', { name: 'stg_orders.ID' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/model.acme_shop.stg_orders',
  );
  expect(from).toHaveTextContent('stg_orders.ID (renamed)');
  expect(within(to).getByRole('link', { name: 'fct_revenue.ORDERS' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/model.acme_shop.fct_revenue',
  );
  expect(to).toHaveTextContent('fct_revenue.ORDERS (aggregated)');
  // A join key is said to match rows, not to carry the value.
  expect(to).toHaveTextContent('order_facts.ORDER_ID (join key (matches rows, not the value))');
  expect(within(exposures).getByRole('link', { name: 'revenue' })).toHaveAttribute('href', '/app/exposures/exposure.acme_shop.revenue');
  expect(within(orderId).getByRole('link', { name: 'Impact of changing this column ORDER_ID' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/model.acme_shop.orders?impact=ORDER_ID&depth=5',
  );

  const customerId = await columnRow(/^CUSTOMER_ID/);
  expect(cell(customerId, 'From')).toHaveTextContent('stg_orders.CUSTOMER_ID (passed through as is)');
  expect(cell(customerId, 'To')).toHaveTextContent('Nothing reads it');
});

it('says plainly that the SQL could not be parsed, with the parser’s reason, and guesses no upstream column', async () => {
  start(failedLineage);
  const note = await screen.findByRole('note');
  expect(note).toHaveTextContent('the compiled SQL of this model could not be parsed');
  expect(note).toHaveTextContent("The parser said: Unsupported syntax at line 3: 'pivot'");
  const orderId = await columnRow(/^ORDER_ID/);
  expect(cell(orderId, 'From')).toHaveTextContent('Unknown: the SQL could not be parsed');
  expect(within(cell(orderId, 'From')).queryByRole('link')).toBeNull();
  // What reads it downstream is known from the readers' SQL, so it still shows.
  expect(cell(orderId, 'To')).toHaveTextContent('fct_revenue.ORDERS (aggregated)');
});

it('says that lineage is being computed while the model waits, and the columns still show', async () => {
  start({ ...ordersLineage, state: 'pending', computedAt: null, columns: [] });
  expect(await screen.findByText(/Column lineage is being computed/)).toBeInTheDocument();
  const orderId = await columnRow(/^ORDER_ID/);
  expect(cell(orderId, 'From')).toHaveTextContent('Not computed yet');
  expect(cell(orderId, 'Type')).toHaveTextContent('INTEGER');
});

it('keeps the columns table when the column lineage cannot be loaded, and says why', async () => {
  const server = start(ordersLineage);
  server.failNext(
    'GET api/catalog/column-lineage/assets/model.acme_shop.orders',
    json(500, { error: 'internal', message: 'Store offline' }),
  );
  expect(await screen.findByText('The column lineage could not be loaded')).toBeInTheDocument();
  expect(screen.getByText('Store offline')).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Columns' })).getByRole('row', { name: /^CUSTOMER_ID/ })).toBeInTheDocument();
});
