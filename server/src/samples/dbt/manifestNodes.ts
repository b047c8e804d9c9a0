/**
 * manifest.json `nodes` entries (models, seeds, data tests) with dbt-core's field names, as
 * `dbt build` writes them for manifest schema v12.
 */
import path from 'node:path';
import { sha256 } from './hashes.js';
import type { CompiledModel, CompiledSeed, CompiledSnapshot, CompiledTest, RefName } from './compiledTypes.js';
import type { ColumnDef } from './projectTypes.js';

type Json = Record<string, unknown>;

export function columnsJson(columns: readonly ColumnDef[]): Json {
  return Object.fromEntries(
    columns.map((column) => [
      column.name,
      {
        name: column.name,
        description: column.description,
        meta: column.meta,
        data_type: null,
        constraints: [],
        quote: null,
        tags: column.tags,
        granularity: column.granularity ?? null,
        doc_blocks: [],
      },
    ]),
  );
}

const docs = { show: true, node_color: null };
const contract = { enforced: false, alias_types: true, checksum: null };
export const refArg = (ref: RefName): Json => ({ name: ref.name, package: ref.package, version: null });

export function modelNode(model: CompiledModel, projectName: string, createdAt: number): Json {
  const { def, relation } = model;
  const relativePath = path.posix.relative('models', def.filePath);
  return {
    database: relation.database,
    schema: relation.schema,
    name: def.name,
    resource_type: 'model',
    package_name: projectName,
    path: relativePath,
    original_file_path: def.filePath,
    unique_id: model.uniqueId,
    fqn: model.fqn,
    alias: relation.identifier,
    checksum: sha256(def.rawCode),
    config: {
      enabled: true,
      alias: null,
      schema: def.config.schema,
      database: null,
      tags: def.config.tags,
      meta: { ...def.config.meta },
      group: null,
      materialized: def.config.materialized,
      incremental_strategy: null,
      batch_size: null,
      lookback: 1,
      begin: null,
      persist_docs: {},
      'post-hook': [],
      'pre-hook': [],
      quoting: {},
      column_types: {},
      full_refresh: null,
      unique_key: null,
      on_schema_change: 'ignore',
      on_configuration_change: 'apply',
      grants: {},
      packages: [],
      docs,
      contract: { enforced: false, alias_types: true },
      event_time: null,
      concurrent_batches: null,
      access: def.access,
    },
    tags: def.config.tags,
    description: def.description,
    columns: columnsJson(def.columns),
    meta: { ...def.config.meta },
    group: null,
    docs,
    patch_path: def.patchPath ? `${projectName}://${def.patchPath}` : null,
    build_path: `target/run/${projectName}/${def.filePath}`,
    unrendered_config: { materialized: def.config.materialized, ...(def.config.schema ? { schema: def.config.schema } : {}) },
    created_at: createdAt,
    relation_name: relation.rendered,
    raw_code: def.rawCode,
    doc_blocks: [],
    language: 'sql',
    refs: model.refs.map(refArg),
    sources: model.sources,
    metrics: [],
    depends_on: { macros: [], nodes: model.nodes },
    compiled_path: `target/compiled/${projectName}/${def.filePath}`,
    compiled: true,
    compiled_code: model.compiledCode,
    extra_ctes_injected: true,
    extra_ctes: [],
    contract,
    access: def.access,
    constraints: [],
    version: null,
    latest_version: null,
    deprecation_date: null,
    primary_key: def.columns
      .filter((column) => column.tests.some((test) => test.kind === 'unique'))
      .map((column) => column.name)
      .slice(0, 1),
    time_spine: def.timeSpine ? { standard_granularity_column: def.timeSpine.standardGranularityColumn, custom_granularities: [] } : null,
  };
}

