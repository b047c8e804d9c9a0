// Small, hand-made answers of the warehouse API, in the warehouse layer's own types.
import type { CostMovers } from '@common/warehouse/analyticsContract';
import type { UsageSyncStatus } from '@common/warehouse/usageSyncContract';
import type { WarehouseInfoResponse } from '../../src/api/warehouseApi';
import type {
  CostSummary,
  QueryDetail,
  QueryPattern,
  QuerySummary,
  Recommendation,
  UserCost,
  WarehouseUsage,
} from '../../src/api/warehouseTypes';

export const sampleInfo: WarehouseInfoResponse = {
  info: { organisation: 'acme', engine: 'duckdb', sample: true, currency: 'USD', pricePerCredit: 3, storagePricePerTbMonth: 23 },
  dataRange: { from: '2026-08-24', to: '2026-11-21' },
  usageReady: true,
};

/** The usage copy behind the pages: filled, last synced at 09:05 with one earlier backfill. */
export const sampleUsageSync: UsageSyncStatus = {
  ready: true,
  dataAsOf: '2026-11-22T06:00:00.000Z',
  syncedAt: '2026-11-22T09:05:00.000Z',
  backfillDays: 365,
  intervalMs: 3_600_000,
  lastRun: {
    id: 'run-2',
    kind: 'incremental',
    status: 'succeeded',
    startedAt: '2026-11-22T09:04:58.000Z',
    finishedAt: '2026-11-22T09:05:00.000Z',
    rowsCopied: 4210,
    sourceStatements: 14,
    error: null,
  },
  recentRuns: [
    {
      id: 'run-2',
      kind: 'incremental',
      status: 'succeeded',
      startedAt: '2026-11-22T09:04:58.000Z',
      finishedAt: '2026-11-22T09:05:00.000Z',
      rowsCopied: 4210,
      sourceStatements: 14,
      error: null,
    },
    {
      id: 'run-1',
      kind: 'backfill',
      status: 'succeeded',
      startedAt: '2026-11-22T08:00:00.000Z',
      finishedAt: '2026-11-22T08:00:09.000Z',
      rowsCopied: 160_000,
      sourceStatements: 120,
      error: null,
    },
  ],
  views: [],
  cost: { days: 30, runs: 2, sourceStatements: 134, queries: 0, credits: 0, cost: 0 },
  job: null,
};

