// Data Quality (GET/POST /api/catalog/quality/…): every data test of the organisation's dbt
// project with its last result and its history across ingested runs, summaries per asset,
// domain and owner, and warehouse profiles of assets. The rules behind the figures:
// - status: the test's latest result in any ingested run (`unknown` before its first run);
// - flakiness: status changes between consecutive results over the last FLAKY_WINDOW runs
//   (a test going pass → fail → pass has 2 flips); "flaky" means at least FLAKY_MIN_FLIPS;
// - domain: the asset's dbt `meta.domain` (or `meta.data_domain`), else the first folder of its
//   file under the project (`models/staging/stg_orders.sql` → `staging`), else none;
// - owner: the asset's first `meta.owner` (or `meta.owners`), else the owner of its dbt group.
import { z } from 'zod';
import { testStatuses } from '../dbt/catalogContract';

export const FLAKY_WINDOW = 20;
export const FLAKY_MIN_FLIPS = 2;
export const QUALITY_PAGE_MAX = 100;
export const HISTORY_RUNS_MAX = 60;

export const testTypes = ['generic', 'singular', 'unit'] as const;
export type TestType = (typeof testTypes)[number];
export const testSeverities = ['error', 'warn'] as const;
export const summaryDimensions = ['asset', 'domain', 'owner'] as const;
export type SummaryDimension = (typeof summaryDimensions)[number];

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]), z.array(item).max(20)).optional();
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** Filters shared by the list and the summaries. `type` absent: data tests (generic and singular); unit tests only when asked for. */
export const qualityFilters = {
  status: list(z.enum(testStatuses, { error: `must be one of ${testStatuses.join(', ')}` })),
  severity: list(z.enum(testSeverities, { error: `must be one of ${testSeverities.join(', ')}` })),
  type: list(z.enum(testTypes, { error: `must be one of ${testTypes.join(', ')}` })),
  q: text(200).optional(),
  owner: text(255).optional(),
  domain: text(255).optional(),
  asset: text(1000).optional(),
  flaky: z.enum(['true', 'false']).optional(),
};

export const qualityTestsQuery = z.strictObject({
  ...qualityFilters,
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(QUALITY_PAGE_MAX, `must be at most ${QUALITY_PAGE_MAX}`)
    .default(25),
});
export type QualityTestsQuery = z.output<typeof qualityTestsQuery>;

export const qualitySummaryQuery = z.strictObject({
  ...qualityFilters,
  by: z.enum(summaryDimensions, { error: `must be one of ${summaryDimensions.join(', ')}` }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type QualitySummaryQuery = z.output<typeof qualitySummaryQuery>;

export const qualityTest = z.object({
  uniqueId: z.string(),
  name: z.string(),
  type: z.enum(testTypes),
  /** The generic test's macro (not_null, unique, …). */
  kind: z.string().nullable(),
  severity: z.string(),
  assetId: z.string().nullable(),
  assetName: z.string().nullable(),
  column: z.string().nullable(),
  domain: z.string().nullable(),
  owner: z.string().nullable(),
  status: z.enum(testStatuses),
  failures: z.number().nullable(),
  message: z.string().nullable(),
  executedAt: z.string().nullable(),
  /** Newest first, one letter per run: p pass, f fail, e error, w warn, s skipped, u unknown. */
  recent: z.string(),
  runs: z.number(),
  flips: z.number(),
});
export type QualityTest = z.infer<typeof qualityTest>;

export const qualityTestsResponse = z.object({ total: z.number(), page: z.number(), pageSize: z.number(), tests: z.array(qualityTest) });
export type QualityTestsResponse = z.infer<typeof qualityTestsResponse>;

export const qualityGroup = z.object({
  key: z.string().nullable(),
  label: z.string(),
  tests: z.number(),
  passing: z.number(),
  failing: z.number(),
  warning: z.number(),
  /** Skipped, unknown or never run. */
  other: z.number(),
  flaky: z.number(),
  failingRows: z.number(),
});
export type QualityGroup = z.infer<typeof qualityGroup>;

export const qualitySummaryResponse = z.object({
  by: z.enum(summaryDimensions),
  groups: z.array(qualityGroup),
  totals: qualityGroup,
  groupCount: z.number(),
});
export type QualitySummaryResponse = z.infer<typeof qualitySummaryResponse>;

export const testIdParams = z.strictObject({ testId: text(1000) });

export const testRun = z.object({
  executedAt: z.string().nullable(),
  status: z.enum(testStatuses),
  failures: z.number().nullable(),
  message: z.string().nullable(),
  executionTime: z.number().nullable(),
});
export type TestRun = z.infer<typeof testRun>;
export const testHistoryResponse = z.object({ test: qualityTest, runs: z.array(testRun) });
export type TestHistoryResponse = z.infer<typeof testHistoryResponse>;

// Profiles of an asset's table on the warehouse.
export const profileRequestBody = z.strictObject({ assetId: text(1000) });
export const profileQuery = z.strictObject({ assetId: text(1000) });
export const PROFILE_JOB = 'catalog.profile';
export const PROFILE_TOP_VALUES = 5;

export const columnProfile = z.object({
  name: z.string(),
  dataType: z.string(),
  nullCount: z.number(),
  /** Nulls over rows profiled, 0..1. */
  nullShare: z.number(),
  /** Over the profiled rows; exact or approximate as the profile's distinctMethod says. */
  distinctCount: z.number(),
  min: z.string().nullable(),
  max: z.string().nullable(),
  topValues: z.array(z.object({ value: z.string().nullable(), count: z.number() })),
});
export type ColumnProfile = z.infer<typeof columnProfile>;

export const assetProfile = z.object({
  id: z.string(),
  assetId: z.string(),
  relation: z.string(),
  profiledAt: z.string(),
  profiledBy: z.string().nullable(),
  milliseconds: z.number(),
  rowCount: z.number(),
  /** Rows the column figures were computed on when the table was above the sampling limit; null: every row. */
  sampledRows: z.number().nullable(),
  /** exact: COUNT(DISTINCT) (the embedded DuckDB); approximate: APPROX_COUNT_DISTINCT, HyperLogLog within a few percent (Snowflake). */
  distinctMethod: z.enum(['exact', 'approximate']),
  columns: z.array(columnProfile),
});
export type AssetProfile = z.infer<typeof assetProfile>;

export const profileHistoryEntry = assetProfile.pick({ id: true, profiledAt: true, rowCount: true, sampledRows: true, milliseconds: true });
export const profilesResponse = z.object({ latest: assetProfile.nullable(), history: z.array(profileHistoryEntry) });
export type ProfilesResponse = z.infer<typeof profilesResponse>;
export const profileStartedResponse = z.object({ jobId: z.string() });
export type ProfileStartedResponse = z.infer<typeof profileStartedResponse>;
