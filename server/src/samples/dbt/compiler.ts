/**
 * Compilation, as `dbt compile` does it for the sample: unique ids and relations for every
 * resource, ref() and source() resolved in each model's SQL, generic tests expanded from the
 * YAML into SQL nodes, and the order `dbt build` runs them in. A two-argument ref() names a public
 * model of an upstream project (dbt Mesh), compiled before this one and passed in.
 */
import path from 'node:path';
import { quoteIdentifier } from '../../platform/warehouse/identifiers.js';
import type {
  Buildable,
  CompiledExposure,
  CompiledMetric,
  CompiledModel,
  CompiledProject,
  CompiledSeed,
  CompiledSemanticModel,
  CompiledSnapshot,
  CompiledSource,
  CompiledTest,
  RefName,
  Relation,
} from './compiledTypes.js';
import { buildOrder } from './buildOrder.js';
import { genericTestName, genericTestSql, plainColumn } from './genericTests.js';
import { md5 } from './hashes.js';
import { compileSql, parseReference, referencesIn, type Reference } from './jinja.js';
import { inputMeasures, metricInputs } from './metricInputs.js';
import type { ColumnDef, NodeConfig, ProjectDef } from './projectTypes.js';
import { ProjectError } from './yamlValues.js';

function relation(database: string, schema: string, identifier: string): Relation {
  return { database, schema, identifier, rendered: [database, schema, identifier].map(quoteIdentifier).join('.') };
}

/** dbt's default generate_schema_name: the target schema, suffixed by a custom schema. */
function schemaFor(project: ProjectDef, config: NodeConfig): string {
  return config.schema ? `${project.targetSchema}_${config.schema}` : project.targetSchema;
}

/** Folders between `base` and the file, e.g. models/marts/x.sql → ['marts']. */
function folders(filePath: string, base: string): string[] {
  return path.posix
    .dirname(path.posix.relative(base, filePath))
    .split('/')
    .filter((part) => part !== '.' && part !== '');
}

/** Long test names become an alias of their first 30 characters and a hash (dbt's rule, to fit identifier limits). */
function testAlias(name: string): string {
  return name.length > 63 ? `${name.slice(0, 30)}_${md5(name)}` : name;
}

interface Resolver {
  resolve(reference: Reference, file: string): { uniqueId: string; relation: Relation };
  /** The other projects' models resolved so far, by unique id. */
  externals: Map<string, { projectName: string; model: CompiledModel }>;
}

function resolver(
  project: ProjectDef,
  models: Map<string, Buildable>,
  sources: Map<string, CompiledSource>,
  upstream: readonly CompiledProject[],
): Resolver {
  const externals = new Map<string, { projectName: string; model: CompiledModel }>();
  return {
    externals,
    resolve(reference, file) {
      if (reference.kind === 'ref' && reference.project !== undefined && reference.project !== project.name) {
        // dbt's rules for a cross-project ref: the project is a declared dependency, the model is public.
        const other = reference.project;
        if (!project.dependsOnProjects.includes(other))
          throw new ProjectError(file, `ref('${other}', '${reference.name}'): ${other} is not a project of dependencies.yml`);
        const compiled = upstream.find((candidate) => candidate.name === other);
        if (!compiled) throw new ProjectError(file, `ref('${other}', '${reference.name}'): project ${other} was not compiled first`);
        const model = compiled.models.find((candidate) => candidate.def.name === reference.name);
        if (!model) throw new ProjectError(file, `ref('${other}', '${reference.name}') names no model of ${other}`);
        if (model.def.access !== 'public')
          throw new ProjectError(file, `ref('${other}', '${reference.name}'): the model is ${model.def.access}, not public`);
        externals.set(model.uniqueId, { projectName: other, model });
        return model;
      }
      if (reference.kind === 'ref') {
        const node = models.get(reference.name);
        if (!node) throw new ProjectError(file, `ref('${reference.name}') names no model or seed`);
        return node;
      }
      const source = sources.get(`${reference.source}.${reference.table}`);
      if (!source) throw new ProjectError(file, `source('${reference.source}', '${reference.table}') is not declared`);
      return source;
    },
  };
}

function dependencies(
  references: Reference[],
  resolve: Resolver,
  file: string,
): { refs: RefName[]; sources: Array<[string, string]>; nodes: string[] } {
  return {
    refs: references.flatMap((r) => (r.kind === 'ref' ? [{ name: r.name, package: r.project ?? null }] : [])),
    sources: references.flatMap((r): Array<[string, string]> => (r.kind === 'source' ? [[r.source, r.table]] : [])),
    nodes: [...new Set(references.map((r) => resolve.resolve(r, file).uniqueId))],
  };
}

