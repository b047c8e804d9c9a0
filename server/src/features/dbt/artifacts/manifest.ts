// manifest.json (v9–v12) → the normalised shape the store keeps: one record per resource
// with its columns, the edges between resources, and the data tests with what they attach to.
import { SUPPORTED_MANIFEST_VERSIONS, type IngestionCounts } from '@common/dbt/artifactsContract';
import { catalogResourceTypes, type CatalogResourceType } from '@common/dbt/catalogContract';
import type { z } from 'zod';
import { ArtifactError } from '../errors.js';
import {
  manifestSchema,
  type Manifest,
  type ManifestExposure,
  type ManifestMacro,
  type ManifestNode,
  type ManifestSavedQuery,
  type ManifestSemanticResource,
} from './manifestSchema.js';
import { isProjectMacroPackage } from './macroPackages.js';
import { isCertified } from './certification.js';
import { requireVersion } from './readJson.js';
import { macroDefinition, savedQueryDefinition, semanticDefinition } from './semanticDefinition.js';
import type {
  ExternalNode,
  FreshnessCriteria,
  NormalisedColumn,
  NormalisedNode,
  NormalisedTest,
  ParsedManifest,
} from './normalisedTypes.js';

export type {
  ExposureInfo,
  FreshnessCriteria,
  NormalisedColumn,
  NormalisedNode,
  NormalisedTest,
  ParsedManifest,
  ExternalNode,
} from './normalisedTypes.js';

const storedTypes = new Set<string>(catalogResourceTypes);

function zodProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'its shape is not a dbt manifest';
  const where = issue.path.map(String).join('.');
  return `${where ? `"${where}"` : 'the file'}: ${issue.message}`;
}

function tagsOf(tags: string[] | null | undefined, configTags: string | string[] | null | undefined): string[] {
  const fromConfig = typeof configTags === 'string' ? [configTags] : (configTags ?? []);
  return [...new Set([...(tags ?? []), ...fromConfig])].filter((tag) => tag.trim() !== '');
}

function metaOf(
  meta: Record<string, unknown> | null | undefined,
  configMeta: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  return { ...(configMeta ?? {}), ...(meta ?? {}) };
}

/** Owners as people write them in `meta.owner` (a name, an e-mail, or a list), else the group's owner. */
function ownersOf(meta: Record<string, unknown>, groupOwner: string | null): string[] {
  const raw = meta.owner ?? meta.owners;
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  const owners = list
    .map((owner) =>
      typeof owner === 'string'
        ? owner
        : typeof owner === 'object' && owner !== null
          ? ((owner as Record<string, unknown>).name ?? (owner as Record<string, unknown>).email)
          : null,
    )
    .filter((owner): owner is string => typeof owner === 'string' && owner.trim() !== '');
  if (owners.length === 0 && groupOwner) owners.push(groupOwner);
  return owners;
}

function domainOf(meta: Record<string, unknown>): string | null {
  const domain = meta.domain ?? meta.data_domain;
  return typeof domain === 'string' && domain.trim() !== '' ? domain : null;
}

function criterion(value: { count?: number | null; period?: string | null } | null | undefined): { count: number; period: string } | null {
  return value && typeof value.count === 'number' && value.period ? { count: value.count, period: value.period } : null;
}

function freshnessOf(node: ManifestNode): FreshnessCriteria {
  // dbt 1.9+ moved freshness and loaded_at_field under config; older manifests have them at the top.
  const fresh = node.config?.freshness ?? node.freshness;
  return {
    loadedAtField: node.config?.loaded_at_field ?? node.loaded_at_field ?? null,
    warnAfter: criterion(fresh?.warn_after),
    errorAfter: criterion(fresh?.error_after),
    filter: fresh?.filter ?? null,
  };
}

function columnsOf(node: ManifestNode): NormalisedColumn[] {
  return Object.entries(node.columns ?? {}).map(([key, column]) => ({
    name: column.name ?? key,
    description: column.description ?? '',
    dataType: column.data_type ?? null,
    tags: column.tags ?? [],
  }));
}

