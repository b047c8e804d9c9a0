// The Optimize API's answers (cost, queries, warehouses, recommendations, users): the shapes
// the server computes and the pages show. Money is credits × the organisation's price per
// credit, in USD; times are ISO 8601 UTC; days are `YYYY-MM-DD`.
import type { CURRENCY, WarehouseInfo, WarehouseSize } from './warehouseInfo';
import type { AlterWarehouseChange } from './managementContract';

/** Credits and their price. */
export interface Spend {
  credits: number;
  cost: number;
}

/** Inclusive UTC days, `YYYY-MM-DD`. */
export interface DateRange {
  from: string;
  to: string;
}

export interface QueryFilter {
  range: DateRange;
  warehouseName?: string;
  userName?: string;
  roleName?: string;
  queryTag?: string;
  /** QUERY_PARAMETERIZED_HASH: the runs of one query pattern. */
  parameterizedHash?: string;
  /** A dbt node id (`model.<package>.<name>`): the statements dbt ran to build it. */
  dbtModel?: string;
}

export interface DailyWarehouseSpend extends Spend {
  day: string;
  warehouseName: string;
}

export interface DailyServiceSpend {
  day: string;
  computeCredits: number;
  /** Cloud-services credits used, before the adjustment. */
  cloudServicesCredits: number;
  /** Cloud-services credits billed: used minus the free 10% of compute. */
  billedCloudServicesCredits: number;
  storageBytes: number;
  computeCost: number;
  cloudServicesCost: number;
  storageCost: number;
  totalCost: number;
}

export type Service = 'compute' | 'cloud_services' | 'storage';

export interface ServiceSpend {
  service: Service;
  /** Null for storage, which is not billed in credits. */
  credits: number | null;
  cost: number;
}

export type CostDimension = 'user' | 'role' | 'tag';

export interface DimensionSpend extends Spend {
  /** User, role or query tag; null = queries without a tag. */
  name: string | null;
  queries: number;
  computeCredits: number;
  cloudServicesCredits: number;
  /** Its attributed cost over the comparison period (CostSummary.previousRange). */
  previousCost: number;
}

export interface IdleCost {
  warehouseName: string;
  meteredCredits: number;
  attributedCredits: number;
  idleCredits: number;
  idleCost: number;
  /** idle ÷ metered, 0…1. */
  idleShare: number;
  /** Metered compute in money, in the range and over the comparison period (CostSummary.previousRange). */
  meteredCost: number;
  previousMeteredCost: number;
}

export interface MonthToDate {
  asOf: string;
  monthStart: string;
  /** Spend from the 1st of the month to asOf (asOf may be a partial day). */
  monthToDateCost: number;
  /** Spend over the same days of last month (clamped to its length). */
  lastMonthSameDaysCost: number;
  lastMonthTotalCost: number;
  /** Spend to the end of yesterday plus the last 7 days' daily average for each remaining day. */
  forecastCost: number;
  /** (monthToDate − lastMonthSameDays) ÷ lastMonthSameDays; null when last month had no spend. */
  changeShare: number | null;
}

export interface CostSummary {
  range: DateRange;
  /** What the range is compared with (see CostMovers.previousRange). */
  previousRange: DateRange;
  currency: typeof CURRENCY;
  pricePerCredit: number;
  storagePricePerTbMonth: number;
  totalCost: number;
  byService: ServiceSpend[];
  byDayAndService: DailyServiceSpend[];
  byDayAndWarehouse: DailyWarehouseSpend[];
  byUser: DimensionSpend[];
  byRole: DimensionSpend[];
  byTag: DimensionSpend[];
  idleByWarehouse: IdleCost[];
  monthToDate: MonthToDate | null;
}

export interface QuerySummary {
  queryId: string;
  startTime: string;
  warehouseName: string | null;
  warehouseSize: string | null;
  userName: string;
  roleName: string | null;
  queryTag: string | null;
  queryType: string;
  executionStatus: string;
  totalElapsedMs: number;
  executionMs: number;
  queuedOverloadMs: number;
  bytesScanned: number;
  bytesSpilledLocal: number;
  bytesSpilledRemote: number;
  credits: number;
  cost: number;
  /** The first 200 characters of the text. */
  textPreview: string;
}

export interface QueryDetail extends QuerySummary {
  queryText: string;
  endTime: string;
  databaseName: string | null;
  schemaName: string | null;
  compilationMs: number;
  queuedProvisioningMs: number;
  partitionsScanned: number;
  partitionsTotal: number;
  percentageScannedFromCache: number | null;
  errorCode: string | null;
  queryHash: string | null;
  queryParameterizedHash: string | null;
  computeCredits: number;
  cloudServicesCredits: number;
}

export interface QueryPattern {
  parameterizedHash: string;
  queries: number;
  totalCredits: number;
  totalCost: number;
  averageCost: number;
  totalElapsedMs: number;
  averageElapsedMs: number;
  remoteSpillQueries: number;
  users: number;
  firstSeen: string;
  lastSeen: string;
  /** The most expensive run of the pattern, and its text. */
  sampleQueryId: string;
  sampleText: string;
}

