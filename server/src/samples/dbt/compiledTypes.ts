/**
 * The project after compilation: every resource with its unique id, relation and dependencies,
 * and every SQL statement rendered for the warehouse, as dbt holds them before it runs.
 */
import type { ExposureDef, MetricDef, ModelDef, SeedDef, SemanticModelDef, SnapshotDef, SourceTableDef, TestSpec } from './projectTypes.js';

export interface Relation {
  database: string;
  schema: string;
  identifier: string;
  /** `"db"."schema"."identifier"`, as dbt-duckdb renders relation_name. */
  rendered: string;
}

/** A ref() as the manifest lists it: the model's name, and its project when it is another's. */
export interface RefName {
  name: string;
  package: string | null;
}

export interface Dependencies {
  /** Models and seeds used with ref(). */
  refs: RefName[];
  /** [source, table] pairs used with source(). */
  sources: Array<[string, string]>;
  /** Unique ids of everything referenced. */
  nodes: string[];
}

export interface CompiledModel extends Dependencies {
  kind: 'model';
  def: ModelDef;
  uniqueId: string;
  fqn: string[];
  relation: Relation;
  compiledCode: string;
}

export interface CompiledSeed {
  kind: 'seed';
  def: SeedDef;
  uniqueId: string;
  fqn: string[];
  relation: Relation;
}

export interface CompiledSnapshot extends Dependencies {
  kind: 'snapshot';
  def: SnapshotDef;
  uniqueId: string;
  fqn: string[];
  relation: Relation;
  /** `select * from <relation>`: what the snapshot captures. */
  compiledCode: string;
}

export interface CompiledSource {
  def: SourceTableDef;
  uniqueId: string;
  fqn: string[];
  relation: Relation;
}

export interface CompiledTest extends Dependencies {
  kind: 'test';
  uniqueId: string;
  name: string;
  alias: string;
  fqn: string[];
  /** The YAML that declares a generic test, or the singular test's SQL file. */
  filePath: string;
  rawCode: string;
  compiledCode: string;
  severity: 'error' | 'warn';
  description: string;
  tags: string[];
  meta: Record<string, unknown>;
  /** Generic tests: what was declared, on which node and column. */
  generic: { spec: TestSpec; attachedNode: string; columnName: string; fileKeyName: string; kwargs: Record<string, unknown> } | null;
  /** The singular test's file checksum input (its SQL); generic tests have none. */
  checksumSource: string | null;
}

export interface CompiledExposure {
  def: ExposureDef;
  uniqueId: string;
  refs: RefName[];
  sources: Array<[string, string]>;
  metrics: string[];
  nodes: string[];
}

export interface CompiledSemanticModel {
  def: SemanticModelDef;
  uniqueId: string;
  model: CompiledModel;
}

export interface CompiledMetric {
  def: MetricDef;
  uniqueId: string;
  /** Measures the metric reads, directly or through the metrics it is built from. */
  inputMeasures: string[];
  nodes: string[];
}

/** What gets built (everything but tests). */
export type Buildable = CompiledModel | CompiledSeed | CompiledSnapshot;
export type Executable = Buildable | CompiledTest;

export interface CompiledProject {
  name: string;
  database: string;
  models: CompiledModel[];
  seeds: CompiledSeed[];
  snapshots: CompiledSnapshot[];
  sources: CompiledSource[];
  tests: CompiledTest[];
  exposures: CompiledExposure[];
  semanticModels: CompiledSemanticModel[];
  metrics: CompiledMetric[];
  /** Other projects' public models it refs (dbt Mesh), with their project: the manifest's external nodes. */
  externals: Array<{ projectName: string; model: CompiledModel }>;
  /** Seeds, models and tests in the order `dbt build` runs them (parents first, each node's tests right after it). */
  buildOrder: Executable[];
}
