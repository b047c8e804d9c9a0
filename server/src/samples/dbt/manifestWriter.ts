/** manifest.json (schema v12): every resource of the compiled project and the graph between them. */
import { artifactMetadata, ADAPTER_TYPE, type Invocation } from './artifactMetadata.js';
import { md5 } from './hashes.js';
import type { CompiledProject } from './compiledTypes.js';
import { externalModelNode, modelNode, seedNode, snapshotNode, testNode } from './manifestNodes.js';
import { exposureEntry, metricEntry, semanticModelEntry, sourceEntry } from './manifestResources.js';
import { testMacros } from './testMacros.js';

type Json = Record<string, unknown>;

/** parent_map and child_map: every resource's direct parents and children, each sorted. */
export function graphMaps(dependsOn: ReadonlyMap<string, readonly string[]>): {
  parent_map: Record<string, string[]>;
  child_map: Record<string, string[]>;
} {
  const parent_map: Record<string, string[]> = {};
  const child_map: Record<string, string[]> = {};
  for (const id of dependsOn.keys()) {
    parent_map[id] = [...new Set(dependsOn.get(id) ?? [])].sort();
    child_map[id] = [];
  }
  for (const [id, parents] of Object.entries(parent_map)) {
    for (const parent of parents) (child_map[parent] ??= []).push(id);
  }
  for (const children of Object.values(child_map)) children.sort();
  return { parent_map, child_map };
}

export function writeManifest(project: CompiledProject, targetSchema: string, invocation: Invocation, generatedAt: string): Json {
  const createdAt = new Date(invocation.startedAt).getTime() / 1000;
  const nodes: Record<string, Json> = {};
  for (const seed of project.seeds) nodes[seed.uniqueId] = seedNode(seed, project.name, createdAt);
  for (const model of project.models) nodes[model.uniqueId] = modelNode(model, project.name, createdAt);
  for (const { projectName, model } of project.externals)
    nodes[model.uniqueId] = externalModelNode(model, projectName, createdAt, generatedAt);
  for (const snapshot of project.snapshots) nodes[snapshot.uniqueId] = snapshotNode(snapshot, project.name, createdAt);
  for (const test of project.tests)
    nodes[test.uniqueId] = testNode(test, project.name, project.database, `${targetSchema}_dbt_test__audit`, createdAt);
  const sources = Object.fromEntries(project.sources.map((source) => [source.uniqueId, sourceEntry(source, project.name, createdAt)]));
  const exposures = Object.fromEntries(
    project.exposures.map((exposure) => [exposure.uniqueId, exposureEntry(exposure, project.name, createdAt)]),
  );
  const semanticModels = Object.fromEntries(
    project.semanticModels.map((semantic) => [semantic.uniqueId, semanticModelEntry(semantic, project.name, createdAt)]),
  );
  const metrics = Object.fromEntries(project.metrics.map((metric) => [metric.uniqueId, metricEntry(metric, project.name, createdAt)]));

  const dependsOn = new Map<string, string[]>();
  for (const seed of project.seeds) dependsOn.set(seed.uniqueId, []);
  for (const model of project.models) dependsOn.set(model.uniqueId, model.nodes);
  for (const { model } of project.externals) dependsOn.set(model.uniqueId, []);
  for (const snapshot of project.snapshots) dependsOn.set(snapshot.uniqueId, snapshot.nodes);
  for (const test of project.tests) dependsOn.set(test.uniqueId, test.nodes);
  for (const source of project.sources) dependsOn.set(source.uniqueId, []);
  for (const exposure of project.exposures) dependsOn.set(exposure.uniqueId, exposure.nodes);
  for (const semantic of project.semanticModels) dependsOn.set(semantic.uniqueId, [semantic.model.uniqueId]);
  for (const metric of project.metrics) dependsOn.set(metric.uniqueId, metric.nodes);

  return {
    metadata: {
      ...artifactMetadata('manifest', invocation, generatedAt),
      project_name: project.name,
      project_id: md5(project.name),
      user_id: null,
      send_anonymous_usage_stats: false,
      adapter_type: ADAPTER_TYPE,
      quoting: { database: true, schema: true, identifier: true, column: null },
    },
    nodes,
    sources,
    macros: testMacros(
      Object.values(nodes).flatMap((node) => (node.depends_on as { macros?: string[] } | undefined)?.macros ?? []),
      createdAt,
    ),
    docs: {},
    exposures,
    metrics,
    groups: {},
    selectors: {},
    disabled: {},
    ...graphMaps(dependsOn),
    group_map: {},
    saved_queries: {},
    semantic_models: semanticModels,
    unit_tests: {},
  };
}