export interface SpillSummary {
  warehouseName: string;
  warehouseSize: string | null;
  queries: number;
  remoteSpillQueries: number;
  bytesSpilledLocal: number;
  bytesSpilledRemote: number;
}

export type QueryOrder = 'cost' | 'duration';

export type PatternOrder = 'cost' | 'count' | 'duration';

export interface WarehouseSettingsView {
  name: string;
  state: string | null;
  type: string | null;
  /** Null when Snowflake reports a size this code does not know (e.g. a Snowpark-optimised one). */
  size: WarehouseSize | null;
  sizeLabel: string;
  minClusterCount: number;
  maxClusterCount: number;
  /** Null = never suspends. */
  autoSuspendSeconds: number | null;
  autoResume: boolean;
  scalingPolicy: string | null;
  owner: string | null;
  comment: string | null;
}

export interface WarehouseUsage extends WarehouseSettingsView {
  meteredCredits: number;
  cost: number;
  cloudServicesCredits: number;
  attributedCredits: number;
  idleCredits: number;
  /** Metered compute in hours without a running query ÷ metered. */
  idleShare: number;
  /** Credits Snowflake attributes to running queries (idle excluded). */
  busyCredits: number;
  /** busy ÷ metered: the share of billed time a query was running. */
  busyShare: number;
  /** Average of WAREHOUSE_LOAD_HISTORY.AVG_RUNNING over the intervals the warehouse ran. */
  averageRunning: number;
  averageQueued: number;
  queries: number;
  queuedQueries: number;
  queuedSeconds: number;
  remoteSpillQueries: number;
  /** The size most queries in the range ran at (differs from `size` after a resize). */
  historicalSize: string | null;
}

export type RecommendationKind = 'auto_suspend' | 'downsize' | 'upsize' | 'multi_cluster';

export interface Recommendation {
  /** Stable: `<warehouse>:<kind>`. */
  id: string;
  warehouseName: string;
  kind: RecommendationKind;
  title: string;
  reason: string;
  current: { size: string; autoSuspendSeconds: number | null; maxClusterCount: number };
  /** Credits per 30 days; negative = the change costs more (and buys speed). */
  estimatedMonthlySavingsCredits: number;
  estimatedMonthlySavings: number;
  change: AlterWarehouseChange;
  /** The statement applying it runs (identifier quoted, numbers inlined: no bound values). */
  statement: string;
}

export interface UserCost {
  userName: string;
  displayName: string | null;
  type: string | null;
  disabled: boolean;
  hasMfa: boolean;
  defaultRole: string | null;
  lastSuccessLogin: string | null;
  /** Whole days from the last sign-in to `asOf`; null = never signed in. */
  daysSinceLogin: number | null;
  roles: string[];
  powerfulRoles: string[];
  dormant: boolean;
  queries: number;
  credits: number;
  cost: number;
}

export interface UsersOverview {
  range: DateRange;
  asOf: string;
  dormantDays: number;
  users: UserCost[];
  /** Dormant users (no sign-in for dormantDays) holding ACCOUNTADMIN, SECURITYADMIN or SYSADMIN. */
  dormantPrivileged: UserCost[];
  /** Enabled people (TYPE PERSON or unset) without MFA; service users sign in with keys. */
  withoutMfa: UserCost[];
}

/** What "Top movers" ranks: where a change in the bill comes from. */
export const moverDimensions = ['warehouse', 'user', 'pattern', 'model', 'tag'] as const;
export type MoverDimension = (typeof moverDimensions)[number];

export interface CostMover {
  /** The warehouse, user or query tag; the pattern's parameterised hash; the dbt node id of a model. */
  name: string;
  /** What to show: the name, a model's own name, or the first 200 characters of a pattern's most expensive run. */
  label: string;
  cost: number;
  previousCost: number;
  /** cost − previousCost. */
  change: number;
  /** change ÷ previousCost; null when it cost nothing before (new). */
  changeShare: number | null;
}

/**
 * What changed against the comparison period. A range from the 1st of a month to a day of it
 * (this month so far, or a whole month) is compared with the same days of the month before (cut
 * to its length); any other range with the equally long period just before it.
 */
export interface CostMovers {
  range: DateRange;
  previousRange: DateRange;
  currency: typeof CURRENCY;
  /** The bill (compute, billed cloud services, storage) in each period. */
  totalCost: number;
  previousTotalCost: number;
  change: number;
  changeShare: number | null;
  /** Per dimension, the names whose cost moved most (either way), largest move first. */
  movers: Record<MoverDimension, CostMover[]>;
}

// The answers that wrap the shapes above

export interface WarehouseInfoResponse {
  info: WarehouseInfo;
  /** First and last day with usage data; null for an account without usage yet. */
  dataRange: DateRange | null;
  /** False while the usage copy the Optimize pages read is filled for the first time. */
  usageReady: boolean;
}

export interface WarehousesResponse {
  warehouses: WarehouseUsage[];
  settings: WarehouseSettingsView[];
  recommendations: Recommendation[];
}

export interface TopQueriesPage {
  queries: QuerySummary[];
  /** Queries matching the filters in all. */
  total: number;
  offset: number;
}

export interface SpillingResponse {
  queries: QuerySummary[];
  byWarehouse: SpillSummary[];
}