function genericTests(
  project: ProjectDef,
  owner: { uniqueId: string; name: string; relation: Relation; filePath: string; isSource: boolean; fileKeyName: string },
  columns: ColumnDef[],
  resolve: Resolver,
  modelDir: string,
): CompiledTest[] {
  const tests: CompiledTest[] = [];
  for (const column of columns) {
    for (const spec of column.tests) {
      const columnName = plainColumn(column.name, owner.filePath);
      const name = genericTestName(spec, owner.name, column.name, owner.isSource);
      let target: { relation: string; field: string } | null = null;
      const references: Reference[] = [];
      if (spec.kind === 'relationships') {
        const to = parseReference(String(spec.arguments.to), owner.filePath);
        const field = plainColumn(String(spec.arguments.field), owner.filePath);
        target = { relation: resolve.resolve(to, owner.filePath).relation.rendered, field };
        references.push(to);
      }
      const deps = dependencies(references, resolve, owner.filePath);
      const kwargs: Record<string, unknown> = {
        column_name: column.name,
        model: `{{ get_where_subquery(${owner.isSource ? owner.fileKeyName : `ref('${owner.name}')`}) }}`,
        ...spec.arguments,
      };
      tests.push({
        kind: 'test',
        uniqueId: `test.${project.name}.${name}.${md5(`${name}:${JSON.stringify(kwargs)}`).slice(0, 10)}`,
        name,
        alias: testAlias(name),
        fqn: [project.name, ...folders(owner.filePath, modelDir), name],
        filePath: owner.filePath,
        rawCode: `{{ test_${spec.kind}(**_dbt_generic_test_kwargs) }}${spec.severity === 'warn' ? '{{ config(severity="warn") }}' : ''}`,
        compiledCode: genericTestSql(spec, columnName, owner.relation.rendered, target),
        severity: spec.severity,
        description: '',
        tags: [],
        meta: {},
        generic: { spec, attachedNode: owner.uniqueId, columnName: column.name, fileKeyName: owner.fileKeyName, kwargs },
        checksumSource: null,
        // As dbt writes them: what the test's arguments reference (a relationships test's `to`)
        // comes first, the node the test is declared on last.
        refs: owner.isSource ? deps.refs : [...deps.refs, { name: owner.name, package: null }],
        sources: deps.sources,
        nodes: [...new Set([...deps.nodes, owner.uniqueId])],
      });
    }
  }
  return tests;
}

