// The catalog's explore, data assets and lineage (GET /api/catalog/…): what the server answers
// from the normalised artifacts in the portal store. A node's id is dbt's `unique_id`
// (`model.jaffle_shop.orders`, `source.jaffle_shop.raw.customers`, a column is addressed by its
// node id and column name).
import { z } from 'zod';
import { highlightedText, type HighlightedText } from '../search/highlightedText';

export const catalogResourceTypes = [
  'model',
  'source',
  'seed',
  'snapshot',
  'exposure',
  'metric',
  'semantic_model',
  'saved_query',
  'macro',
  'test',
  'analysis',
] as const;
export type CatalogResourceType = (typeof catalogResourceTypes)[number];

/** The resources explore searches: every resource type but tests and analyses. */
export const searchableNodeKinds = [
  'model',
  'source',
  'seed',
  'snapshot',
  'exposure',
  'metric',
  'semantic_model',
  'saved_query',
  'macro',
] as const satisfies readonly CatalogResourceType[];
/** What explore searches: those resources, and columns. */
export const searchableKinds = [...searchableNodeKinds, 'column'] as const;
export type SearchableKind = (typeof searchableKinds)[number];

export const testStatuses = ['pass', 'fail', 'warn', 'error', 'skipped', 'unknown'] as const;
export type TestStatus = (typeof testStatuses)[number];

/** The four data health signals of dbt's hosted catalog. */
export const healthStatuses = ['Healthy', 'Caution', 'Degraded', 'Unknown'] as const;
export type HealthStatus = (typeof healthStatuses)[number];

export const healthSignal = z.object({
  status: z.enum(healthStatuses),
  /** Why, in words a user reads on hover or focus ("Test not_null_orders_id failed"), each with when its result ran. */
  reasons: z.array(z.string()),
});
export type HealthSignal = z.infer<typeof healthSignal>;

/** A node's name as pages show it: a versioned model's name carries its version ("dim_customers v2"). */
export function versionedName(name: string, version: string | null | undefined): string {
  return version ? `${name} v${version}` : name;
}

/** dbt's model access levels, and whether a model's contract is enforced (Explore facets). */
export const modelAccesses = ['private', 'protected', 'public'] as const;
export const contractStates = ['enforced', 'not enforced'] as const;
/** Whether the project certifies an asset (`certified: true` in its meta, or the tag `certified`): an Explore facet of assets. */
export const certificationStates = ['certified', 'not certified'] as const;

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_MAX = 100;

const facetValue = z.string().trim().min(1).max(255);
/** Several values of one facet come as repeated query parameters (`?tag=a&tag=b`). */
const facetList = z
  .preprocess((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]), z.array(facetValue).max(20))
  .optional();

/** GET /api/catalog/search: the filters are the page's URL query, as is. */
export const catalogSearchQuery = z.strictObject({
  q: z.string().max(SEARCH_QUERY_MAX, `must be at most ${SEARCH_QUERY_MAX} characters`).optional(),
  kind: z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(z.enum(searchableKinds)).max(searchableKinds.length),
    )
    .optional(),
  database: facetList,
  schema: facetList,
  tag: facetList,
  owner: facetList,
  package: facetList,
  /** The organisation's dbt projects (several per organisation). */
  project: facetList,
  materialized: facetList,
  domain: facetList,
  testStatus: z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(z.enum(testStatuses)).max(testStatuses.length),
    )
    .optional(),
  access: z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(z.enum(modelAccesses)).max(modelAccesses.length),
    )
    .optional(),
  contract: z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(z.enum(contractStates)).max(contractStates.length),
    )
    .optional(),
  certified: z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(z.enum(certificationStates)).max(certificationStates.length),
    )
    .optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(25),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CatalogSearchQuery = z.input<typeof catalogSearchQuery>;

// The catalog's highlights are the portal's one shape of highlighted text.
export { highlightedText, type HighlightedText };

