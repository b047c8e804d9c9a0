/**
 * Two dbt projects for the multi-project and Mesh tests, built from the hand-made manifest of
 * fixtures.ts: `projectManifest` renames its package (ids, package_name, project_name), and
 * `refsModelOf` adds another project's public model the way dbt writes one for a two-argument
 * ref: a model node with the other project's package name and no file of its own.
 */
import { manifestOf, type ProjectSpec } from './fixtures';

export function projectManifest(spec: ProjectSpec, project: string): Record<string, unknown> {
  const text = JSON.stringify(manifestOf(spec))
    .replace(/\.shop\./g, `.${project}.`)
    .replace(/"package_name":"shop"/g, `"package_name":"${project}"`)
    .replace(/"project_name":"shop"/g, `"project_name":"${project}"`);
  return JSON.parse(text) as Record<string, unknown>;
}

export function refsModelOf(manifest: Record<string, unknown>, project: string, model: string): Record<string, unknown> {
  const uniqueId = `model.${project}.${model}`;
  const nodes = manifest.nodes as Record<string, unknown>;
  nodes[uniqueId] = {
    unique_id: uniqueId,
    resource_type: 'model',
    name: model,
    package_name: project,
    database: 'analytics',
    schema: project,
    alias: model,
    relation_name: `analytics.${project}.${model}`,
    description: '',
    tags: [],
    meta: {},
    config: { materialized: 'table', access: 'public' },
    columns: {},
    original_file_path: '',
    path: '',
    depends_on: { macros: [], nodes: [] },
    access: 'public',
  };
  return manifest;
}