/** @param upstream the projects of dependencies.yml, compiled already (their public models may be ref'd) */
export function compileProject(project: ProjectDef, database: string, upstream: readonly CompiledProject[] = []): CompiledProject {
  const modelDir = 'models';
  const seeds: CompiledSeed[] = project.seeds.map((seed) => ({
    kind: 'seed',
    def: seed,
    uniqueId: `seed.${project.name}.${seed.name}`,
    fqn: [project.name, ...folders(seed.filePath, 'seeds'), seed.name],
    relation: relation(database, schemaFor(project, seed.config), seed.name),
  }));
  const sources: CompiledSource[] = project.sources.map((source) => ({
    def: source,
    uniqueId: `source.${project.name}.${source.sourceName}.${source.name}`,
    fqn: [project.name, ...folders(source.filePath, modelDir), source.sourceName, source.name],
    relation: relation(database, source.schema, source.identifier),
  }));
  const sourceMap = new Map(sources.map((source) => [`${source.def.sourceName}.${source.def.name}`, source]));
  const nodeMap = new Map<string, Buildable>(seeds.map((seed) => [seed.def.name, seed]));
  // Models first get their relation (a ref may point at a model defined later in the list).
  const models: CompiledModel[] = project.models.map((model) => ({
    kind: 'model',
    def: model,
    uniqueId: `model.${project.name}.${model.name}`,
    fqn: [project.name, ...folders(model.filePath, modelDir), model.name],
    relation: relation(database, schemaFor(project, model.config), model.name),
    compiledCode: '',
    refs: [],
    sources: [],
    nodes: [],
  }));
  const snapshots: CompiledSnapshot[] = project.snapshots.map((snapshot) => ({
    kind: 'snapshot',
    def: snapshot,
    uniqueId: `snapshot.${project.name}.${snapshot.name}`,
    fqn: [project.name, ...folders(snapshot.filePath, 'snapshots'), snapshot.name],
    relation: relation(database, schemaFor(project, snapshot.config), snapshot.name),
    compiledCode: '',
    refs: [],
    sources: [],
    nodes: [],
  }));
  for (const node of [...models, ...snapshots]) {
    if (nodeMap.has(node.def.name)) throw new ProjectError(node.def.filePath, `two resources are named ${node.def.name}`);
    nodeMap.set(node.def.name, node);
  }
  const resolve = resolver(project, nodeMap, sourceMap, upstream);
  for (const model of models) {
    Object.assign(model, dependencies(referencesIn(model.def.rawCode, model.def.filePath), resolve, model.def.filePath));
    model.compiledCode = compileSql(
      model.def.rawCode,
      model.def.filePath,
      (reference) => resolve.resolve(reference, model.def.filePath).relation.rendered,
    );
  }
  for (const snapshot of snapshots) {
    const target = parseReference(snapshot.def.relation, snapshot.def.filePath);
    Object.assign(snapshot, dependencies([target], resolve, snapshot.def.filePath));
    snapshot.compiledCode = `select * from ${resolve.resolve(target, snapshot.def.filePath).relation.rendered}`;
    for (const column of [snapshot.def.uniqueKey, ...snapshot.def.checkCols]) plainColumn(column, snapshot.def.filePath);
  }

  const tests: CompiledTest[] = [
    ...[...models, ...seeds, ...snapshots].flatMap((node) =>
      genericTests(
        project,
        {
          uniqueId: node.uniqueId,
          name: node.def.name,
          relation: node.relation,
          filePath: 'patchPath' in node.def ? (node.def.patchPath ?? node.def.filePath) : node.def.filePath,
          isSource: false,
          fileKeyName: `${node.kind}s.${node.def.name}`,
        },
        node.def.columns,
        resolve,
        node.kind === 'seed' ? 'seeds' : node.kind === 'snapshot' ? 'snapshots' : modelDir,
      ),
    ),
    ...sources.flatMap((source) =>
      genericTests(
        project,
        {
          uniqueId: source.uniqueId,
          name: `${source.def.sourceName}_${source.def.name}`,
          relation: source.relation,
          filePath: source.def.filePath,
          isSource: true,
          fileKeyName: `source('${source.def.sourceName}', '${source.def.name}')`,
        },
        source.def.columns,
        resolve,
        modelDir,
      ).map((test) => ({
        ...test,
        sources: [[source.def.sourceName, source.def.name] as [string, string], ...test.sources],
        generic: test.generic && { ...test.generic, fileKeyName: `sources.${source.def.sourceName}` },
      })),
    ),
    ...project.singularTests.map((test): CompiledTest => {
      const deps = dependencies(referencesIn(test.rawCode, test.filePath), resolve, test.filePath);
      return {
        kind: 'test',
        uniqueId: `test.${project.name}.${test.name}`,
        name: test.name,
        alias: test.name,
        fqn: [project.name, ...folders(test.filePath, 'tests'), test.name],
        filePath: test.filePath,
        rawCode: test.rawCode,
        compiledCode: compileSql(test.rawCode, test.filePath, (reference) => resolve.resolve(reference, test.filePath).relation.rendered),
        severity: test.config.severity,
        description: test.description,
        tags: test.config.tags,
        meta: test.config.meta,
        generic: null,
        checksumSource: test.rawCode,
        ...deps,
      };
    }),
  ];

  const metricDefs = new Map(project.metrics.map((metric) => [metric.name, metric]));
  const semanticModels: CompiledSemanticModel[] = project.semanticModels.map((semantic) => {
    const reference = parseReference(semantic.model, semantic.filePath);
    const target = reference.kind === 'ref' ? models.find((model) => model.def.name === reference.name) : undefined;
    if (!target) throw new ProjectError(semantic.filePath, `semantic model ${semantic.name} must ref() a model`);
    return { def: semantic, uniqueId: `semantic_model.${project.name}.${semantic.name}`, model: target };
  });
  const measureOwner = new Map(
    semanticModels.flatMap((semantic) => semantic.def.measures.map((measure) => [measure.name, semantic.uniqueId] as const)),
  );
  const metrics: CompiledMetric[] = project.metrics.map((metric) => {
    const measures = inputMeasures(metric, metricDefs);
    const direct = typeof metric.typeParams.measure === 'string';
    const nodes = direct
      ? measures.map((measure) => {
          const owner = measureOwner.get(measure);
          if (!owner) throw new ProjectError(metric.filePath, `metric ${metric.name} uses unknown measure ${measure}`);
          return owner;
        })
      : metricInputs(metric).map((name) => `metric.${project.name}.${name}`);
    return { def: metric, uniqueId: `metric.${project.name}.${metric.name}`, inputMeasures: measures, nodes: [...new Set(nodes)] };
  });

  const exposures: CompiledExposure[] = project.exposures.map((exposure) => {
    const refs: RefName[] = [];
    const exposureSources: Array<[string, string]> = [];
    const exposureMetrics: string[] = [];
    const nodes: string[] = [];
    for (const expression of exposure.dependsOn) {
      const metric = /^\s*metric\(\s*'([^']+)'\s*\)\s*$/.exec(expression);
      if (metric?.[1]) {
        if (!metricDefs.has(metric[1]))
          throw new ProjectError(exposure.filePath, `${exposure.name} depends on unknown metric ${metric[1]}`);
        exposureMetrics.push(metric[1]);
        nodes.push(`metric.${project.name}.${metric[1]}`);
        continue;
      }
      const reference = parseReference(expression, exposure.filePath);
      if (reference.kind === 'ref') refs.push({ name: reference.name, package: reference.project ?? null });
      else exposureSources.push([reference.source, reference.table]);
      nodes.push(resolve.resolve(reference, exposure.filePath).uniqueId);
    }
    return {
      def: exposure,
      uniqueId: `exposure.${project.name}.${exposure.name}`,
      refs,
      sources: exposureSources,
      metrics: exposureMetrics,
      nodes,
    };
  });

  return {
    name: project.name,
    database,
    models,
    seeds,
    snapshots,
    sources,
    tests,
    exposures,
    semanticModels,
    metrics,
    externals: [...resolve.externals.values()],
    buildOrder: buildOrder([...seeds, ...models, ...snapshots], tests),
  };
}