export const costSummary: CostSummary = {
  range: { from: '2026-08-24', to: '2026-11-21' },
  previousRange: { from: '2026-05-26', to: '2026-08-23' },
  currency: 'USD',
  pricePerCredit: 3,
  storagePricePerTbMonth: 23,
  totalCost: 1234.5,
  byService: [
    { service: 'compute', credits: 380, cost: 1140 },
    { service: 'cloud_services', credits: 12.5, cost: 37.5 },
    { service: 'storage', credits: null, cost: 57 },
  ],
  byDayAndService: [
    {
      day: '2026-11-20',
      computeCredits: 200,
      cloudServicesCredits: 25,
      billedCloudServicesCredits: 5,
      storageBytes: 2 * 1024 ** 4,
      computeCost: 600,
      cloudServicesCost: 15,
      storageCost: 30,
      totalCost: 645,
    },
    {
      day: '2026-11-21',
      computeCredits: 180,
      cloudServicesCredits: 25.5,
      billedCloudServicesCredits: 7.5,
      storageBytes: 2 * 1024 ** 4,
      computeCost: 540,
      cloudServicesCost: 22.5,
      storageCost: 27,
      totalCost: 589.5,
    },
  ],
  byDayAndWarehouse: [
    { day: '2026-11-20', warehouseName: 'ANALYTICS_WH', credits: 120, cost: 360 },
    { day: '2026-11-20', warehouseName: 'ELT_WH', credits: 80, cost: 240 },
    { day: '2026-11-21', warehouseName: 'ANALYTICS_WH', credits: 100, cost: 300 },
    { day: '2026-11-21', warehouseName: 'ELT_WH', credits: 80, cost: 240 },
  ],
  byUser: [
    { name: 'JANE_DOE', queries: 1200, computeCredits: 150, cloudServicesCredits: 2, credits: 152, cost: 456, previousCost: 300 },
    {
      name: '=HYPERLINK("http://evil.example","x")',
      queries: 3,
      computeCredits: 1,
      cloudServicesCredits: 0,
      credits: 1,
      cost: 3,
      previousCost: 3,
    },
    { name: 'ETL_SERVICE', queries: 5000, computeCredits: 160, cloudServicesCredits: 5, credits: 165, cost: 495, previousCost: 550 },
  ],
  byRole: [{ name: 'ANALYST', queries: 1203, computeCredits: 151, cloudServicesCredits: 2, credits: 153, cost: 459, previousCost: 459 }],
  byTag: [
    { name: 'dbt:model=orders', queries: 400, computeCredits: 60, cloudServicesCredits: 1, credits: 61, cost: 183, previousCost: 0 },
    { name: null, queries: 5803, computeCredits: 250, cloudServicesCredits: 6, credits: 256, cost: 768, previousCost: 700 },
  ],
  idleByWarehouse: [
    {
      warehouseName: 'ANALYTICS_WH',
      meteredCredits: 220,
      attributedCredits: 110,
      idleCredits: 110,
      idleCost: 330,
      idleShare: 0.5,
      meteredCost: 660,
      previousMeteredCost: 600,
    },
    {
      warehouseName: 'ELT_WH',
      meteredCredits: 160,
      attributedCredits: 150,
      idleCredits: 10,
      idleCost: 30,
      idleShare: 0.0625,
      meteredCost: 480,
      previousMeteredCost: 520,
    },
  ],
  monthToDate: {
    asOf: '2026-11-21',
    monthStart: '2026-11-01',
    monthToDateCost: 812.25,
    lastMonthSameDaysCost: 750,
    lastMonthTotalCost: 1100,
    forecastCost: 1190.4,
    changeShare: 0.083,
  },
};

export function querySummary(queryId: string, overrides: Partial<QuerySummary> = {}): QuerySummary {
  return {
    queryId,
    startTime: '2026-11-20T09:15:00.000Z',
    warehouseName: 'ANALYTICS_WH',
    warehouseSize: 'Medium',
    userName: 'JANE_DOE',
    roleName: 'ANALYST',
    queryTag: null,
    queryType: 'SELECT',
    executionStatus: 'SUCCESS',
    totalElapsedMs: 65_000,
    executionMs: 60_000,
    queuedOverloadMs: 0,
    bytesScanned: 5 * 1024 ** 3,
    bytesSpilledLocal: 0,
    bytesSpilledRemote: 0,
    credits: 0.5,
    cost: 1.5,
    textPreview: 'SELECT * FROM ORDERS',
    ...overrides,
  };
}

export function queryDetail(queryId: string, overrides: Partial<QueryDetail> = {}): QueryDetail {
  return {
    ...querySummary(queryId),
    queryText: 'SELECT *\nFROM ORDERS\nWHERE AMOUNT > 100',
    endTime: '2026-11-20T09:16:05.000Z',
    databaseName: 'SALES',
    schemaName: 'PUBLIC',
    compilationMs: 120,
    queuedProvisioningMs: 0,
    partitionsScanned: 40,
    partitionsTotal: 100,
    percentageScannedFromCache: 0.25,
    errorCode: null,
    queryHash: 'abc',
    queryParameterizedHash: 'p-abc',
    computeCredits: 0.48,
    cloudServicesCredits: 0.02,
    ...overrides,
  };
}