function baseOf(
  resource: {
    unique_id: string;
    name: string;
    package_name: string;
    description?: string | null;
    tags?: string[] | null;
    meta?: Record<string, unknown> | null;
    original_file_path?: string | null;
    depends_on?: { nodes?: string[] | null } | null;
    config?: { tags?: string | string[] | null; meta?: Record<string, unknown> | null; materialized?: string | null } | null;
  },
  resourceType: CatalogResourceType,
  groupOwner: string | null,
): NormalisedNode {
  const meta = metaOf(resource.meta, resource.config?.meta);
  const tags = tagsOf(resource.tags, resource.config?.tags);
  return {
    uniqueId: resource.unique_id,
    resourceType,
    name: resource.name,
    packageName: resource.package_name,
    database: null,
    schema: null,
    identifier: null,
    relationName: null,
    materialized: null,
    description: resource.description ?? '',
    tags,
    owners: ownersOf(meta, groupOwner),
    domain: domainOf(meta),
    meta,
    certified: isCertified(meta, tags),
    originalFilePath: resource.original_file_path ?? null,
    rawCode: null,
    compiledCode: null,
    sourceName: null,
    freshness: null,
    exposure: null,
    columns: [],
    parents: [...new Set(resource.depends_on?.nodes ?? [])],
    semantic: null,
    version: null,
    latestVersion: null,
    access: null,
    group: null,
    contractEnforced: false,
  };
}

const ACCESS = new Set(['private', 'protected', 'public']);
function accessOf(value: string | null | undefined): NormalisedNode['access'] {
  return value && ACCESS.has(value) ? (value as NormalisedNode['access']) : null;
}

function fromNode(node: ManifestNode, resourceType: CatalogResourceType, groupOwner: string | null): NormalisedNode {
  const base = baseOf(node, resourceType, groupOwner);
  return {
    ...base,
    database: node.database ?? null,
    schema: node.schema ?? null,
    identifier: node.identifier ?? node.alias ?? node.name,
    relationName: node.relation_name ?? null,
    materialized: resourceType === 'source' ? null : (node.config?.materialized ?? null),
    rawCode: node.raw_code ?? node.raw_sql ?? null,
    compiledCode: node.compiled_code ?? node.compiled_sql ?? null,
    sourceName: node.source_name ?? null,
    freshness: resourceType === 'source' ? freshnessOf(node) : null,
    // A source table's own description only: its source's describes the source, not the table.
    description: node.description || '',
    columns: columnsOf(node),
    version: node.version === null || node.version === undefined ? null : String(node.version),
    latestVersion: node.latest_version === null || node.latest_version === undefined ? null : String(node.latest_version),
    access: accessOf(node.access ?? node.config?.access),
    group: node.group ?? null,
    contractEnforced: (node.contract?.enforced ?? node.config?.contract?.enforced) === true,
  };
}

function fromExposure(exposure: ManifestExposure): NormalisedNode {
  return {
    ...baseOf(exposure, 'exposure', null),
    owners: [exposure.owner?.name ?? exposure.owner?.email].filter((owner): owner is string => Boolean(owner)),
    exposure: {
      type: exposure.type ?? 'dashboard',
      label: exposure.label ?? null,
      maturity: exposure.maturity ?? null,
      url: exposure.url ?? null,
      ownerName: exposure.owner?.name ?? null,
      ownerEmail: exposure.owner?.email ?? null,
    },
  };
}

function fromSemantic(resource: ManifestSemanticResource, resourceType: 'metric' | 'semantic_model'): NormalisedNode {
  return {
    ...baseOf(resource, resourceType, null),
    description: resource.description || resource.label || '',
    semantic: semanticDefinition(resource, resourceType),
  };
}

function fromSavedQuery(resource: ManifestSavedQuery): NormalisedNode {
  // A saved query's tags may be one string (dbt writes what the YAML says).
  const tags = typeof resource.tags === 'string' ? [resource.tags] : resource.tags;
  return {
    ...baseOf({ ...resource, tags }, 'saved_query', null),
    description: resource.description || resource.label || '',
    semantic: savedQueryDefinition(resource),
  };
}