export function seedNode(seed: CompiledSeed, projectName: string, createdAt: number): Json {
  const { def, relation } = seed;
  return {
    database: relation.database,
    schema: relation.schema,
    name: def.name,
    resource_type: 'seed',
    package_name: projectName,
    path: path.posix.relative('seeds', def.filePath),
    original_file_path: def.filePath,
    unique_id: seed.uniqueId,
    fqn: seed.fqn,
    alias: relation.identifier,
    checksum: sha256(def.csv),
    config: {
      enabled: true,
      alias: null,
      schema: def.config.schema,
      database: null,
      tags: def.config.tags,
      meta: def.config.meta,
      group: null,
      materialized: 'seed',
      incremental_strategy: null,
      batch_size: null,
      lookback: 1,
      begin: null,
      persist_docs: {},
      'post-hook': [],
      'pre-hook': [],
      quoting: {},
      column_types: {},
      full_refresh: null,
      unique_key: null,
      on_schema_change: 'ignore',
      on_configuration_change: 'apply',
      grants: {},
      packages: [],
      docs,
      contract: { enforced: false, alias_types: true },
      event_time: null,
      concurrent_batches: null,
      delimiter: ',',
      quote_columns: null,
    },
    tags: def.config.tags,
    description: def.description,
    columns: columnsJson(def.columns),
    meta: def.config.meta,
    group: null,
    docs,
    patch_path: def.patchPath ? `${projectName}://${def.patchPath}` : null,
    build_path: null,
    unrendered_config: def.config.schema ? { schema: def.config.schema } : {},
    created_at: createdAt,
    relation_name: relation.rendered,
    raw_code: '',
    doc_blocks: [],
    root_path: '.',
    depends_on: { macros: [] },
  };
}

export function snapshotNode(snapshot: CompiledSnapshot, projectName: string, createdAt: number): Json {
  const { def, relation } = snapshot;
  const rawCode = `select * from {{ ${def.relation.trim()} }}`;
  return {
    database: relation.database,
    schema: relation.schema,
    name: def.name,
    resource_type: 'snapshot',
    package_name: projectName,
    path: path.posix.relative('snapshots', def.filePath),
    original_file_path: def.filePath,
    unique_id: snapshot.uniqueId,
    fqn: snapshot.fqn,
    alias: relation.identifier,
    checksum: sha256(rawCode),
    config: {
      enabled: true,
      alias: null,
      schema: def.config.schema,
      database: null,
      tags: def.config.tags,
      meta: { ...def.config.meta },
      group: null,
      materialized: 'snapshot',
      incremental_strategy: null,
      batch_size: null,
      lookback: 1,
      begin: null,
      persist_docs: {},
      'post-hook': [],
      'pre-hook': [],
      quoting: {},
      column_types: {},
      full_refresh: null,
      unique_key: def.uniqueKey,
      on_schema_change: 'ignore',
      on_configuration_change: 'apply',
      grants: {},
      packages: [],
      docs,
      contract: { enforced: false, alias_types: true },
      event_time: null,
      concurrent_batches: null,
      strategy: def.strategy,
      target_schema: null,
      target_database: null,
      updated_at: null,
      check_cols: def.checkCols,
      snapshot_meta_column_names: {
        dbt_valid_to: null,
        dbt_valid_from: null,
        dbt_scd_id: null,
        dbt_updated_at: null,
        dbt_is_deleted: null,
      },
      dbt_valid_to_current: null,
    },
    tags: def.config.tags,
    description: def.description,
    columns: columnsJson(def.columns),
    meta: { ...def.config.meta },
    group: null,
    docs,
    patch_path: null,
    build_path: `target/run/${projectName}/${def.filePath}`,
    unrendered_config: {
      strategy: def.strategy,
      unique_key: def.uniqueKey,
      check_cols: def.checkCols,
      ...(def.config.schema ? { schema: def.config.schema } : {}),
    },
    created_at: createdAt,
    relation_name: relation.rendered,
    raw_code: rawCode,
    doc_blocks: [],
    language: 'sql',
    refs: snapshot.refs.map(refArg),
    sources: snapshot.sources,
    metrics: [],
    depends_on: { macros: [], nodes: snapshot.nodes },
    compiled_path: `target/compiled/${projectName}/${def.filePath}`,
    compiled: true,
    compiled_code: snapshot.compiledCode,
    extra_ctes_injected: true,
    extra_ctes: [],
    contract,
  };
}

