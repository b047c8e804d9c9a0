// The parts of manifest.json (schema v9–v12) the portal reads, as loose zod objects: unknown
// keys pass (v12 changed in place across dbt minors), optional ones may be missing or null.
import { z } from 'zod';

const text = z.string().nullish();
const stringList = z.array(z.string()).nullish();
const record = z.record(z.string(), z.unknown()).nullish();

const column = z.looseObject({
  name: text,
  description: text,
  data_type: text,
  tags: stringList,
  meta: record,
});

const dependsOn = z.looseObject({ nodes: stringList }).nullish();

const freshnessCriterion = z.looseObject({ count: z.number().nullish(), period: text }).nullish();
const freshness = z.looseObject({ warn_after: freshnessCriterion, error_after: freshnessCriterion, filter: text }).nullish();

const config = z
  .looseObject({
    materialized: text,
    severity: text,
    tags: z.union([z.array(z.string()), z.string()]).nullish(),
    meta: record,
    freshness,
    loaded_at_field: text,
    access: text,
    contract: z.looseObject({ enforced: z.boolean().nullish() }).nullish(),
  })
  .nullish();

/** nodes (models, seeds, snapshots, tests, analyses, …) and sources share these. */
export const manifestNode = z.looseObject({
  unique_id: z.string(),
  resource_type: z.string(),
  name: z.string(),
  package_name: z.string(),
  database: text,
  schema: text,
  alias: text,
  identifier: text,
  relation_name: text,
  description: text,
  tags: stringList,
  meta: record,
  config,
  columns: z.record(z.string(), column).nullish(),
  original_file_path: text,
  // Empty for a node another project defines (dbt Mesh).
  path: text,
  raw_code: text,
  raw_sql: text,
  compiled_code: text,
  compiled_sql: text,
  depends_on: dependsOn,
  // tests
  attached_node: text,
  column_name: text,
  test_metadata: z.looseObject({ name: text, kwargs: record }).nullish(),
  // sources
  source_name: text,
  source_description: text,
  loaded_at_field: text,
  freshness,
  // groups own models since dbt 1.5
  group: text,
  // model governance since dbt 1.5: versions, access, contracts
  version: z.union([z.string(), z.number()]).nullish(),
  latest_version: z.union([z.string(), z.number()]).nullish(),
  access: text,
  contract: z.looseObject({ enforced: z.boolean().nullish() }).nullish(),
});
export type ManifestNode = z.infer<typeof manifestNode>;

export const manifestExposure = z.looseObject({
  unique_id: z.string(),
  name: z.string(),
  package_name: z.string(),
  type: text,
  label: text,
  maturity: text,
  url: text,
  description: text,
  tags: stringList,
  meta: record,
  config,
  owner: z.looseObject({ name: text, email: text }).nullish(),
  original_file_path: text,
  depends_on: dependsOn,
});
export type ManifestExposure = z.infer<typeof manifestExposure>;

/** Metrics and semantic models: a name, a description, what they depend on. */
export const manifestSemanticResource = z.looseObject({
  unique_id: z.string(),
  name: z.string(),
  package_name: z.string(),
  label: text,
  description: text,
  tags: stringList,
  meta: record,
  config,
  original_file_path: text,
  depends_on: dependsOn,
});
export type ManifestSemanticResource = z.infer<typeof manifestSemanticResource>;

/** dbt 1.7+ saved queries: metrics grouped by dimensions, kept in the project and exported by jobs. */
export const manifestSavedQuery = z.looseObject({
  unique_id: z.string(),
  name: z.string(),
  package_name: z.string(),
  label: text,
  description: text,
  tags: z.union([z.array(z.string()), z.string()]).nullish(),
  meta: record,
  config,
  original_file_path: text,
  depends_on: dependsOn,
  query_params: z.unknown().optional(),
  exports: z.unknown().optional(),
});
export type ManifestSavedQuery = z.infer<typeof manifestSavedQuery>;

/** Macros: their package, SQL and documented arguments. */
export const manifestMacro = z.looseObject({
  unique_id: z.string(),
  name: z.string(),
  package_name: z.string(),
  description: text,
  meta: record,
  original_file_path: text,
  macro_sql: text,
  arguments: z.unknown().optional(),
});
export type ManifestMacro = z.infer<typeof manifestMacro>;

const group = z.looseObject({ name: z.string(), owner: z.looseObject({ name: text, email: text }).nullish() });

const resources = <T extends z.ZodType>(schema: T) => z.record(z.string(), schema).nullish();

export const manifestSchema = z.looseObject({
  metadata: z.looseObject({
    dbt_schema_version: z.string(),
    dbt_version: text,
    generated_at: text,
    project_name: text,
    adapter_type: text,
  }),
  nodes: z.record(z.string(), manifestNode),
  sources: resources(manifestNode),
  exposures: resources(manifestExposure),
  metrics: resources(manifestSemanticResource),
  semantic_models: resources(manifestSemanticResource),
  saved_queries: resources(manifestSavedQuery),
  macros: resources(manifestMacro),
  // dbt 1.8+ unit tests: kept as tests of their own type, shown apart from data tests.
  unit_tests: resources(z.looseObject({ unique_id: z.string(), name: text, model: text, depends_on: dependsOn })),
  functions: resources(z.looseObject({ unique_id: z.string() })),
  groups: resources(group),
});
export type Manifest = z.infer<typeof manifestSchema>;
