// Answers of the Domains, Data Products and cost APIs for page tests.
import type { AssetCostResponse, CostFigures, UnreadModelsResponse } from '../../../../common/catalog-domains/costContract';
import type { DomainsResponse } from '../../../../common/catalog-domains/domainsContract';
import type { ProductDetail, ProductSummary } from '../../../../common/catalog-domains/productsContract';

export const window = { from: '2026-10-26', to: '2026-11-24', currency: 'USD' };

export function figures(cost: number, previousCost: number | null = null): CostFigures {
  return {
    credits: cost / 3,
    cost,
    builds: 30,
    previousCost,
    daily: Array.from({ length: 30 }, (_, i) => ({ day: new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10), cost: cost / 30 })),
  };
}

export const domainsAnswer: DomainsResponse = {
  unassigned: 2,
  domains: [
    {
      name: 'marts',
      description: '',
      owners: [],
      experts: [],
      described: false,
      assetCount: 2,
      assets: [
        { uniqueId: 'model.dataworks_demo.fct_orders', name: 'fct_orders', resourceType: 'model', assignedBy: 'folder' },
        { uniqueId: 'model.dataworks_demo.dim_customers', name: 'dim_customers', resourceType: 'model', assignedBy: 'hand' },
      ],
      tests: { total: 4, passing: 3, withResult: 4, passShare: 0.75 },
      freshness: { sources: 0, pass: 0, warn: 0, error: 0, unknown: 0 },
    },
    {
      name: 'sales',
      description: 'Orders and revenue',
      owners: ['ann'],
      experts: ['bob'],
      described: true,
      assetCount: 1,
      assets: [{ uniqueId: 'source.dataworks_demo.shop.orders', name: 'orders', resourceType: 'source', assignedBy: 'meta' }],
      tests: { total: 0, passing: 0, withResult: 0, passShare: null },
      freshness: { sources: 1, pass: 0, warn: 1, error: 0, unknown: 0 },
    },
  ],
};

export const unreadAnswer: UnreadModelsResponse = {
  window,
  totalCost: 12.5,
  models: [{ uniqueId: 'model.dataworks_demo.fct_storage_daily', name: 'fct_storage_daily', domain: 'marts', cost: 12.5, builds: 31 }],
};

export const assetCostAnswer = (upstreamModels = 0): AssetCostResponse => ({
  window,
  cost: figures(42, 30),
  reads: upstreamModels ? 0 : 120,
  lastRead: upstreamModels ? null : '2026-11-24T09:00:00.000Z',
  upstreamModels,
});

export const productSummary: ProductSummary = {
  id: '5f0c1d8e-7f6a-4b1e-9a53-2c1d1b0e9f01',
  name: 'Order e-mails',
  description: 'What the shop needs to e-mail customers.',
  owner: 'Shop engineering',
  domain: 'sales',
  objective: { freshnessHours: 24, minTestPassRate: 100 },
  assetCount: 1,
  exposureCount: 1,
  status: {
    met: false,
    checks: [
      { kind: 'freshness', met: true, summary: '2 of 2 sources loaded within 24 hours.', reasons: [] },
      {
        kind: 'tests',
        met: false,
        summary: '5 of 6 tests passing (83.3%; objective: at least 100%).',
        reasons: ['not_null_fct_orders_customer_id: fail'],
      },
    ],
  },
  updatedAt: '2026-11-24T10:00:00.000Z',
  updatedBy: 'docs',
};

export const productDetail: ProductDetail = {
  ...productSummary,
  members: [
    { uniqueId: 'model.dataworks_demo.fct_orders', name: 'fct_orders', resourceType: 'model', present: true },
    { uniqueId: 'exposure.dataworks_demo.order_status_emails', name: 'order_status_emails', resourceType: 'exposure', present: true },
  ],
  cost: figures(60, 80),
  memberCosts: { 'model.dataworks_demo.fct_orders': 12.5, 'exposure.dataworks_demo.order_status_emails': 60 },
  costWindow: window,
  costUnavailable: null,
};
