// The asset page's impact analysis: a column's link or the form puts the choice in the URL, the
// report shows each kind of thing reached (or says it reaches none), and the CSV comes through
// the API client with the bearer token, never with the token in an address.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AssetPage from '../../../../src/features/catalog/AssetPage';
import { ordersAsset, withArtifacts } from '../../../helpers/dbtFixtures';
import { json } from '../../../helpers/fakeBackend';
import { fakeWarehouseServer } from '../../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { customerImpact, ordersLineage, wholeModelImpact } from './columnLineageFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));
jest.mock('../../../../src/components/downloadFile', () => ({ downloadTextFile: jest.fn() }));

setUpPageTests();

const PAGE = '/app/data-catalog/assets/model.acme_shop.orders';
const CSV = 'kind,id,name,column,distance,via,owners\r\ncolumn,model.acme_shop.dim_customers,dim_customers,CUSTOMER_ID,1,,Data team\r\n';

function start(path = PAGE) {
  const csvHeaders: unknown[] = [];
  const server = fakeWarehouseServer({
    'GET api/dbt/ingestions': json(200, withArtifacts),
    'GET api/catalog/assets/model.acme_shop.orders': json(200, { asset: ordersAsset }),
    'GET api/catalog/column-lineage/assets/model.acme_shop.orders': json(200, ordersLineage),
    'GET api/catalog/impact': (request) => json(200, request.params?.column ? customerImpact : wholeModelImpact),
    'GET api/catalog/impact.csv': (request) => {
      csvHeaders.push(request.headers?.Authorization);
      return { status: 200, data: CSV };
    },
  });
  connectFakeServer(server);
  const view = renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/data-catalog/assets/:assetId', element: <AssetPage /> }],
    path,
  );
  return { server, csvHeaders, ...view };
}

const group = (title: string) =>
  screen.getByRole('heading', { level: 3, name: new RegExp(`^${title} \\d+$`) }).parentElement as HTMLElement;

it("opens a column's impact from its row: the URL holds the choice and the report shows every group, with links", async () => {
  const user = userEvent.setup();
  const { server, router } = start();
  const row = await within(await screen.findByRole('table', { name: 'Columns' })).findByRole('row', { name: /^CUSTOMER_ID/ });
  await user.click(within(row).getByRole('link', { name: 'Impact of changing this column CUSTOMER_ID' }));

  expect(router.state.location.search).toBe('?impact=CUSTOMER_ID&depth=5');
  const report = await screen.findByRole('region', { name: 'Impact report' });
  expect(
    await within(report).findByText(/^A change to orders\.CUSTOMER_ID reaches 1 column, 1 model or other node, 1 exposure/),
  ).toBeInTheDocument();
  expect(server.requests).toContain('GET api/catalog/impact?asset=model.acme_shop.orders&column=CUSTOMER_ID&depth=5');
  // Focus follows the choice to the report.
  await waitFor(() => expect(report).toHaveFocus());

  expect(within(group('Columns')).getByRole('link', { name: 'dim_customers.CUSTOMER_ID' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/model.acme_shop.dim_customers',
  );
  expect(within(group('Columns')).getByRole('row', { name: /dim_customers\.CUSTOMER_ID/ })).toHaveTextContent('1 steppassed through as is');
  expect(within(group('Models and other nodes')).getByRole('row', { name: /dim_customers/ })).toHaveTextContent('Data team');
  expect(within(group('Exposures')).getByRole('link', { name: 'churn' })).toHaveAttribute(
    'href',
    '/app/exposures/exposure.acme_shop.churn',
  );
  expect(within(group('Dashboards')).getByRole('link', { name: 'Customer health' })).toHaveAttribute(
    'href',
    '/app/viewer/Customer%20health?dashboard_url=x',
  );
  expect(within(group('Data-API endpoints')).getByRole('row', { name: /customers_by_country/ })).toHaveTextContent(
    'reads analytics.dim_customers',
  );
  expect(group('Alert rules')).toHaveTextContent('No alert rule watches it.');
  expect(group('Data products')).toHaveTextContent('No data product includes it.');
  expect(
    within(group('Owners to notify'))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Data team: model dim_customers', 'Data science: exposure churn']);
  expect(within(group('Unparsed models on the path')).getByRole('link', { name: 'customer_pivot' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/model.acme_shop.customer_pivot',
  );
});

it('downloads the report as CSV through the API client, with the token in the header and the choice in the query', async () => {
  const user = userEvent.setup();
  const { downloadTextFile } = jest.requireMock<{ downloadTextFile: jest.Mock }>('../../../../src/components/downloadFile');
  const { server, csvHeaders } = start(`${PAGE}?impact=CUSTOMER_ID&depth=4`);
  await user.click(await screen.findByRole('button', { name: 'Download as CSV' }));
  await waitFor(() => expect(downloadTextFile).toHaveBeenCalledWith('impact-orders-customer-id.csv', CSV));
  expect(server.requests).toContain('GET api/catalog/impact.csv?asset=model.acme_shop.orders&column=CUSTOMER_ID&depth=4');
  expect(csvHeaders).toEqual(['Bearer token-1']);
  expect(server.requests.every((request) => !request.includes('token-1'))).toBe(true);
});

it('says why a CSV could not be made', async () => {
  const user = userEvent.setup();
  const { server } = start(`${PAGE}?impact=CUSTOMER_ID`);
  server.failNext(
    'GET api/catalog/impact.csv',
    json(400, { error: 'invalid_request', message: 'depth: must be at most 10', field: 'depth' }),
  );
  await user.click(await screen.findByRole('button', { name: 'Download as CSV' }));
  expect(await screen.findByText('The file could not be made: depth: must be at most 10')).toBeInTheDocument();
});

it('analyses the whole model at a chosen depth from the form, and says in words what it reaches none of', async () => {
  const user = userEvent.setup();
  const { server, router } = start(`${PAGE}?impact=CUSTOMER_ID&depth=5`);
  await screen.findByRole('region', { name: 'Impact report' });
  await user.selectOptions(screen.getByLabelText('What changes'), 'The whole model (every column)');
  await user.selectOptions(screen.getByLabelText('Steps downstream'), '3');
  await user.click(screen.getByRole('button', { name: 'Show the impact' }));

  expect(router.state.location.search).toBe('?impact=*&depth=3');
  expect(await screen.findByText(/^A change to the whole model orders reaches 1 model or other node/)).toBeInTheDocument();
  expect(server.requests).toContain('GET api/catalog/impact?asset=model.acme_shop.orders&depth=3');
  expect(group('Columns')).toHaveTextContent('A change to the whole model reaches every column of the models below');
  expect(group('Dashboards')).toHaveTextContent('No dashboard shows it.');
  expect(group('Data-API endpoints')).toHaveTextContent('No data-API endpoint reads it.');
  expect(group('Owners to notify')).toHaveTextContent('Nobody to notify');
  expect(group('Unparsed models on the path')).toHaveTextContent('None: every model on the path was parsed');

  await user.click(screen.getByRole('button', { name: 'Close the report' }));
  expect(router.state.location.search).toBe('');
  expect(screen.queryByRole('region', { name: 'Impact report' })).toBeNull();
});