export const searchHit = z.object({
  kind: z.enum(searchableKinds),
  /** The node's unique id (for a column: the node that holds it). */
  uniqueId: z.string(),
  name: z.string(),
  /** For a column hit: the column's name; `name` is then the node's name. */
  column: z.string().nullable(),
  resourceType: z.enum(catalogResourceTypes),
  database: z.string().nullable(),
  schema: z.string().nullable(),
  packageName: z.string(),
  /** The dbt project the asset belongs to. */
  projectName: z.string(),
  /** Highlighted name and description extract. */
  nameHighlight: highlightedText,
  descriptionHighlight: highlightedText,
  tags: z.array(z.string()),
  testStatus: z.enum(testStatuses).nullable(),
  /** The node's own health (models and sources); null for kinds that have none. */
  health: z.enum(healthStatuses).nullable(),
  /** The project certifies the asset (always false for a column hit). */
  certified: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const facetCount = z.object({ value: z.string(), count: z.number() });
export type FacetCount = z.infer<typeof facetCount>;

export const catalogFacetNames = [
  'kind',
  'database',
  'schema',
  'tag',
  'owner',
  'package',
  'project',
  'materialized',
  'domain',
  'testStatus',
  'access',
  'contract',
  'certified',
] as const;
export type CatalogFacetName = (typeof catalogFacetNames)[number];

export const catalogSearchResponse = z.object({
  total: z.number(),
  hits: z.array(searchHit),
  /** Counts of each facet's values among all matches of `q` (before that facet's own filter). */
  facets: z.record(z.enum(catalogFacetNames), z.array(facetCount)),
  tookMs: z.number(),
});
export type CatalogSearchResponse = z.infer<typeof catalogSearchResponse>;

/** An entity, dimension or measure of a semantic model (type: an entity's or dimension's type, a measure's agg). */
export const semanticPart = z.object({
  name: z.string(),
  type: z.string(),
  expr: z.string().nullable(),
  description: z.string(),
  /** Time dimensions: their granularity; measures: their own agg_time_dimension. */
  extra: z.string().nullable(),
  /** Measures: a non_additive_dimension is set. */
  nonAdditive: z.boolean().optional(),
});
export type SemanticPart = z.infer<typeof semanticPart>;

/**
 * What an asset is made of beyond its name and lineage, for the kinds that have no columns: a
 * semantic model's entities, dimensions and measures, a metric's type, a saved query's metrics
 * and group-bys, a macro's documented arguments (its SQL is the asset's `rawCode`).
 */
export const assetDefinition = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('semantic_model'),
    model: z.string().nullable(),
    aggTimeDimension: z.string().nullable(),
    entities: z.array(semanticPart),
    dimensions: z.array(semanticPart),
    measures: z.array(semanticPart),
  }),
  z.object({
    kind: z.literal('metric'),
    type: z.string(),
    label: z.string().nullable(),
    typeParams: z.record(z.string(), z.unknown()),
    filter: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('saved_query'),
    label: z.string().nullable(),
    metrics: z.array(z.string()),
    groupBy: z.array(z.string()),
    /** The where filters, in MetricFlow's templating. */
    where: z.array(z.string()),
    exports: z.array(z.object({ name: z.string(), exportAs: z.string().nullable(), relation: z.string().nullable() })),
  }),
  z.object({
    kind: z.literal('macro'),
    arguments: z.array(z.object({ name: z.string(), type: z.string().nullable(), description: z.string() })),
  }),
]);
export type AssetDefinition = z.infer<typeof assetDefinition>;

export const assetIdParams = z.object({ uniqueId: z.string().min(1).max(1024, 'must be at most 1024 characters') });

export const assetColumn = z.object({
  name: z.string(),
  /** From catalog.json, else the manifest's declared data_type; null when neither has one. */
  type: z.string().nullable(),
  description: z.string(),
  tags: z.array(z.string()),
  tests: z.array(z.object({ uniqueId: z.string(), name: z.string(), status: z.enum(testStatuses) })),
});
export type AssetColumn = z.infer<typeof assetColumn>;

export const nodeRef = z.object({
  uniqueId: z.string(),
  name: z.string(),
  resourceType: z.enum(catalogResourceTypes),
  /** The dbt project it belongs to: another project's for a cross-project ref. */
  projectName: z.string(),
  /** Another project's model that the organisation does not have (that project is not uploaded). */
  missing: z.boolean(),
});
export type NodeRef = z.infer<typeof nodeRef>;

export const assetTest = z.object({
  uniqueId: z.string(),
  name: z.string(),
  column: z.string().nullable(),
  severity: z.string(),
  status: z.enum(testStatuses),
  failures: z.number().nullable(),
  message: z.string().nullable(),
  executedAt: z.string().nullable(),
});
export type AssetTest = z.infer<typeof assetTest>;

export const freshnessStatuses = ['pass', 'warn', 'error', 'runtime error', 'unknown'] as const;
export type FreshnessStatus = (typeof freshnessStatuses)[number];

