// Metrics (GET /api/catalog/governance/metrics…): the dbt manifest's semantic models (entities,
// dimensions, measures) and metrics (type and type_params) with their lineage, and, where a
// metric is a simple aggregation, its values over time from the warehouse.
// "Simple aggregation": a `simple` metric over one measure whose agg is sum, count,
// count_distinct, min, max or average (sum_boolean counts too), on a semantic model whose dbt
// model is a table or view, with a time dimension to group by. Anything else is shown with
// the reason no values are queried.
import { z } from 'zod';

export const metricGrains = ['day', 'week', 'month'] as const;
export type MetricGrain = (typeof metricGrains)[number];

const part = z.object({ name: z.string(), type: z.string(), expr: z.string().nullable(), description: z.string() });
export type SemanticPart = z.infer<typeof part>;

export const semanticModelRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  modelId: z.string().nullable(),
  modelName: z.string().nullable(),
  aggTimeDimension: z.string().nullable(),
  entities: z.array(part),
  dimensions: z.array(part),
  measures: z.array(part),
});
export type SemanticModelRecord = z.infer<typeof semanticModelRecord>;

export const metricRecord = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  description: z.string(),
  type: z.string(),
  typeParams: z.record(z.string(), z.unknown()),
  owners: z.array(z.string()),
  domain: z.string().nullable(),
  /** Measures it reads, each with its semantic model. */
  measures: z.array(z.object({ name: z.string(), agg: z.string().nullable(), semanticModel: z.string().nullable() })),
  /** Metrics it combines (ratio, derived). */
  inputs: z.array(z.string()),
  /** Null when values can be queried; else why not. */
  noValuesReason: z.string().nullable(),
});
export type MetricRecord = z.infer<typeof metricRecord>;

export const metricsListResponse = z.object({ metrics: z.array(metricRecord), semanticModels: z.array(semanticModelRecord) });
export type MetricsListResponse = z.infer<typeof metricsListResponse>;

export const metricIdParams = z.strictObject({ metricId: z.string().trim().min(1).max(1000) });
export const lineageNode = z.object({ id: z.string(), name: z.string(), resourceType: z.string() });
export const metricDetailResponse = z.object({
  metric: metricRecord,
  /** Upstream, nearest first: semantic models, models, sources (from dbt's depends_on). */
  upstream: z.array(lineageNode.extend({ depth: z.number() })),
  downstream: z.array(lineageNode),
});
export type MetricDetailResponse = z.infer<typeof metricDetailResponse>;

export const metricValuesQuery = z.strictObject({
  grain: z.enum(metricGrains, { error: `must be one of ${metricGrains.join(', ')}` }).default('day'),
  /** How many periods back from the newest value. */
  periods: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(400, 'must be at most 400').default(90),
});
export const metricValuesResponse = z.object({
  grain: z.enum(metricGrains),
  relation: z.string(),
  /**
   * `partial`: the data covers only part of the period (it starts or ends inside it), so its
   * value is not comparable with a whole period's. Days are never partial.
   */
  points: z.array(z.object({ period: z.string(), value: z.number().nullable(), partial: z.boolean() })),
});
export type MetricValuesResponse = z.infer<typeof metricValuesResponse>;
