// Answers of the Optimize area's finer analyses: spend by database and schema, each query
// pattern's daily cost with its change against the period before, a warehouse's utilisation
// over time, and the names the filters can offer. Money in USD; days `YYYY-MM-DD` (UTC).
import type { DateRange } from './analyticsContract';

export interface SchemaSpend {
  /** Null: queries run without a current schema. */
  name: string | null;
  queries: number;
  credits: number;
  cost: number;
  /** Its attributed cost over the comparison period (DatabaseSpendResponse.previousRange). */
  previousCost: number;
}

export interface DatabaseSpend extends SchemaSpend {
  schemas: SchemaSpend[];
}

export interface DatabaseSpendResponse {
  range: DateRange;
  previousRange: DateRange;
  databases: DatabaseSpend[];
}

export interface PatternTrend {
  parameterizedHash: string;
  /** The first 200 characters of the pattern's most expensive run. */
  sampleText: string;
  queries: number;
  totalCost: number;
  /** The pattern's cost over the period of the same length just before the range. */
  previousCost: number;
  /** (totalCost − previousCost) ÷ previousCost; null when it cost nothing before. */
  changeShare: number | null;
  /** Cost per day, one figure per entry of `days`. */
  daily: number[];
}

export interface PatternTrendsResponse {
  range: DateRange;
  previousRange: DateRange;
  days: string[];
  patterns: PatternTrend[];
}

export type UtilisationBucketSize = 'hour' | 'day';

export interface UtilisationBucket {
  /** ISO 8601 UTC start of the hour or day. */
  start: string;
  /** Compute credits metered (billed) in the bucket. */
  meteredCredits: number;
  /** Credits of billed time with a query running (Snowflake's CREDITS_ATTRIBUTED_COMPUTE_QUERIES). */
  runningCredits: number;
  /** meteredCredits − runningCredits: billed time with nothing running. */
  idleCredits: number;
  /** Hours the warehouse was up (five-minute load intervals it ran in). */
  upHours: number;
  /** Average queries running and queued (overload and provisioning) over the hours it was up. */
  averageRunning: number;
  averageQueued: number;
}

export interface UtilisationResponse {
  warehouseName: string;
  range: DateRange;
  bucket: UtilisationBucketSize;
  buckets: UtilisationBucket[];
}

export interface FilterOption {
  name: string;
  /** Queries in the range (for warehouses: queries that ran on it). */
  queries: number;
}

export interface FilterOptionsResponse {
  range: DateRange;
  warehouses: FilterOption[];
  users: FilterOption[];
  roles: FilterOption[];
  queryTags: FilterOption[];
  /** Each list holds at most this many names (the busiest ones), sorted by name. */
  limit: number;
}