export const assetDetail = z.object({
  uniqueId: z.string(),
  name: z.string(),
  resourceType: z.enum(catalogResourceTypes),
  packageName: z.string(),
  /** The dbt project it belongs to. */
  projectName: z.string(),
  database: z.string().nullable(),
  schema: z.string().nullable(),
  /** The relation as the warehouse names it, when the node has one. */
  relationName: z.string().nullable(),
  materialized: z.string().nullable(),
  /** Markdown; the page renders it safely (no HTML passes through). */
  description: z.string(),
  tags: z.array(z.string()),
  owners: z.array(z.string()),
  domain: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()),
  originalFilePath: z.string().nullable(),
  rawCode: z.string().nullable(),
  compiledCode: z.string().nullable(),
  columns: z.array(assetColumn),
  upstream: z.array(nodeRef),
  downstream: z.array(nodeRef),
  tests: z.array(assetTest),
  /** Model governance (dbt 1.5+): version and the latest one, access, group, contract enforcement. */
  version: z.string().nullable(),
  latestVersion: z.string().nullable(),
  access: z.enum(modelAccesses).nullable(),
  group: z.string().nullable(),
  contractEnforced: z.boolean(),
  /** The project certifies it: `certified: true` in its meta, or the tag `certified`. */
  certified: z.boolean(),
  /** Semantic models, metrics, saved queries and macros: what they are made of; null for the others. */
  definition: assetDefinition.nullable(),
  /** The asset's own health by dbt's model and source rules; null for kinds that have none. */
  health: healthSignal.nullable(),
  /** Tests that read this node but belong to another node, or to none (a singular test over several models). */
  referencedBy: z.array(assetTest),
  exposures: z.array(nodeRef),
  /** Sources only; null otherwise. */
  freshness: z
    .object({
      status: z.enum(freshnessStatuses),
      maxLoadedAt: z.string().nullable(),
      checkedAt: z.string().nullable(),
      ageSeconds: z.number().nullable(),
    })
    .nullable(),
  /** Models, seeds, snapshots: the last build in run_results. */
  /** The node's newest build result, by when it ran; `message` is dbt's own words when it did not succeed. */
  lastRun: z
    .object({ status: z.string(), executedAt: z.string().nullable(), executionTime: z.number().nullable(), message: z.string().nullable() })
    .nullable(),
  /** Model health across ingestions, oldest first (one point per ingestion with run results). */
  history: z.array(
    z.object({
      ingestedAt: z.string(),
      buildStatus: z.string().nullable(),
      testsFailed: z.number(),
      testsWarned: z.number(),
      testsPassed: z.number(),
    }),
  ),
});
export type AssetDetail = z.infer<typeof assetDetail>;
export const assetResponse = z.object({ asset: assetDetail });

/** GET /api/catalog/lineage */
export const LINEAGE_DEPTH_MAX = 10;
export const LINEAGE_NODES_PER_DIRECTION_DEFAULT = 200;
export const lineageQuery = z.strictObject({
  focus: z.string().min(1, 'must name a node').max(1024),
  upstream: z.coerce.number().int().min(0).max(LINEAGE_DEPTH_MAX).default(1),
  downstream: z.coerce.number().int().min(0).max(LINEAGE_DEPTH_MAX).default(1),
  /** Resource types to keep (others are passed through: their neighbours stay connected). */
  types: z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(z.enum(catalogResourceTypes)),
    )
    .optional(),
  /** At most this many nodes each way; what lies beyond is counted, not sent. */
  limit: z.coerce.number().int().min(1).max(2000).default(LINEAGE_NODES_PER_DIRECTION_DEFAULT),
});
export type LineageQuery = z.input<typeof lineageQuery>;

export const lineageNode = z.object({
  uniqueId: z.string(),
  name: z.string(),
  resourceType: z.enum(catalogResourceTypes),
  /** The dbt project it belongs to (lineage crosses projects where one refs another's model). */
  projectName: z.string(),
  /** Another project's model that the organisation does not have: its project is not uploaded. */
  missing: z.boolean(),
  /** Distance from the focus: negative upstream, positive downstream, 0 the focus. */
  depth: z.number(),
  /** Parents / children not in this answer (expand to fetch them). */
  hiddenUpstream: z.number(),
  hiddenDownstream: z.number(),
  testStatus: z.enum(testStatuses).nullable(),
  /** The node's own health (models and sources); null for kinds that have none. */
  health: z.enum(healthStatuses).nullable(),
});
export type LineageNode = z.infer<typeof lineageNode>;

export const lineageResponse = z.object({
  focus: z.string(),
  nodes: z.array(lineageNode),
  edges: z.array(z.object({ from: z.string(), to: z.string() })),
  /** True when the per-direction limit cut the answer. */
  truncated: z.boolean(),
});
export type LineageResponse = z.infer<typeof lineageResponse>;
