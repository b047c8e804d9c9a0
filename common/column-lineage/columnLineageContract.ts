// Column-level lineage and impact analysis (GET /api/catalog/column-lineage/…, /api/catalog/impact):
// which upstream columns each model column comes from, computed by the portal from the compiled
// SQL in the manifest, and what a change to a column or a model reaches downstream. A node is
// addressed by dbt's unique_id, a column by its node and its name as catalog.json spells it.
import { z } from 'zod';

/**
 * How an output column relates to an upstream column:
 * - `passed through`: the same value under the same name;
 * - `renamed`: the same value under another name;
 * - `computed`: an expression of it (a cast, a coalesce, arithmetic, a case);
 * - `aggregated`: an aggregate over it (sum, count, avg…);
 * - `filtered`: it decides which rows are kept (a where or having clause), not the value;
 * - `joined on`: it matches rows of a join, not the value.
 * The first four carry the value (direct); the last two shape the rows (indirect).
 */
export const columnTransforms = ['passed through', 'renamed', 'computed', 'aggregated', 'filtered', 'joined on'] as const;
export type ColumnTransform = (typeof columnTransforms)[number];
export const directTransforms: readonly ColumnTransform[] = ['passed through', 'renamed', 'computed', 'aggregated'];

/** Where a model stands: lineage computed, waiting for the job, or its SQL could not be parsed (with the parser's reason). */
export const columnLineageStates = ['computed', 'pending', 'failed', 'no sql'] as const;
export type ColumnLineageState = (typeof columnLineageStates)[number];

export const columnLink = z.object({
  uniqueId: z.string(),
  nodeName: z.string(),
  resourceType: z.string(),
  column: z.string(),
  transform: z.enum(columnTransforms),
});
export type ColumnLink = z.infer<typeof columnLink>;

export const nodeLink = z.object({ uniqueId: z.string(), name: z.string(), resourceType: z.string() });
export type NodeLink = z.infer<typeof nodeLink>;

export const assetColumnLineage = z.object({
  name: z.string(),
  /** The columns this one is computed from (empty for a constant or an unresolved column). */
  upstream: z.array(columnLink),
  /** The columns computed from this one, one step down. */
  downstream: z.array(columnLink),
  /** Exposures that use a model this column feeds, through its downstream columns (any depth). */
  exposures: z.array(nodeLink),
});
export type AssetColumnLineage = z.infer<typeof assetColumnLineage>;

/** GET /api/catalog/column-lineage/assets/:uniqueId */
export const assetColumnLineageResponse = z.object({
  uniqueId: z.string(),
  /** The asset's own lineage state (sources and seeds have no SQL: `no sql`). */
  state: z.enum(columnLineageStates),
  /** Why the SQL could not be parsed, in the parser's words (state `failed`). */
  reason: z.string().nullable(),
  computedAt: z.string().nullable(),
  columns: z.array(assetColumnLineage),
});
export type AssetColumnLineageResponse = z.infer<typeof assetColumnLineageResponse>;

// The node ids travel in the query string: 150 of dbt's ids stay well inside the 16 KB a request's
// head may take, and a column view of more nodes than that cannot be read anyway.
export const COLUMN_GRAPH_NODES_MAX = 150;
/** GET /api/catalog/column-lineage/graph?node=a&node=b: the columns of those nodes and the column edges among them (the lineage graph's column mode). */
export const columnGraphQuery = z.strictObject({
  node: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string().min(1).max(1024))
      .min(1, 'must name at least one node')
      .max(COLUMN_GRAPH_NODES_MAX, `must name at most ${COLUMN_GRAPH_NODES_MAX} nodes`),
  ),
});
export type ColumnGraphQuery = z.input<typeof columnGraphQuery>;

export const columnGraphEdge = z.object({
  fromNode: z.string(),
  fromColumn: z.string(),
  toNode: z.string(),
  toColumn: z.string(),
  transform: z.enum(columnTransforms),
});
export type ColumnGraphEdge = z.infer<typeof columnGraphEdge>;

