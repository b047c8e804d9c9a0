// What the pages read of column lineage: one asset's columns with where each comes from and goes
// to, the column edges among the nodes of a lineage graph, and each project's coverage.
import type {
  AssetColumnLineageResponse,
  ColumnGraphResponse,
  ColumnLink,
  CoverageResponse,
  NodeLink,
} from '@common/column-lineage/columnLineageContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { UnknownAssetError } from './errors.js';
import { downstreamColumns } from './impactWalk.js';

const BUILT_TYPES = new Set(['model', 'snapshot']);

async function nodeNames(db: StoreDb, organisation: string, ids: readonly string[]): Promise<Map<string, NodeLink>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('catalog_read_nodes')
    .select(['unique_id', 'name', 'resource_type'])
    .where('organisation_id', '=', organisation)
    .where('unique_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.unique_id, { uniqueId: row.unique_id, name: row.name, resourceType: row.resource_type }]));
}

export async function assetColumnLineage(db: StoreDb, organisation: string, uniqueId: string): Promise<AssetColumnLineageResponse> {
  const node = await db
    .selectFrom('catalog_read_nodes')
    .select(['unique_id', 'resource_type', 'compiled_code'])
    .where('organisation_id', '=', organisation)
    .where('unique_id', '=', uniqueId)
    .executeTakeFirst();
  if (!node) throw new UnknownAssetError(uniqueId);
  const [columnRows, model, upstream, downstream] = await Promise.all([
    db
      .selectFrom('catalog_read_columns')
      .select('name')
      .where('organisation_id', '=', organisation)
      .where('node_id', '=', uniqueId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('column_lineage_models')
      .select(['state', 'reason', 'computed_at'])
      .where('organisation_id', '=', organisation)
      .where('node_id', '=', uniqueId)
      .executeTakeFirst(),
    db
      .selectFrom('column_lineage_edges')
      .selectAll()
      .where('organisation_id', '=', organisation)
      .where('child_node', '=', uniqueId)
      .execute(),
    db
      .selectFrom('column_lineage_edges')
      .selectAll()
      .where('organisation_id', '=', organisation)
      .where('parent_node', '=', uniqueId)
      .execute(),
  ]);
  const names = await nodeNames(db, organisation, [
    ...upstream.map((edge) => edge.parent_node),
    ...downstream.map((edge) => edge.child_node),
  ]);
  const link = (nodeId: string, column: string, transform: ColumnLink['transform']): ColumnLink => {
    const named = names.get(nodeId);
    return { uniqueId: nodeId, nodeName: named?.name ?? nodeId, resourceType: named?.resourceType ?? 'model', column, transform };
  };
  const columnNames = columnRows.map((row) => row.name);
  // Columns the SQL makes that the catalog does not list are shown too.
  for (const edge of upstream) if (!columnNames.includes(edge.child_column)) columnNames.push(edge.child_column);

  const exposuresByColumn = await exposuresReached(db, organisation, uniqueId, columnNames);
  const state = model ? model.state : node.compiled_code && BUILT_TYPES.has(node.resource_type) ? 'pending' : 'no sql';
  return {
    uniqueId,
    state,
    reason: model?.reason ?? null,
    computedAt: model ? new Date(model.computed_at).toISOString() : null,
    columns: columnNames.map((name) => ({
      name,
      upstream: upstream
        .filter((edge) => edge.child_column === name)
        .map((edge) => link(edge.parent_node, edge.parent_column, edge.transform)),
      downstream: downstream
        .filter((edge) => edge.parent_column === name)
        .map((edge) => link(edge.child_node, edge.child_column, edge.transform)),
      exposures: exposuresByColumn.get(name) ?? [],
    })),
  };
}

/** Per column: the exposures that depend on a model one of its downstream columns (at any depth) belongs to, or on the asset itself. */
async function exposuresReached(
  db: StoreDb,
  organisation: string,
  uniqueId: string,
  columns: readonly string[],
): Promise<Map<string, NodeLink[]>> {
  const exposureEdges = await db
    .selectFrom('catalog_read_edges as e')
    .innerJoin('catalog_read_nodes as n', (join) =>
      join.onRef('n.organisation_id', '=', 'e.organisation_id').onRef('n.unique_id', '=', 'e.child_id'),
    )
    .select(['e.parent_id', 'n.unique_id', 'n.name', 'n.resource_type'])
    .where('e.organisation_id', '=', organisation)
    .where('n.resource_type', '=', 'exposure')
    .execute();
  const exposuresOf = new Map<string, NodeLink[]>();
  for (const edge of exposureEdges) {
    const list = exposuresOf.get(edge.parent_id) ?? [];
    list.push({ uniqueId: edge.unique_id, name: edge.name, resourceType: edge.resource_type });
    exposuresOf.set(edge.parent_id, list);
  }
  const reached = await downstreamColumns(
    db,
    organisation,
    columns.map((column) => ({ node: uniqueId, column })),
    10,
  );
  const result = new Map<string, NodeLink[]>();
  for (const column of columns) {
    const found = new Map<string, NodeLink>();
    const nodes = [uniqueId, ...reached.filter((step) => step.origin === column).map((step) => step.node)];
    for (const nodeId of nodes) for (const exposure of exposuresOf.get(nodeId) ?? []) found.set(exposure.uniqueId, exposure);
    result.set(column, [...found.values()]);
  }
  return result;
}

export async function columnGraph(db: StoreDb, organisation: string, nodeIds: readonly string[]): Promise<ColumnGraphResponse> {
  const ids = [...new Set(nodeIds)];
  const [columnRows, edges] = await Promise.all([
    db
      .selectFrom('catalog_read_columns')
      .select(['node_id', 'name'])
      .where('organisation_id', '=', organisation)
      .where('node_id', 'in', ids)
      .orderBy('node_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('column_lineage_edges')
      .selectAll()
      .where('organisation_id', '=', organisation)
      .where('child_node', 'in', ids)
      .where('parent_node', 'in', ids)
      .execute(),
  ]);
  const columns: Record<string, string[]> = {};
  for (const row of columnRows) (columns[row.node_id] ??= []).push(row.name);
  return {
    columns,
    edges: edges.map((edge) => ({
      fromNode: edge.parent_node,
      fromColumn: edge.parent_column,
      toNode: edge.child_node,
      toColumn: edge.child_column,
      transform: edge.transform,
    })),
  };
}

/** Per project of the organisation, the share of its models parsed and of its columns resolved, and each failure. */
export async function coverage(db: StoreDb, organisation: string): Promise<CoverageResponse> {
  const ingestions = await db
    .selectFrom('catalog_read_ingestions')
    .select('project_name')
    .where('organisation_id', '=', organisation)
    .where('is_current', '=', true)
    .orderBy('project_name')
    .execute();
  if (ingestions.length === 0) return { projects: [] };
  const [models, rows] = await Promise.all([
    db
      .selectFrom('catalog_read_nodes')
      .select(['unique_id', 'name', 'project_name'])
      .where('organisation_id', '=', organisation)
      .where('resource_type', 'in', [...BUILT_TYPES])
      .where('compiled_code', 'is not', null)
      .execute(),
    db.selectFrom('column_lineage_models').selectAll().where('organisation_id', '=', organisation).execute(),
  ]);
  const byNode = new Map(rows.map((row) => [row.node_id, row]));
  return {
    projects: ingestions.map(({ project_name: project }) => {
      const own = models.filter((model) => model.project_name === project);
      const names = new Map(own.map((model) => [model.unique_id, model.name]));
      const current = own.flatMap((model) => byNode.get(model.unique_id) ?? []);
      const columns = current.reduce((sum, row) => sum + row.columns, 0);
      const resolved = current.reduce((sum, row) => sum + row.columns_resolved, 0);
      const newest = current.reduce<Date | null>((latest, row) => {
        const at = new Date(row.computed_at);
        return latest === null || at > latest ? at : latest;
      }, null);
      return {
        projectName: project,
        models: own.length,
        modelsParsed: current.filter((row) => row.state === 'computed').length,
        modelsPending: own.length - current.length,
        columns,
        columnsResolved: resolved,
        share: columns === 0 ? 0 : resolved / columns,
        failures: current
          .filter((row) => row.state === 'failed')
          .map((row) => ({ uniqueId: row.node_id, name: names.get(row.node_id) ?? row.node_id, reason: row.reason ?? 'unknown' }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        computedAt: newest ? newest.toISOString() : null,
      };
    }),
  };
}