export function testNode(test: CompiledTest, projectName: string, database: string, auditSchema: string, createdAt: number): Json {
  const severity = test.severity === 'warn' ? 'warn' : 'ERROR';
  const common: Json = {
    database,
    schema: auditSchema,
    name: test.name,
    resource_type: 'test',
    package_name: projectName,
    path: test.generic ? `${test.alias}.sql` : path.posix.relative('tests', test.filePath),
    original_file_path: test.filePath,
    unique_id: test.uniqueId,
    fqn: test.fqn,
    alias: test.alias,
    checksum: test.checksumSource === null ? { name: 'none', checksum: '' } : sha256(test.checksumSource),
    config: {
      enabled: true,
      alias: test.alias === test.name ? null : test.alias,
      schema: 'dbt_test__audit',
      database: null,
      tags: test.tags,
      meta: test.meta,
      group: null,
      materialized: 'test',
      severity,
      store_failures: null,
      store_failures_as: null,
      where: null,
      limit: null,
      fail_calc: 'count(*)',
      warn_if: '!= 0',
      error_if: '!= 0',
    },
    tags: test.tags,
    description: test.description,
    columns: {},
    meta: test.meta,
    group: null,
    docs,
    patch_path: null,
    build_path: `target/run/${projectName}/${test.filePath}${test.generic ? `/${test.alias}.sql` : ''}`,
    unrendered_config: test.severity === 'warn' ? { severity: 'warn' } : {},
    created_at: createdAt,
    relation_name: null,
    raw_code: test.rawCode,
    doc_blocks: [],
    language: 'sql',
    refs: test.refs.map(refArg),
    sources: test.sources,
    metrics: [],
    depends_on: {
      macros: test.generic ? [`macro.dbt.test_${test.generic.spec.kind}`, 'macro.dbt.get_where_subquery'] : [],
      nodes: test.nodes,
    },
    compiled_path: `target/compiled/${projectName}/${test.filePath}${test.generic ? `/${test.alias}.sql` : ''}`,
    compiled: true,
    compiled_code: test.compiledCode,
    extra_ctes_injected: true,
    extra_ctes: [],
    contract,
  };
  if (!test.generic) return common;
  return {
    ...common,
    column_name: test.generic.columnName,
    file_key_name: test.generic.fileKeyName,
    attached_node: test.generic.attachedNode.startsWith('source.') ? null : test.generic.attachedNode,
    test_metadata: { name: test.generic.spec.kind, kwargs: test.generic.kwargs, namespace: null },
  };
}

/**
 * Another project's public model as a downstream manifest holds it (dbt Mesh): dbt-core's
 * `ModelNode.from_args` keeps where it lives, its access and version, and no file of its own
 * (empty `path` and `original_file_path`, which is how readers tell an external node).
 */
export function externalModelNode(model: CompiledModel, projectName: string, createdAt: number, generatedAt: string): Json {
  const own = modelNode(model, projectName, createdAt);
  const { relation } = model;
  const external: Json = {
    ...own,
    path: '',
    original_file_path: '',
    checksum: sha256(`${model.uniqueId},${generatedAt}`),
    config: { ...(own.config as Json), tags: [], meta: {}, schema: null, materialized: 'view' },
    tags: [],
    description: '',
    columns: {},
    meta: {},
    patch_path: null,
    build_path: null,
    unrendered_config: { alias: relation.identifier, schema: relation.schema, database: relation.database },
    raw_code: '',
    refs: [],
    sources: [],
    depends_on: { macros: [], nodes: [] },
    compiled_path: null,
    primary_key: [],
    time_spine: null,
  };
  delete external.compiled;
  delete external.compiled_code;
  delete external.extra_ctes_injected;
  delete external.extra_ctes;
  return external;
}
