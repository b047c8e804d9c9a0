/**
 * manifest.json entries other than nodes: sources, exposures, semantic models and metrics
 * (MetricFlow's shape in manifest v12).
 */
import path from 'node:path';
import type { CompiledExposure, CompiledMetric, CompiledSemanticModel, CompiledSource } from './compiledTypes.js';
import { columnsJson, refArg } from './manifestNodes.js';

type Json = Record<string, unknown>;

/** The folders of a YAML file under models/, e.g. models/marts/_semantic.yml → marts/_semantic.yml. */
const underModels = (file: string): string => path.posix.relative('models', file);

export function sourceEntry(source: CompiledSource, projectName: string, createdAt: number): Json {
  const { def, relation } = source;
  const freshness = def.freshness
    ? {
        warn_after: def.freshness.warn_after ?? { count: null, period: null },
        error_after: def.freshness.error_after ?? { count: null, period: null },
        filter: def.freshness.filter,
      }
    : null;
  return {
    database: relation.database,
    schema: relation.schema,
    name: def.name,
    resource_type: 'source',
    package_name: projectName,
    path: def.filePath,
    original_file_path: def.filePath,
    unique_id: source.uniqueId,
    fqn: source.fqn,
    source_name: def.sourceName,
    source_description: def.sourceDescription,
    loader: def.loader,
    identifier: def.identifier,
    quoting: { database: null, schema: null, identifier: null, column: null },
    loaded_at_field: def.loadedAtField,
    loaded_at_query: null,
    freshness,
    external: null,
    description: def.description,
    columns: columnsJson(def.columns),
    // dbt 1.10 moved meta into config, where a table inherits its source's: owner and domain
    // written once on the source reach every table.
    meta: { ...def.sourceMeta, ...def.meta },
    source_meta: def.sourceMeta,
    tags: def.tags,
    // dbt 1.10 writes the criteria in the source's config too (where newer readers look first).
    config: { enabled: true, event_time: null, freshness, meta: { ...def.sourceMeta, ...def.meta }, tags: def.tags },
    patch_path: null,
    unrendered_config: {},
    relation_name: relation.rendered,
    created_at: createdAt,
    unrendered_database: null,
    unrendered_schema: def.schema,
    doc_blocks: [],
  };
}

export function exposureEntry(exposure: CompiledExposure, projectName: string, createdAt: number): Json {
  const { def } = exposure;
  const folders = path.posix
    .dirname(underModels(def.filePath))
    .split('/')
    .filter((part) => part !== '.');
  return {
    name: def.name,
    resource_type: 'exposure',
    package_name: projectName,
    path: underModels(def.filePath),
    original_file_path: def.filePath,
    unique_id: exposure.uniqueId,
    fqn: [projectName, ...folders, def.name],
    type: def.type,
    owner: { email: def.owner.email, name: def.owner.name },
    description: def.description,
    label: def.label,
    maturity: def.maturity,
    meta: def.meta,
    tags: def.tags,
    config: { enabled: true, tags: def.tags, meta: def.meta },
    unrendered_config: {},
    url: def.url,
    depends_on: { macros: [], nodes: exposure.nodes },
    refs: exposure.refs.map(refArg),
    sources: exposure.sources,
    metrics: exposure.metrics.map((name) => [name]),
    created_at: createdAt,
  };
}

const nullable = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

export function semanticModelEntry(semantic: CompiledSemanticModel, projectName: string, createdAt: number): Json {
  const { def, model } = semantic;
  const folders = path.posix
    .dirname(underModels(def.filePath))
    .split('/')
    .filter((part) => part !== '.');
  return {
    name: def.name,
    resource_type: 'semantic_model',
    package_name: projectName,
    path: underModels(def.filePath),
    original_file_path: def.filePath,
    unique_id: semantic.uniqueId,
    fqn: [projectName, ...folders, def.name],
    model: def.model,
    node_relation: {
      alias: model.relation.identifier,
      schema_name: model.relation.schema,
      database: model.relation.database,
      relation_name: model.relation.rendered,
    },
    description: def.description,
    label: null,
    defaults: def.defaults,
    entities: def.entities.map((entity) => ({
      name: entity.name,
      type: entity.type,
      description: nullable(entity.description),
      label: null,
      role: null,
      expr: nullable(entity.expr),
      config: { meta: {} },
    })),
    measures: def.measures.map((measure) => ({
      name: measure.name,
      agg: measure.agg,
      description: nullable(measure.description),
      label: null,
      create_metric: false,
      expr: nullable(measure.expr),
      agg_params: null,
      non_additive_dimension: null,
      agg_time_dimension: null,
      config: { meta: {} },
    })),
    dimensions: def.dimensions.map((dimension) => ({
      name: dimension.name,
      type: dimension.type,
      description: nullable(dimension.description),
      label: null,
      is_partition: false,
      type_params: dimension.type_params ? { time_granularity: dimension.type_params.time_granularity, validity_params: null } : null,
      expr: nullable(dimension.expr),
      metadata: null,
      config: { meta: {} },
    })),
    metadata: null,
    depends_on: { macros: [], nodes: [model.uniqueId] },
    refs: [refArg({ name: model.def.name, package: null })],
    created_at: createdAt,
    config: { enabled: true, group: null, meta: {} },
    unrendered_config: {},
    primary_entity: null,
    group: null,
  };
}

const measureInput = (name: string): Json => ({ name, filter: null, alias: null, join_to_timespine: false, fill_nulls_with: null });
const metricInput = (name: string): Json => ({ name, filter: null, alias: null, offset_window: null, offset_to_grain: null });

export function metricEntry(metric: CompiledMetric, projectName: string, createdAt: number): Json {
  const { def } = metric;
  const params = def.typeParams;
  const folders = path.posix
    .dirname(underModels(def.filePath))
    .split('/')
    .filter((part) => part !== '.');
  const measure = typeof params.measure === 'string' ? measureInput(params.measure) : null;
  return {
    name: def.name,
    resource_type: 'metric',
    package_name: projectName,
    path: underModels(def.filePath),
    original_file_path: def.filePath,
    unique_id: metric.uniqueId,
    fqn: [projectName, ...folders, def.name],
    description: def.description,
    label: def.label,
    type: def.type,
    type_params: {
      measure,
      input_measures: metric.inputMeasures.map(measureInput),
      numerator: typeof params.numerator === 'string' ? metricInput(params.numerator) : null,
      denominator: typeof params.denominator === 'string' ? metricInput(params.denominator) : null,
      expr: typeof params.expr === 'string' ? params.expr : null,
      window: null,
      grain_to_date: null,
      metrics: Array.isArray(params.metrics) ? params.metrics.map((name) => metricInput(String(name))) : [],
      conversion_type_params: null,
      cumulative_type_params: def.type === 'cumulative' ? { window: null, grain_to_date: null, period_agg: 'first', metric: null } : null,
      metric_aggregation_params: null,
    },
    filter: null,
    metadata: null,
    time_granularity: null,
    meta: def.meta,
    tags: [],
    config: { enabled: true, group: null, meta: def.meta },
    unrendered_config: {},
    sources: [],
    depends_on: { macros: [], nodes: metric.nodes },
    refs: [],
    metrics: def.type === 'simple' || def.type === 'cumulative' ? [] : metric.nodes.map((id) => [id.split('.').pop() ?? id]),
    created_at: createdAt,
    group: null,
  };
}
