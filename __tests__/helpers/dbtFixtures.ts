// Answers of the dbt layer's API as page tests need them (shapes from common/dbt).
import type { IngestionRecord, IngestionsResponse } from '@common/dbt/artifactsContract';
import type { AssetDetail, CatalogSearchResponse, SearchHit } from '@common/dbt/catalogContract';
import type { ExposureSummary, FreshnessResponse, SourceFreshness } from '@common/dbt/consumeContract';

export const ingestion: IngestionRecord = {
  id: '0f7a6f1c-1a1b-4c7e-9d55-5b2b8f0f7a11',
  dbtVersion: '1.9.4',
  manifestSchemaVersion: 'v12',
  counts: { models: 9, sources: 6, exposures: 3, tests: 24, seeds: 1, snapshots: 0, metrics: 2, semanticModels: 1 },
  origin: 'sample',
  projectName: 'acme_shop',
  generatedAt: '2026-11-23T06:00:00.000Z',
  ingestedAt: '2026-11-23T06:01:00.000Z',
  parts: ['run_results', 'sources', 'catalog'],
  ingestedBy: null,
};

export const withArtifacts: IngestionsResponse = { current: ingestion, projects: [ingestion], history: [ingestion] };
export const withoutArtifacts: IngestionsResponse = { current: null, projects: [], history: [] };

export function exposure(name: string, overrides: Partial<ExposureSummary> = {}): ExposureSummary {
  return {
    uniqueId: `exposure.acme_shop.${name}`,
    name,
    projectName: 'acme_shop',
    label: null,
    type: 'dashboard',
    maturity: 'high',
    ownerName: 'Data team',
    ownerEmail: 'data@acme.example',
    url: null,
    dashboardName: null,
    description: '',
    tags: [],
    upstreamModels: 3,
    upstreamSources: 2,
    health: { status: 'Healthy', reasons: [] },
    ...overrides,
  };
}

export function hit(name: string, overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    kind: 'model',
    uniqueId: `model.acme_shop.${name}`,
    name,
    column: null,
    resourceType: 'model',
    database: 'ANALYTICS',
    schema: 'MARTS',
    packageName: 'acme_shop',
    projectName: 'acme_shop',
    nameHighlight: [{ text: name, match: false }],
    descriptionHighlight: [],
    tags: [],
    testStatus: 'pass',
    health: 'Healthy',
    certified: false,
    ...overrides,
  };
}

export function searchAnswer(hits: SearchHit[], overrides: Partial<CatalogSearchResponse> = {}): CatalogSearchResponse {
  return {
    total: hits.length,
    hits,
    facets: {
      kind: [{ value: 'model', count: hits.length }],
      database: [],
      schema: [],
      tag: [{ value: 'finance', count: 1 }],
      owner: [],
      package: [],
      materialized: [],
      domain: [],
      project: [],
      testStatus: [],
      access: [],
      contract: [],
      certified: [],
    },
    tookMs: 3,
    ...overrides,
  };
}

export const ordersAsset: AssetDetail = {
  uniqueId: 'model.acme_shop.orders',
  name: 'orders',
  resourceType: 'model',
  version: null,
  latestVersion: null,
  access: 'protected',
  group: null,
  contractEnforced: false,
  certified: false,
  definition: null,
  packageName: 'acme_shop',
  projectName: 'acme_shop',
  database: 'ANALYTICS',
  schema: 'MARTS',
  relationName: 'ANALYTICS.MARTS.ORDERS',
  materialized: 'table',
  description: 'One row per **order**. <script>window.pwned = true</script>',
  tags: ['finance'],
  owners: ['Data team'],
  domain: 'sales',
  meta: {},
  originalFilePath: 'models/marts/orders.sql',
  rawCode: "select * from {{ ref('stg_orders') }}",
  compiledCode: 'select * from ANALYTICS.STAGING.STG_ORDERS',
  columns: [
    {
      name: 'ORDER_ID',
      type: 'INTEGER',
      description: 'The order',
      tags: [],
      tests: [{ uniqueId: 'test.acme_shop.unique_orders_order_id', name: 'unique_orders_order_id', status: 'pass' }],
    },
    {
      name: 'CUSTOMER_ID',
      type: 'INTEGER',
      description: '',
      tags: [],
      tests: [{ uniqueId: 'test.acme_shop.not_null_orders_customer_id', name: 'not_null_orders_customer_id', status: 'fail' }],
    },
  ],
  upstream: [
    { uniqueId: 'model.acme_shop.stg_orders', name: 'stg_orders', resourceType: 'model', projectName: 'acme_shop', missing: false },
  ],
  downstream: [],
  health: { status: 'Degraded', reasons: ['Test not_null_orders_customer_id failed (ran 2026-11-23 06:00 UTC)'] },
  tests: [
    {
      uniqueId: 'test.acme_shop.not_null_orders_customer_id',
      name: 'not_null_orders_customer_id',
      column: 'CUSTOMER_ID',
      severity: 'ERROR',
      status: 'fail',
      failures: 4,
      message: 'Got 4 results, configured to fail if != 0',
      executedAt: '2026-11-23T06:00:30.000Z',
    },
    {
      uniqueId: 'test.acme_shop.unique_orders_order_id',
      name: 'unique_orders_order_id',
      column: 'ORDER_ID',
      severity: 'ERROR',
      status: 'pass',
      failures: 0,
      message: null,
      executedAt: '2026-11-23T06:00:29.000Z',
    },
  ],
  referencedBy: [],
  exposures: [
    { uniqueId: 'exposure.acme_shop.revenue', name: 'revenue', resourceType: 'exposure', projectName: 'acme_shop', missing: false },
  ],
  freshness: null,
  lastRun: { status: 'success', executedAt: '2026-11-23T06:00:10.000Z', executionTime: 1.5, message: null },
  history: [{ ingestedAt: '2026-11-23T06:01:00.000Z', buildStatus: 'success', testsFailed: 1, testsWarned: 0, testsPassed: 1 }],
};

export function source(name: string, overrides: Partial<SourceFreshness> = {}): SourceFreshness {
  return {
    uniqueId: `source.acme_shop.shop.${name}`,
    sourceName: 'shop',
    name,
    relationName: `RAW.SHOP.${name.toUpperCase()}`,
    loadedAtField: '_LOADED_AT',
    warnAfter: { count: 12, period: 'hour' },
    errorAfter: { count: 24, period: 'hour' },
    filter: null,
    maxLoadedAt: '2026-11-23T05:00:00.000Z',
    checkedAt: '2026-11-23T06:00:00.000Z',
    ageSeconds: 3600,
    status: 'pass',
    origin: 'portal',
    error: null,
    history: [{ checkedAt: '2026-11-23T06:00:00.000Z', status: 'pass', ageSeconds: 3600, origin: 'portal' }],
    ...overrides,
  };
}

export const freshnessAnswer: FreshnessResponse = {
  sources: [
    source('orders'),
    source('payments', { status: 'error', ageSeconds: 3 * 86400, maxLoadedAt: '2026-11-20T06:00:00.000Z' }),
    source('customers', { status: 'warn', ageSeconds: 13 * 3600 }),
  ],
  models: [
    {
      uniqueId: 'model.acme_shop.orders',
      name: 'orders',
      materialized: 'table',
      lastSuccessAt: '2026-11-23T06:00:10.000Z',
      ageSeconds: 600,
      lastStatus: 'success',
    },
  ],
  scheduleMinutes: 60,
  lastCheckAt: '2026-11-23T06:00:00.000Z',
};
