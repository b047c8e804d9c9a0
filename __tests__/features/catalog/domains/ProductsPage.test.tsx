import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AssetCostPanelHost from './AssetCostHost';
import ProductPage from '../../../../src/features/catalog/domains/ProductPage';
import ProductsPage from '../../../../src/features/catalog/domains/ProductsPage';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { serve } from '../observability/qualityFixtures';
import { assetCostAnswer, productDetail, productSummary, window } from './domainsFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));
jest.mock('../../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../../helpers/chartStub'));

setUpPageTests();

const LIST = '/app/data-catalog/products';
const PAGE = `${LIST}/${productSummary.id}`;

function start(roles: string[], path: string) {
  const requests = serve({
    'GET api/catalog/products': () => json(200, { products: [productSummary] }),
    'POST api/catalog/products': (request) => {
      const body = JSON.parse(String(request.data)) as { assets: string[] };
      const unknown = body.assets.findIndex((id) => id.includes('nowhere'));
      if (unknown >= 0)
        return json(400, {
          error: 'invalid_request',
          message: `${body.assets[unknown]} is not an asset of your organisation's current dbt project.`,
          field: `assets.${unknown}`,
        });
      return json(201, { id: productSummary.id });
    },
    [`GET api/catalog/products/${productSummary.id}`]: () => json(200, { product: productDetail }),
    'GET api/catalog/costs/exposures': () =>
      json(200, {
        window,
        exposures: [{ uniqueId: 'exposure.dataworks_demo.order_status_emails', cost: 42, builds: 30, upstreamModels: 5 }],
      }),
    'GET api/catalog/costs/asset': (_request, query) => json(200, assetCostAnswer(query.get('assetId')?.startsWith('exposure.') ? 5 : 0)),
  });
  renderWithRouter(
    makeSignedInStore(roles),
    [
      { path: LIST, element: <ProductsPage /> },
      { path: `${LIST}/:productId`, element: <ProductPage /> },
      { path: '/cost/:assetId', element: <AssetCostPanelHost /> },
    ],
    path,
  );
  return requests;
}

it('lists the products with their objective and whether they meet it; readers get no New button', async () => {
  start(['user', 'Client-dataworks-business-users'], LIST);
  const row = await screen.findByRole('row', { name: /Order e-mails/ });
  expect(row).toHaveTextContent('Shop engineering');
  expect(row).toHaveTextContent('every source loaded within 24 hours and at least 100% of tests passing');
  expect(row).toHaveTextContent('Not met');
  expect(within(row).getByRole('link', { name: 'Order e-mails' })).toHaveAttribute('href', PAGE);
  expect(screen.queryByRole('button', { name: 'New data product' })).toBeNull();
});

it('creates a product: checks the form, shows the id the server refused on its field, then opens the new product', async () => {
  const user = userEvent.setup();
  start(['user', 'Client-Dataworks-docs'], LIST);
  await user.click(await screen.findByRole('button', { name: 'New data product' }));
  const dialog = await screen.findByRole('dialog', { name: 'New data product' });
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(/Give the product a name/);
  await user.type(within(dialog).getByLabelText('Name'), 'Order e-mails');
  await user.type(within(dialog).getByLabelText('Owner'), 'Shop engineering');
  await user.type(
    within(dialog).getByLabelText('Assets and exposures'),
    'model.dataworks_demo.fct_orders{Enter}model.dataworks_demo.nowhere',
  );
  await user.type(within(dialog).getByLabelText('Tests passing at least (%)'), '120');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(within(dialog).getByLabelText('Tests passing at least (%)')).toHaveAccessibleDescription(/A percentage from 0 to 100/);
  await user.clear(within(dialog).getByLabelText('Tests passing at least (%)'));
  await user.type(within(dialog).getByLabelText('Tests passing at least (%)'), '100');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  await waitFor(() =>
    expect(within(dialog).getByLabelText('Assets and exposures')).toHaveAccessibleDescription(
      /model.dataworks_demo.nowhere is not an asset/,
    ),
  );
  await user.clear(within(dialog).getByLabelText('Assets and exposures'));
  await user.type(within(dialog).getByLabelText('Assets and exposures'), 'model.dataworks_demo.fct_orders');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Order e-mails' })).toBeInTheDocument();
});

it("shows a product's objective with the reasons it is not met, its build cost with the trend, and each exposure's cost", async () => {
  start(['user', 'Client-dataworks-business-users'], PAGE);
  const objective = await screen.findByRole('region', { name: 'Objective' });
  expect(objective).toHaveTextContent('5 of 6 tests passing');
  expect(objective).toHaveTextContent('not_null_fct_orders_customer_id: fail');
  const cost = screen.getByRole('region', { name: 'Build cost' });
  expect(cost).toHaveTextContent('$60.00 to build this product over the last 30 days');
  expect(cost).toHaveTextContent('down 25% on the 30 days before');
  expect(within(cost).getByRole('img', { name: 'Build cost of this product per day' })).toBeInTheDocument();
  const members = screen.getByRole('region', { name: 'Assets and exposures' });
  await waitFor(() => expect(within(members).getByRole('row', { name: /order_status_emails/ })).toHaveTextContent('$42.00'));
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
});

it("shows an exposure's build cost over its upstream models, and a model's with who reads it", async () => {
  start(['user', 'admin'], `/cost/${encodeURIComponent('exposure.dataworks_demo.order_status_emails')}`);
  const panel = await screen.findByRole('region', { name: 'Build cost' });
  await waitFor(() =>
    expect(panel).toHaveTextContent(
      '$42.00 to build its 5 upstream models over the last 30 days (30 build statements), up 40% on the 30 days before',
    ),
  );
});
