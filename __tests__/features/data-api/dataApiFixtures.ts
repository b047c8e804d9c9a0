// What the data API answers in the page tests: one published endpoint with a draft, its
// versions, the OpenAPI document, keys and usage.
import type { ApiKeySummary, EndpointDetail, EndpointSummary, UsageReport } from '@common/data-api/dataApiContract';

export const ENDPOINT_ID = '11111111-1111-4111-8111-111111111111';
export const KEY_ID = '22222222-2222-4222-8222-222222222222';

const v1 = {
  sql: 'SELECT SHIPPING_COUNTRY AS country, COUNT(*) AS orders FROM RAW_SHOP.ORDERS WHERE SHIPPING_COUNTRY = {{country}} GROUP BY 1',
  description: 'Orders of one country',
  parameters: [
    {
      name: 'country',
      type: 'string' as const,
      description: '',
      required: true,
      default: null,
      minimum: null,
      maximum: null,
      minLength: null,
      maxLength: 2,
      pattern: null,
      values: [],
    },
  ],
  rowCap: 100,
  pageSize: 10,
  cacheSeconds: 60,
};

export const summary: EndpointSummary = {
  id: ENDPOINT_ID,
  name: 'orders_by_country',
  description: 'Orders of one country',
  liveVersion: 1,
  latestVersion: 2,
  hasDraft: true,
  updatedAt: '2026-01-02T10:00:00Z',
};

export const detail: EndpointDetail = {
  ...summary,
  versions: [
    {
      version: 2,
      status: 'draft',
      definition: { ...v1, rowCap: 500 },
      jsonSchema: {},
      createdBy: 'product',
      createdAt: '2026-01-02T10:00:00Z',
      publishedAt: null,
    },
    {
      version: 1,
      status: 'published',
      definition: v1,
      jsonSchema: {},
      createdBy: 'product',
      createdAt: '2026-01-01T10:00:00Z',
      publishedAt: '2026-01-01T11:00:00Z',
    },
  ],
};

export const openApi = {
  openapi: '3.1.0',
  servers: [{ url: 'http://localhost:3000' }],
  paths: {
    '/api/data/v1/orders_by_country': {
      get: {
        operationId: 'orders_by_country',
        summary: 'Orders of one country',
        description: 'Version 1.',
        parameters: [
          { name: 'country', in: 'query', required: true, schema: { type: 'string', maxLength: 2 } },
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
        ],
      },
    },
    '/api/data/v1/orders_by_country.csv': { get: { operationId: 'orders_by_country_csv' } },
  },
};

export const key: ApiKeySummary = {
  id: KEY_ID,
  name: 'Reporting',
  prefix: 'dw_live_abcdef1234',
  scopes: [{ id: ENDPOINT_ID, name: 'orders_by_country' }],
  fixedParameters: { country: 'DE' },
  expiresAt: null,
  rateLimit: 600,
  createdBy: 'product',
  createdAt: '2026-01-01T10:00:00Z',
  lastUsedAt: '2026-01-02T09:00:00Z',
  revokedAt: null,
};

export const usage: UsageReport = {
  from: '2026-01-01T00:00:00Z',
  to: '2026-01-02T00:00:00Z',
  bucket: 'hour',
  series: [
    { start: '2026-01-01T10:00:00.000Z', calls: 3, errors: 1, rows: 20, p50: 4, p99: 9 },
    { start: '2026-01-01T11:00:00.000Z', calls: 1, errors: 0, rows: 10, p50: 3, p99: 3 },
  ],
  statuses: { '200': 3, '400': 1 },
  breakdown: [
    {
      endpoint: 'orders_by_country',
      keyName: 'Reporting',
      keyPrefix: 'dw_live_abcdef1234',
      calls: 4,
      rows: 30,
      p50: 3.5,
      p95: 8,
      p99: 9,
      statuses: { '200': 3, '400': 1 },
    },
  ],
};