export const columnGraphResponse = z.object({
  /** Each asked node's columns, in catalog order (nodes the organisation does not have are left out). */
  columns: z.record(z.string(), z.array(z.string())),
  edges: z.array(columnGraphEdge),
});
export type ColumnGraphResponse = z.infer<typeof columnGraphResponse>;

export const IMPACT_DEPTH_MAX = 10;
/** GET /api/catalog/impact and /api/catalog/impact.csv: from a model (no column) or one of its columns. */
export const impactQuery = z.strictObject({
  asset: z.string().min(1, 'must name an asset').max(1024),
  column: z.string().min(1).max(1024).optional(),
  depth: z.coerce.number().int().min(1).max(IMPACT_DEPTH_MAX).default(5),
});
export type ImpactQuery = z.input<typeof impactQuery>;

export const impactedColumn = z.object({
  uniqueId: z.string(),
  nodeName: z.string(),
  resourceType: z.string(),
  column: z.string(),
  /** Steps from the origin (1: read directly from it). */
  distance: z.number(),
  /** How the nearest step reads its upstream column. */
  transform: z.enum(columnTransforms),
});
export type ImpactedColumn = z.infer<typeof impactedColumn>;

export const impactedNode = z.object({
  uniqueId: z.string(),
  name: z.string(),
  resourceType: z.string(),
  distance: z.number(),
  owners: z.array(z.string()),
});
export type ImpactedNode = z.infer<typeof impactedNode>;

/** Something of another area the change reaches: a dashboard, a data-API endpoint, an alert rule, a data product. */
export const impactedThing = z.object({
  id: z.string(),
  name: z.string(),
  /** Why it is reached, in words ("reads analytics.orders", "exposure Weekly revenue"). */
  via: z.string(),
  /** The portal page that shows it (a path of the app), when there is one. */
  href: z.string().nullable(),
  owners: z.array(z.string()),
});
export type ImpactedThing = z.infer<typeof impactedThing>;

export const impactOwner = z.object({
  owner: z.string(),
  /** What of theirs is reached ("model orders", "endpoint orders_by_country"). */
  reasons: z.array(z.string()),
});
export type ImpactOwner = z.infer<typeof impactOwner>;

export const impactResponse = z.object({
  origin: z.object({ uniqueId: z.string(), name: z.string(), resourceType: z.string(), column: z.string().nullable() }),
  depth: z.number(),
  /** Downstream columns (empty when the origin is a whole model: every downstream model is affected). */
  columns: z.array(impactedColumn),
  /** Downstream models, snapshots, seeds and metrics (dbt nodes other than exposures). */
  nodes: z.array(impactedNode),
  exposures: z.array(impactedNode),
  dashboards: z.array(impactedThing),
  endpoints: z.array(impactedThing),
  alertRules: z.array(impactedThing),
  dataProducts: z.array(impactedThing),
  /** Everyone to tell, with what of theirs is reached. */
  owners: z.array(impactOwner),
  /** Models on the path whose SQL could not be parsed: the column trail stops there and their whole model counts. */
  unparsed: z.array(nodeLink),
  tookMs: z.number(),
});
export type ImpactResponse = z.infer<typeof impactResponse>;

/** GET /api/catalog/column-lineage/coverage: per dbt project, how much of it has column lineage. */
export const coverageFailure = z.object({ uniqueId: z.string(), name: z.string(), reason: z.string() });
export const projectCoverage = z.object({
  projectName: z.string(),
  /** Models with compiled SQL, and of them how many were parsed. */
  models: z.number(),
  modelsParsed: z.number(),
  modelsPending: z.number(),
  /** Model columns, and of them how many trace to known upstream columns or a constant. */
  columns: z.number(),
  columnsResolved: z.number(),
  /** columnsResolved / columns, 0 when there are no columns. */
  share: z.number(),
  failures: z.array(coverageFailure),
  computedAt: z.string().nullable(),
});
export type ProjectCoverage = z.infer<typeof projectCoverage>;
export const coverageResponse = z.object({ projects: z.array(projectCoverage) });
export type CoverageResponse = z.infer<typeof coverageResponse>;