export const queryPattern: QueryPattern = {
  parameterizedHash: 'p-abc',
  queries: 420,
  totalCredits: 60,
  totalCost: 180,
  averageCost: 180 / 420,
  totalElapsedMs: 420 * 30_000,
  averageElapsedMs: 30_000,
  remoteSpillQueries: 0,
  users: 3,
  firstSeen: '2026-08-24T08:00:00.000Z',
  lastSeen: '2026-11-21T17:00:00.000Z',
  sampleQueryId: '01b2c3d4-0000-0000-0000-000000000001',
  sampleText: 'SELECT * FROM ORDERS WHERE ID = ?',
};

export function warehouseUsage(name: string, overrides: Partial<WarehouseUsage> = {}): WarehouseUsage {
  return {
    name,
    state: 'SUSPENDED',
    type: 'STANDARD',
    size: 'Large',
    sizeLabel: 'Large',
    minClusterCount: 1,
    maxClusterCount: 1,
    autoSuspendSeconds: 600,
    autoResume: true,
    scalingPolicy: 'STANDARD',
    owner: 'SYSADMIN',
    comment: null,
    meteredCredits: 300,
    cost: 900,
    cloudServicesCredits: 3,
    attributedCredits: 60,
    idleCredits: 240,
    idleShare: 0.8,
    busyCredits: 30,
    busyShare: 0.1,
    averageRunning: 0.12,
    averageQueued: 0,
    queries: 1000,
    queuedQueries: 0,
    queuedSeconds: 0,
    remoteSpillQueries: 0,
    historicalSize: 'Large',
    ...overrides,
  };
}

export function recommendation(warehouseName: string, overrides: Partial<Recommendation> = {}): Recommendation {
  return {
    id: `${warehouseName}:auto_suspend`,
    warehouseName,
    kind: 'auto_suspend',
    title: `Suspend ${warehouseName} after 60 seconds`,
    reason: `${warehouseName} waits 600 s after the last query before suspending.`,
    current: { size: 'Large', autoSuspendSeconds: 600, maxClusterCount: 1 },
    estimatedMonthlySavingsCredits: 80,
    estimatedMonthlySavings: 240,
    change: { kind: 'alterWarehouse', warehouseName, autoSuspendSeconds: 60 },
    statement: `ALTER WAREHOUSE "${warehouseName}" SET AUTO_SUSPEND = 60`,
    ...overrides,
  };
}

export function userCost(userName: string, overrides: Partial<UserCost> = {}): UserCost {
  return {
    userName,
    displayName: null,
    type: 'PERSON',
    disabled: false,
    hasMfa: true,
    defaultRole: 'ANALYST',
    lastSuccessLogin: '2026-11-20T08:00:00.000Z',
    daysSinceLogin: 1,
    roles: ['ANALYST'],
    powerfulRoles: [],
    dormant: false,
    queries: 10,
    credits: 2,
    cost: 6,
    ...overrides,
  };
}

/** The Cost page's top movers for this month so far (the default range) against the same days of last month. */
export const costMovers: CostMovers = {
  range: { from: '2026-11-01', to: '2026-11-21' },
  previousRange: { from: '2026-10-01', to: '2026-10-21' },
  currency: 'USD',
  totalCost: 812.25,
  previousTotalCost: 750,
  change: 62.25,
  changeShare: 0.083,
  movers: {
    warehouse: [
      { name: 'ANALYTICS_WH', label: 'ANALYTICS_WH', cost: 360, previousCost: 240, change: 120, changeShare: 0.5 },
      { name: 'ELT_WH', label: 'ELT_WH', cost: 300, previousCost: 340, change: -40, changeShare: -40 / 340 },
    ],
    user: [{ name: 'JANE_DOE', label: 'JANE_DOE', cost: 456, previousCost: 300, change: 156, changeShare: 0.52 }],
    pattern: [{ name: 'p-abc', label: 'SELECT * FROM ORDERS WHERE ID = ?', cost: 90, previousCost: 0, change: 90, changeShare: null }],
    model: [{ name: 'model.shop.orders', label: 'orders', cost: 48, previousCost: 60, change: -12, changeShare: -0.2 }],
    tag: [],
  },
};
