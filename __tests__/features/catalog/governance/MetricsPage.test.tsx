import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MetricRecord, MetricsListResponse } from '../../../../common/catalog-governance/metricsContract';
import MetricsPage from '../../../../src/features/catalog/governance/metrics/MetricsPage';
import { withArtifacts } from '../../../helpers/dbtFixtures';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { serve } from './governanceFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));
jest.mock('../../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../../helpers/chartStub'));

setUpPageTests();

const PATH = '/app/data-catalog/governance/metrics';
const metric = (name: string, overrides: Partial<MetricRecord>): MetricRecord => ({
  id: `metric.acme_shop.${name}`,
  name,
  label: name,
  description: '',
  type: 'simple',
  typeParams: {},
  owners: [],
  domain: null,
  measures: [],
  inputs: [],
  noValuesReason: null,
  ...overrides,
});
const revenue = metric('revenue', {
  label: 'Revenue',
  description: 'Revenue of orders, EUR.',
  typeParams: { measure: { name: 'order_total' } },
  measures: [{ name: 'order_total', agg: 'sum', semanticModel: 'orders' }],
  owners: ['finance'],
});
const ratio = metric('average_order_value', {
  label: 'Average order value',
  type: 'ratio',
  inputs: ['revenue', 'orders'],
  noValuesReason:
    'A ratio metric is computed from other metrics or over windows; the portal queries values of simple metrics over one measure.',
});
const list: MetricsListResponse = {
  metrics: [ratio, revenue],
  semanticModels: [
    {
      id: 'semantic_model.acme_shop.orders',
      name: 'orders',
      description: 'Orders at the order grain.',
      modelId: 'model.acme_shop.fct_orders',
      modelName: 'fct_orders',
      aggTimeDimension: 'order_date',
      entities: [{ name: 'order', type: 'primary', expr: 'order_id', description: '' }],
      dimensions: [{ name: 'order_date', type: 'time', expr: null, description: '' }],
      measures: [{ name: 'order_total', type: 'sum', expr: null, description: '' }],
    },
  ],
};

function start() {
  const requests = serve({
    'GET api/dbt/ingestions': () => json(200, withArtifacts),
    'GET api/catalog/governance/metrics': () => json(200, list),
    [`GET api/catalog/governance/metrics/${revenue.id}`]: () =>
      json(200, {
        metric: revenue,
        upstream: [
          { id: 'semantic_model.acme_shop.orders', name: 'orders', resourceType: 'semantic_model', depth: 1 },
          { id: 'model.acme_shop.fct_orders', name: 'fct_orders', resourceType: 'model', depth: 2 },
        ],
        downstream: [],
      }),
    [`GET api/catalog/governance/metrics/${ratio.id}`]: () => json(200, { metric: ratio, upstream: [], downstream: [] }),
    [`GET api/catalog/governance/metrics/${revenue.id}/values`]: (_request, query) =>
      json(200, {
        grain: query.get('grain'),
        relation: 'ANALYTICS.MARTS.FCT_ORDERS',
        points: [
          { period: '2026-09-01', value: 1200.5, partial: true },
          { period: '2026-10-01', value: 1500, partial: false },
        ],
      }),
  });
  renderWithRouter(makeSignedInStore(['user', 'Client-dataworks-business-users']), [{ path: PATH, element: <MetricsPage /> }], PATH);
  return requests;
}

it('lists metrics and semantic models; a simple metric shows its definition, lineage and values per month', async () => {
  const user = userEvent.setup();
  const requests = start();
  const table = await screen.findByRole('table', { name: 'Metrics' }, { timeout: 5000 });
  expect(within(table).getByRole('row', { name: /Revenue/ })).toHaveTextContent('Over time');
  expect(within(table).getByRole('row', { name: /Average order value/ })).toHaveTextContent('Not queried');
  expect(screen.getByRole('region', { name: 'Semantic model orders' })).toHaveTextContent('order_date (time)');
  expect(within(screen.getByRole('region', { name: 'Semantic model orders' })).getByRole('link', { name: 'orders' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/semantic_model.acme_shop.orders',
  );
  await user.click(within(table).getByRole('link', { name: 'Revenue' }));
  expect(await screen.findByRole('region', { name: 'Metric: Revenue' })).toHaveTextContent('order_total (sum in orders)');
  expect(within(screen.getByRole('list', { name: 'Upstream of Revenue' })).getByRole('link', { name: 'fct_orders' })).toBeInTheDocument();
  // A period the data covers only in part says so; every figure has the same two decimals.
  expect(await screen.findByRole('img', { name: 'Revenue per month' })).toHaveAttribute('data-labels', '2026-09-01 (partial)|2026-10-01');
  const values = screen.getByRole('table', { name: 'Values of Revenue' });
  expect(within(values).getByRole('row', { name: /2026-09-01 \(partial\)/ })).toHaveTextContent('1,200.50');
  expect(within(values).getByRole('row', { name: /2026-10-01/ })).toHaveTextContent('1,500.00');
  expect(screen.getByText(/Periods marked partial have data for only part of their days/)).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Period'), 'week');
  expect(await screen.findByRole('img', { name: 'Revenue per week' })).toBeInTheDocument();
  expect(requests.map((request) => request.route)).toContain(
    `GET api/catalog/governance/metrics/${encodeURIComponent(revenue.id)}/values?grain=week`,
  );
});

it('a metric that is not a simple aggregation says why no values are shown and queries nothing', async () => {
  const user = userEvent.setup();
  const requests = start();
  await user.click(await screen.findByRole('link', { name: 'Average order value' }, { timeout: 5000 }));
  const values = await screen.findByRole('region', { name: 'Values of Average order value' });
  expect(values).toHaveTextContent('No values are shown: A ratio metric is computed from other metrics');
  expect(requests.some((request) => request.route.includes('/values'))).toBe(false);
});