function fromMacro(resource: ManifestMacro): NormalisedNode {
  return { ...baseOf(resource, 'macro', null), rawCode: resource.macro_sql ?? null, semantic: macroDefinition(resource) };
}

/**
 * The node a test belongs to when the manifest does not name it: dbt leaves `attached_node` empty
 * for tests declared on sources, and manifests before 1.6 have none. A generic test's arguments
 * are rendered before the node it is declared on, so a relationships test lists its `to` node
 * first and its own node last; other generic tests read only their own node first. A singular
 * test belongs to a node only when it reads one; one that reads several is listed on each of them
 * ("Referenced by") and belongs to none.
 */
function fallbackAttachment(node: ManifestNode, dependsOn: string[]): string | null {
  if (!node.test_metadata) return dependsOn.length === 1 ? (dependsOn[0] ?? null) : null;
  if ((node.test_metadata.name ?? '').startsWith('relationships')) return dependsOn.at(-1) ?? null;
  return dependsOn[0] ?? null;
}

function testOf(node: ManifestNode): NormalisedTest {
  const dependsOn = [...new Set(node.depends_on?.nodes ?? [])];
  const attachedTo = node.attached_node ?? fallbackAttachment(node, dependsOn);
  return {
    uniqueId: node.unique_id,
    name: node.name,
    packageName: node.package_name,
    attachedTo,
    columnName: node.column_name ?? null,
    severity: (node.config?.severity ?? 'error').toLowerCase(),
    dependsOn,
    testType: node.test_metadata ? 'generic' : 'singular',
    testKind: node.test_metadata?.name ?? null,
  };
}

function unitTestOf(unit: NonNullable<Manifest['unit_tests']>[string]): NormalisedTest {
  const dependsOn = [...new Set(unit.depends_on?.nodes ?? [])];
  const model = dependsOn.find((id) => id.startsWith('model.')) ?? dependsOn[0] ?? null;
  return {
    uniqueId: unit.unique_id,
    packageName: unit.unique_id.split('.')[1] ?? '',
    name: unit.name ?? unit.unique_id.split('.').pop() ?? unit.unique_id,
    attachedTo: model,
    columnName: null,
    severity: 'error',
    dependsOn,
    testType: 'unit',
    testKind: null,
  };
}

