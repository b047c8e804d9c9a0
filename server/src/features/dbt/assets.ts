// One asset's page (GET /api/catalog/assets/:uniqueId): the node with its columns and their
// types, tests with their last status, neighbours, the exposures that use it, freshness, its
// last build and its health over the organisation's ingestions.
import { sql } from 'kysely';
import { assetDefinition, versionedName, type AssetDetail, type AssetTest, type NodeRef } from '@common/dbt/catalogContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { NotFoundError } from '../../platform/errors/domainError.js';
import { DbtNotFoundError } from './errors.js';
import { asTestStatus, nodeRefOf, type ProjectIndex } from './projectIndex.js';
import { asFreshnessStatus, healthOfNodes, recentIngestions } from './resultQueries.js';

const jsonList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function refs(index: ProjectIndex, ids: readonly string[]): NodeRef[] {
  return ids
    .map((id) => index.nodes.get(id))
    .filter((node) => node !== undefined)
    .map(nodeRefOf)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Exposures anywhere downstream of a node. */
function downstreamExposures(index: ProjectIndex, id: string): string[] {
  const seen = new Set<string>();
  const stack = [...(index.children.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(index.children.get(next) ?? []));
  }
  return [...seen].filter((node) => index.nodes.get(node)?.resourceType === 'exposure');
}

/** The stored definition of a semantic model, metric, saved query or macro; null for other kinds, or one written in an older shape. */
function definitionOf(stored: unknown): AssetDetail['definition'] {
  const parsed = assetDefinition.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export async function assetDetail(
  db: StoreDb,
  organisation: string,
  index: ProjectIndex | null,
  uniqueId: string,
  now = new Date(),
): Promise<AssetDetail> {
  const node = index
    ? await db
        .selectFrom('dbt_nodes')
        .selectAll()
        .where('organisation_id', '=', organisation)
        .where('unique_id', '=', uniqueId)
        .executeTakeFirst()
    : undefined;
  const known = index?.nodes.get(uniqueId);
  if (known?.missing)
    throw new NotFoundError(
      `${known.name} belongs to the dbt project "${known.project}", which is not uploaded to your organisation: a project here refs it, but the portal has only its name.`,
    );
  if (!index || !node) throw new DbtNotFoundError('asset');
  // Rows and results count only from the node's own project: another project may have had the same id.
  const project = node.project_name;

  const columns = await db
    .selectFrom('dbt_columns')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('project_name', '=', project)
    .where('node_id', '=', uniqueId)
    .orderBy('position')
    .execute();
  const attached = index.tests.filter((test) => test.attachedTo === uniqueId);
  const toAssetTest = (test: (typeof index.tests)[number]): AssetTest => ({
    uniqueId: test.uniqueId,
    name: test.name,
    column: test.column,
    severity: test.severity,
    status: test.status,
    failures: test.failures,
    message: test.message,
    executedAt: test.executedAt,
  });
  // Tests that read this node but belong to another (a relationships test's `to` side) or to
  // none (a singular test over several models), as dbt docs lists them under "Referenced by".
  const referencedBy = index.tests
    .filter((test) => test.attachedTo !== uniqueId && test.dependsOn.includes(uniqueId))
    .map(toAssetTest)
    .sort((a, b) => a.name.localeCompare(b.name));
  const tests: AssetTest[] = attached.map(toAssetTest).sort((a, b) => a.name.localeCompare(b.name));

  let freshness: AssetDetail['freshness'] = null;
  if (node.resource_type === 'source') {
    const latest = await db
      .selectFrom('dbt_freshness_results')
      .selectAll()
      .where('organisation_id', '=', organisation)
      .where('project_name', '=', project)
      .where('unique_id', '=', uniqueId)
      .orderBy('checked_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const maxLoadedAt = latest ? iso(latest.max_loaded_at) : null;
    freshness = {
      status: asFreshnessStatus(latest?.status),
      maxLoadedAt,
      checkedAt: latest ? iso(latest.checked_at) : null,
      ageSeconds: maxLoadedAt ? Math.max(0, Math.round((now.getTime() - new Date(maxLoadedAt).getTime()) / 1000)) : null,
    };
  }

  const runs = await db
    .selectFrom('dbt_run_results')
    .select(['ingestion_id', 'unique_id', 'status', 'executed_at', 'execution_time', 'message'])
    .where('organisation_id', '=', organisation)
    .where('project_name', '=', project)
    .where('unique_id', 'in', [uniqueId, ...attached.map((test) => test.uniqueId)])
    // In the order they ran (a run uploaded late takes its place in time).
    .orderBy(sql`executed_at ASC NULLS FIRST`)
    .orderBy('id')
    .execute();
  const own = runs.filter((run) => run.unique_id === uniqueId);
  const last = own[own.length - 1];
  const points = await recentIngestions(db, organisation, project);
  const history = points
    .map((point) => {
      const inIngestion = runs.filter((run) => run.ingestion_id === point.id);
      if (inIngestion.length === 0) return null;
      const build = inIngestion.filter((run) => run.unique_id === uniqueId).pop();
      const statuses = inIngestion.filter((run) => run.unique_id !== uniqueId).map((run) => asTestStatus(run.status));
      return {
        ingestedAt: point.ingestedAt,
        buildStatus: build?.status ?? null,
        testsFailed: statuses.filter((status) => status === 'fail' || status === 'error').length,
        testsWarned: statuses.filter((status) => status === 'warn').length,
        testsPassed: statuses.filter((status) => status === 'pass').length,
      };
    })
    .filter((point) => point !== null);

  const testsByColumn = new Map<string, AssetTest[]>();
  for (const test of tests) {
    if (!test.column) continue;
    const key = test.column.toLowerCase();
    testsByColumn.set(key, [...(testsByColumn.get(key) ?? []), test]);
  }

  return {
    uniqueId,
    name: versionedName(node.name, node.version),
    resourceType: index.nodes.get(uniqueId)?.resourceType ?? 'model',
    version: node.version,
    latestVersion: node.latest_version,
    access: node.access === 'private' || node.access === 'protected' || node.access === 'public' ? node.access : null,
    group: node.group_name,
    contractEnforced: node.contract_enforced,
    certified: node.certified,
    definition: definitionOf(node.semantic),
    packageName: node.package_name,
    projectName: project,
    database: node.database_name,
    schema: node.schema_name,
    relationName: node.relation_name,
    materialized: node.materialized,
    description: node.description,
    tags: jsonList(node.tags),
    owners: jsonList(node.owners),
    domain: node.domain,
    meta: typeof node.meta === 'object' && node.meta !== null ? node.meta : {},
    originalFilePath: node.original_file_path,
    rawCode: node.raw_code,
    compiledCode: node.compiled_code,
    columns: columns.map((column) => ({
      name: column.name,
      type: column.data_type,
      description: column.description,
      tags: jsonList(column.tags),
      tests: (testsByColumn.get(column.name.toLowerCase()) ?? []).map((test) => ({
        uniqueId: test.uniqueId,
        name: test.name,
        status: test.status,
      })),
    })),
    upstream: refs(index, index.parents.get(uniqueId) ?? []),
    downstream: refs(index, index.children.get(uniqueId) ?? []),
    tests,
    health: (await healthOfNodes(db, organisation, index, [uniqueId], now)).get(uniqueId) ?? null,
    referencedBy,
    exposures: refs(index, downstreamExposures(index, uniqueId)),
    freshness,
    // dbt's own message says why a build failed; a success's ("SELECT 12") says nothing a reader needs.
    lastRun: last
      ? {
          status: last.status,
          executedAt: iso(last.executed_at),
          executionTime: last.execution_time,
          message: last.status === 'success' ? null : last.message,
        }
      : null,
    history,
  };
}
