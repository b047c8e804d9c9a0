/**
 * How the sample's workloads are described: a workload's users, hours and query templates, the
 * defaults every template starts from, and the hour-of-day profiles (weights per UTC hour) the
 * workloads in workloads.ts are drawn over.
 */

export interface QueryTemplate {
  key: string;
  weight: number;
  queryType: string;
  database: string | null;
  schema: string | null;
  /** `{n}` is replaced by a number per query, so QUERY_HASH varies and QUERY_PARAMETERIZED_HASH does not. */
  text: string;
  paramRange: number;
  tag: string;
  execMedianMs: number;
  execSigma: number;
  execMaxMs: number;
  compileMedianMs: number;
  /** Share of runs that spill to remote storage (local spill always precedes it). */
  remoteSpill: number;
  cacheShare: number;
  failRate: number;
}

export interface Workload {
  id: string;
  warehouse: string | null;
  /** Share of the generated queries, unless `perWeekday` fixes a count. */
  share: number;
  /** Queries per weekday regardless of the sample size (a fixed schedule). */
  perWeekday?: number;
  weekday: readonly number[];
  weekend: readonly number[];
  /** Probability of overload queueing in the busiest hour (scaled by the hour's weight). */
  queueAtPeak: number;
  users: ReadonlyArray<{ name: string; role: string; weight: number }>;
  templates: readonly QueryTemplate[];
}

// Hour-of-day profiles: the weight of each UTC hour (0–23) in a workload's day.
export const flat = (value: number): number[] => Array.from({ length: 24 }, () => value);
const hours = (weights: Record<number, number>): number[] => Array.from({ length: 24 }, (_, hour) => weights[hour] ?? 0);

export const BUSINESS = hours({
  6: 0.1,
  7: 0.4,
  8: 0.8,
  9: 1,
  10: 1,
  11: 0.9,
  12: 0.7,
  13: 0.9,
  14: 1,
  15: 0.9,
  16: 0.7,
  17: 0.4,
  18: 0.2,
  19: 0.1,
  20: 0.05,
});
export const NIGHTLY = hours({ 1: 0.6, 2: 1, 3: 0.8, 4: 0.3 });
export const ANALYST_HOURS = hours({ 8: 0.3, 9: 0.8, 10: 1, 11: 1, 12: 0.5, 13: 0.9, 14: 1, 15: 1, 16: 0.8, 17: 0.4, 18: 0.1 });
export const OFFICE = hours({ 7: 1, 8: 1, 9: 1, 10: 1, 11: 1, 12: 1, 13: 1, 14: 1, 15: 1, 16: 1, 17: 1, 18: 1 });
export const NONE = flat(0);

type TemplateInput = Pick<QueryTemplate, 'key' | 'weight' | 'queryType' | 'text' | 'tag' | 'execMedianMs'> & Partial<QueryTemplate>;

export function template(input: TemplateInput): QueryTemplate {
  return {
    database: 'ANALYTICS',
    schema: 'MARTS',
    paramRange: 365,
    execSigma: 0.9,
    execMaxMs: 3_600_000,
    compileMedianMs: 180,
    remoteSpill: 0,
    cacheShare: 0.1,
    failRate: 0.01,
    ...input,
  };
}