/** Validates and normalises a parsed manifest.json; refuses it with a message naming the problem. */
export function parseManifest(json: unknown): ParsedManifest {
  const schemaVersion = requireVersion(json, 'manifest', 'manifest', SUPPORTED_MANIFEST_VERSIONS);
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new ArtifactError('manifest', `manifest ${schemaVersion} cannot be read: ${zodProblem(parsed.error)}.`);
  const manifest: Manifest = parsed.data;

  const groupOwners = new Map<string, string>();
  for (const group of Object.values(manifest.groups ?? {})) {
    const owner = group.owner?.name ?? group.owner?.email;
    if (owner) groupOwners.set(group.name, owner);
  }

  const nodes: NormalisedNode[] = [];
  const tests: NormalisedTest[] = [];
  const externals: ExternalNode[] = [];
  const projectName = manifest.metadata.project_name ?? null;
  const counts: IngestionCounts = { models: 0, sources: 0, exposures: 0, tests: 0, seeds: 0, snapshots: 0, metrics: 0, semanticModels: 0 };
  for (const node of Object.values(manifest.nodes)) {
    if (node.resource_type === 'test') {
      counts.tests += 1;
      tests.push(testOf(node));
      continue;
    }
    if (isExternalModel(node, projectName)) {
      externals.push({
        uniqueId: node.unique_id,
        name: node.name,
        packageName: node.package_name,
        version: node.version === null || node.version === undefined ? null : String(node.version),
        relationName: node.relation_name ?? null,
      });
      continue;
    }
    if (node.resource_type === 'model') counts.models += 1;
    if (node.resource_type === 'seed') counts.seeds += 1;
    if (node.resource_type === 'snapshot') counts.snapshots += 1;
    // Hooks and other operations are not resources a catalog shows.
    if (!storedTypes.has(node.resource_type)) continue;
    nodes.push(fromNode(node, node.resource_type as CatalogResourceType, node.group ? (groupOwners.get(node.group) ?? null) : null));
  }
  for (const unit of Object.values(manifest.unit_tests ?? {})) tests.push(unitTestOf(unit));
  for (const source of Object.values(manifest.sources ?? {})) {
    counts.sources += 1;
    nodes.push(fromNode(source, 'source', null));
  }
  for (const exposure of Object.values(manifest.exposures ?? {})) {
    counts.exposures += 1;
    nodes.push(fromExposure(exposure));
  }
  for (const metric of Object.values(manifest.metrics ?? {})) {
    counts.metrics += 1;
    nodes.push(fromSemantic(metric, 'metric'));
  }
  for (const model of Object.values(manifest.semantic_models ?? {})) {
    counts.semanticModels += 1;
    nodes.push(fromSemantic(model, 'semantic_model'));
  }
  for (const query of Object.values(manifest.saved_queries ?? {})) nodes.push(fromSavedQuery(query));
  // The project's own macros and those of the packages it installed; dbt's and the adapter's are
  // the machinery every project shares (macroPackages.ts).
  for (const macro of Object.values(manifest.macros ?? {})) {
    if (isProjectMacroPackage(macro.package_name, manifest.metadata.adapter_type)) nodes.push(fromMacro(macro));
  }

  checkEdges(manifest, nodes, tests);
  // A ref to another project's model stays an edge: lineage crosses to that project through it.
  const stored = new Set([...nodes.map((node) => node.uniqueId), ...externals.map((node) => node.uniqueId)]);
  // Edges to resources the catalog does not keep (unit tests, functions, hooks) are dropped.
  for (const node of nodes) node.parents = node.parents.filter((parent) => stored.has(parent));

  const metadata = manifest.metadata;
  const firstModel = nodes.find((node) => node.resourceType === 'model');
  return {
    schemaVersion,
    dbtVersion: metadata.dbt_version ?? 'unknown',
    generatedAt: metadata.generated_at ?? null,
    projectName: metadata.project_name ?? firstModel?.packageName ?? nodes[0]?.packageName ?? 'dbt project',
    adapterType: metadata.adapter_type ?? null,
    nodes,
    tests,
    externals,
    counts,
  };
}

/** dbt's test for a node another project defines (`ModelNode.is_external_node`): no file of its own, and not this project's package. */
function isExternalModel(
  node: { resource_type: string; package_name: string; original_file_path?: string | null; path?: string | null },
  project: string | null,
): boolean {
  return node.resource_type === 'model' && !node.original_file_path && !node.path && project !== null && node.package_name !== project;
}

/** Every edge must name a resource of the manifest: one that does not means a damaged or edited file. */
function checkEdges(manifest: Manifest, nodes: readonly NormalisedNode[], tests: readonly NormalisedTest[]): void {
  const known = new Set<string>([
    ...Object.keys(manifest.nodes),
    ...Object.keys(manifest.sources ?? {}),
    ...Object.keys(manifest.exposures ?? {}),
    ...Object.keys(manifest.metrics ?? {}),
    ...Object.keys(manifest.semantic_models ?? {}),
    ...Object.keys(manifest.saved_queries ?? {}),
    ...Object.keys(manifest.unit_tests ?? {}),
    ...Object.keys(manifest.functions ?? {}),
  ]);
  const missing: string[] = [];
  for (const item of [
    ...nodes.map((node) => ({ id: node.uniqueId, parents: node.parents })),
    ...tests.map((test) => ({ id: test.uniqueId, parents: test.dependsOn })),
  ]) {
    for (const parent of item.parents) if (!known.has(parent)) missing.push(`${item.id} → ${parent}`);
  }
  if (missing.length > 0) {
    const shown = missing.slice(0, 3).join('; ');
    throw new ArtifactError(
      'manifest',
      `manifest has ${missing.length} edge(s) naming missing nodes (${shown}${missing.length > 3 ? '; …' : ''}): every depends_on entry must be a node of the same manifest.`,
    );
  }
}
