/**
 * The sample dbt project as this builder understands it once its files are read: what dbt's
 * parser holds after `dbt parse`, reduced to what the sample uses. Field names follow dbt's YAML.
 */

export type Meta = Record<string, unknown>;

/** A generic data test as written under a column: `not_null`, or `{ accepted_values: { arguments: …, config: … } }`. */
export interface TestSpec {
  kind: 'not_null' | 'unique' | 'accepted_values' | 'relationships';
  /** `values` for accepted_values; `to` (ref('x') or source('a', 'b')) and `field` for relationships. */
  arguments: Record<string, unknown>;
  severity: 'error' | 'warn';
}

export interface ColumnDef {
  name: string;
  description: string;
  meta: Meta;
  tags: string[];
  tests: TestSpec[];
  /** A time spine's date column: its grain (`granularity: day`). */
  granularity?: string;
}

/** Configuration after dbt_project.yml's folder configs and the resource's own are merged. */
export interface NodeConfig {
  materialized: string;
  /** The custom schema (`+schema`), or null for the target schema. */
  schema: string | null;
  tags: string[];
  meta: Meta;
}

export interface ModelDef {
  name: string;
  /** Relative to the project root, e.g. `models/staging/stg_shop__orders.sql`. */
  filePath: string;
  rawCode: string;
  config: NodeConfig;
  description: string;
  columns: ColumnDef[];
  /** The YAML file that describes the model, relative to the project root. */
  patchPath: string | null;
  /** MetricFlow's time spine (`time_spine: standard_granularity_column:` in the model's YAML), when the model is one. */
  timeSpine?: { standardGranularityColumn: string };
  /** Who may ref it (dbt's `access`): only `public` models can be ref'd from another project. */
  access: ModelAccess;
}

export type ModelAccess = 'private' | 'protected' | 'public';

export interface SeedDef {
  name: string;
  filePath: string;
  csv: string;
  config: NodeConfig;
  description: string;
  columns: ColumnDef[];
  patchPath: string | null;
}

export interface SingularTestDef {
  name: string;
  filePath: string;
  rawCode: string;
  description: string;
  config: NodeConfig & { severity: 'error' | 'warn' };
  patchPath: string | null;
}

/** A snapshot declared in YAML (dbt 1.9+): a relation, its key, and the `check` strategy's columns. */
export interface SnapshotDef {
  name: string;
  /** The YAML file, relative to the project root. */
  filePath: string;
  /** `ref('x')` or `source('a', 'b')`, as written. */
  relation: string;
  uniqueKey: string;
  strategy: 'check';
  checkCols: string[];
  config: NodeConfig;
  description: string;
  columns: ColumnDef[];
}

export interface FreshnessRule {
  warn_after: { count: number; period: 'minute' | 'hour' | 'day' } | null;
  error_after: { count: number; period: 'minute' | 'hour' | 'day' } | null;
  filter: string | null;
}

export interface SourceTableDef {
  sourceName: string;
  name: string;
  identifier: string;
  schema: string;
  filePath: string;
  sourceDescription: string;
  description: string;
  loader: string;
  loadedAtField: string | null;
  freshness: FreshnessRule | null;
  meta: Meta;
  sourceMeta: Meta;
  tags: string[];
  columns: ColumnDef[];
}

export interface ExposureDef {
  name: string;
  label: string | null;
  type: 'dashboard' | 'notebook' | 'analysis' | 'ml' | 'application';
  maturity: 'low' | 'medium' | 'high' | null;
  url: string | null;
  description: string;
  owner: { name: string | null; email: string | null };
  /** `ref('x')`, `source('a', 'b')` or `metric('m')`, as written. */
  dependsOn: string[];
  tags: string[];
  meta: Meta;
  filePath: string;
}

export interface SemanticModelDef {
  name: string;
  description: string;
  /** `ref('fct_orders')` */
  model: string;
  defaults: { agg_time_dimension: string } | null;
  entities: Array<{ name: string; type: string; expr?: string; description?: string }>;
  dimensions: Array<{ name: string; type: string; expr?: string; description?: string; type_params?: { time_granularity: string } }>;
  measures: Array<{ name: string; agg: string; expr?: string; description?: string }>;
  filePath: string;
}

export interface MetricDef {
  name: string;
  label: string;
  description: string;
  type: 'simple' | 'ratio' | 'cumulative' | 'derived';
  typeParams: Record<string, unknown>;
  meta: Meta;
  filePath: string;
}

export interface ProjectDef {
  root: string;
  name: string;
  version: string;
  /** The target schema of profiles.yml (`schema:`), e.g. ANALYTICS. */
  targetSchema: string;
  models: ModelDef[];
  seeds: SeedDef[];
  snapshots: SnapshotDef[];
  singularTests: SingularTestDef[];
  sources: SourceTableDef[];
  exposures: ExposureDef[];
  semanticModels: SemanticModelDef[];
  metrics: MetricDef[];
  /** The projects of dependencies.yml (`projects: - name:`), whose public models it may ref. */
  dependsOnProjects: string[];
}
