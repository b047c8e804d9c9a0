// Column lineage answers for the page tests, around the orders model of dbtFixtures: ORDER_ID is
// renamed from stg_orders.ID and read by two downstream models; CUSTOMER_ID is passed through.
import type { AssetColumnLineageResponse, ImpactResponse } from '../../../../common/column-lineage/columnLineageContract';

export const ordersLineage: AssetColumnLineageResponse = {
  uniqueId: 'model.acme_shop.orders',
  state: 'computed',
  reason: null,
  computedAt: '2026-11-24T08:00:00.000Z',
  columns: [
    {
      name: 'ORDER_ID',
      upstream: [
        { uniqueId: 'model.acme_shop.stg_orders', nodeName: 'stg_orders', resourceType: 'model', column: 'ID', transform: 'renamed' },
      ],
      downstream: [
        {
          uniqueId: 'model.acme_shop.fct_revenue',
          nodeName: 'fct_revenue',
          resourceType: 'model',
          column: 'ORDERS',
          transform: 'aggregated',
        },
        {
          uniqueId: 'model.acme_shop.order_facts',
          nodeName: 'order_facts',
          resourceType: 'model',
          column: 'ORDER_ID',
          transform: 'joined on',
        },
      ],
      exposures: [{ uniqueId: 'exposure.acme_shop.revenue', name: 'revenue', resourceType: 'exposure' }],
    },
    {
      name: 'CUSTOMER_ID',
      upstream: [
        {
          uniqueId: 'model.acme_shop.stg_orders',
          nodeName: 'stg_orders',
          resourceType: 'model',
          column: 'CUSTOMER_ID',
          transform: 'passed through',
        },
      ],
      downstream: [],
      exposures: [],
    },
  ],
};

export const failedLineage: AssetColumnLineageResponse = {
  uniqueId: 'model.acme_shop.orders',
  state: 'failed',
  reason: "Unsupported syntax at line 3: 'pivot'",
  computedAt: '2026-11-24T08:00:00.000Z',
  columns: [
    {
      name: 'ORDER_ID',
      upstream: [],
      downstream: [
        {
          uniqueId: 'model.acme_shop.fct_revenue',
          nodeName: 'fct_revenue',
          resourceType: 'model',
          column: 'ORDERS',
          transform: 'aggregated',
        },
      ],
      exposures: [],
    },
    { name: 'CUSTOMER_ID', upstream: [], downstream: [], exposures: [] },
  ],
};

export const customerImpact: ImpactResponse = {
  origin: { uniqueId: 'model.acme_shop.orders', name: 'orders', resourceType: 'model', column: 'CUSTOMER_ID' },
  depth: 5,
  columns: [
    {
      uniqueId: 'model.acme_shop.dim_customers',
      nodeName: 'dim_customers',
      resourceType: 'model',
      column: 'CUSTOMER_ID',
      distance: 1,
      transform: 'passed through',
    },
  ],
  nodes: [{ uniqueId: 'model.acme_shop.dim_customers', name: 'dim_customers', resourceType: 'model', distance: 1, owners: ['Data team'] }],
  exposures: [{ uniqueId: 'exposure.acme_shop.churn', name: 'churn', resourceType: 'exposure', distance: 2, owners: ['Data science'] }],
  dashboards: [
    {
      id: 'd1',
      name: 'Customer health',
      via: 'exposure churn',
      href: '/app/viewer/Customer%20health?dashboard_url=x',
      owners: [],
    },
  ],
  endpoints: [
    { id: 'e1', name: 'customers_by_country', via: 'reads analytics.dim_customers', href: '/app/api-creator/e1', owners: ['product'] },
  ],
  alertRules: [],
  dataProducts: [],
  owners: [
    { owner: 'Data team', reasons: ['model dim_customers'] },
    { owner: 'Data science', reasons: ['exposure churn'] },
  ],
  unparsed: [{ uniqueId: 'model.acme_shop.customer_pivot', name: 'customer_pivot', resourceType: 'model' }],
  tookMs: 12,
};

export const wholeModelImpact: ImpactResponse = {
  ...customerImpact,
  origin: { ...customerImpact.origin, column: null },
  depth: 3,
  columns: [],
  dashboards: [],
  endpoints: [],
  owners: [],
  unparsed: [],
};
