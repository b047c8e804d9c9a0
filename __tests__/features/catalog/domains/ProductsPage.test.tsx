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
import { pickerRoutes } from '../catalogSearchFixture';
import { assetCostAnswer, domainsAnswer, productDetail, productSummary } from './domainsFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));
jest.mock('../../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../../helpers/chartStub'));

setUpPageTests();

const LIST = '/app/data-catalog/products';
const PAGE = `${LIST}/${productSummary.id}`;

function start(roles: string[], path: string) {
  const requests = serve({
    ...pickerRoutes,
    'GET api/catalog/domains': () => json(200, domainsAnswer),
    'GET api/catalog/products': () => json(200, { products: [productSummary] }),
    'POST api/catalog/products': (request) => {
      const body = JSON.parse(String(request.data)) as { assets: string[] };
      // dim_customers stands for an asset gone from the project since the search found it.
      const unknown = body.assets.findIndex((id) => id.includes('dim_customers'));
      if (unknown >= 0)
        return json(400, {
          error: 'invalid_request',
          message: `${body.assets[unknown]} is not an asset of your organisation's current dbt project.`,
          field: `assets.${unknown}`,
        });
      return json(201, { id: productSummary.id });
    },
    [`GET api/catalog/products/${productSummary.id}`]: () => json(200, { product: productDetail }),
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

it('creates a product from assets picked by name: checks the form, shows the asset the server refused on its field, then opens the new product', async () => {
  const user = userEvent.setup();
  const requests = start(['user', 'Client-Dataworks-docs'], LIST);
  await user.click(await screen.findByRole('button', { name: 'New data product' }));
  const dialog = await screen.findByRole('dialog', { name: 'New data product' });
  expect(dialog).not.toHaveTextContent('my_project');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(/Give the product a name/);
  expect(within(dialog).getByRole('combobox', { name: 'Owner' })).toHaveAccessibleDescription(/Say who owns the product/);
  await user.type(within(dialog).getByLabelText('Name'), 'Order e-mails');
  // An owner the catalog does not list is used as typed.
  await user.type(within(dialog).getByRole('combobox', { name: 'Owner' }), 'Shop engineering');
  await user.keyboard('{ArrowDown}{Enter}');
  await user.type(within(dialog).getByRole('combobox', { name: 'Domain' }), 'sal');
  await user.click(within(dialog).getByRole('option', { name: 'sales' }));
  const assets = within(dialog).getByRole('combobox', { name: 'Assets and exposures' });
  await user.type(assets, 'fct_orders');
  await user.click(await within(dialog).findByRole('option', { name: /fct_orders/ }));
  await user.type(assets, 'dim');
  await user.click(await within(dialog).findByRole('option', { name: /dim_customers/ }));
  await user.type(assets, 'emails');
  expect(await within(dialog).findByRole('option', { name: /order_status_emails.*exposure/ })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  await user.type(within(dialog).getByLabelText('Tests passing at least (%)'), '120');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(within(dialog).getByLabelText('Tests passing at least (%)')).toHaveAccessibleDescription(/A percentage from 0 to 100/);
  await user.clear(within(dialog).getByLabelText('Tests passing at least (%)'));
  await user.type(within(dialog).getByLabelText('Tests passing at least (%)'), '100');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(assets).toHaveAccessibleDescription(/model.dataworks_demo.dim_customers is not an asset/));
  await user.click(within(dialog).getByRole('button', { name: 'Remove dim_customers' }));
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Order e-mails' })).toBeInTheDocument();
  expect(requests.filter((request) => request.route === 'POST api/catalog/products').map((request) => request.body)).toEqual([
    expect.objectContaining({ assets: ['model.dataworks_demo.fct_orders', 'model.dataworks_demo.dim_customers'] }),
    {
      name: 'Order e-mails',
      owner: 'Shop engineering',
      domain: 'sales',
      description: '',
      assets: ['model.dataworks_demo.fct_orders'],
      objective: { freshnessHours: null, minTestPassRate: 100 },
    },
  ]);
});

it("shows a product's objective with the reasons it is not met, its build cost with the trend, and each member's cost", async () => {
  start(['user', 'Client-dataworks-business-users'], PAGE);
  const objective = await screen.findByRole('region', { name: 'Objective' });
  expect(objective).toHaveTextContent('5 of 6 tests passing');
  expect(objective).toHaveTextContent('not_null_fct_orders_customer_id: fail');
  const cost = screen.getByRole('region', { name: 'Build cost' });
  expect(cost).toHaveTextContent('$60.00 to build this product over the last 30 days');
  expect(cost).toHaveTextContent('down 25% on the 30 days before');
  expect(within(cost).getByRole('img', { name: 'Build cost of this product per day' })).toBeInTheDocument();
  const members = screen.getByRole('region', { name: 'Assets and exposures' });
  // A model's own build cost (as on its page), an exposure's everything upstream: from the product's own answer.
  expect(within(members).getByRole('row', { name: /fct_orders/ })).toHaveTextContent('$12.50');
  expect(within(members).getByRole('row', { name: /order_status_emails/ })).toHaveTextContent('$60.00');
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
