// "What breaks if I change this?" From one column (or a whole model): the downstream columns by
// column lineage, every model and exposure they belong to, and, where the column trail meets a
// model whose SQL could not be parsed, that whole model and everything below it (never a guess
// that it is safe). Then each area's things built on those assets, and the owners to tell.
import type { ImpactOwner, ImpactResponse, ImpactedNode, ImpactedThing, NodeLink } from '@common/column-lineage/columnLineageContract';
import type { ImpactSource, ImpactedAsset } from '../../platform/ports/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { UnknownAssetError, UnknownColumnError } from './errors.js';
import { downstreamColumns, downstreamNodes } from './impactWalk.js';

interface NodeRow {
  unique_id: string;
  name: string;
  resource_type: string;
  relation_name: string | null;
  tags: unknown;
  domain: string | null;
  owners: unknown;
  exposure: unknown;
}

const BUILT = new Set(['model', 'snapshot']);
const CONSUMERS = new Set(['exposure', 'metric', 'semantic_model', 'saved_query']);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

async function nodesOf(db: StoreDb, organisation: string, ids: readonly string[]): Promise<Map<string, NodeRow>> {
  const map = new Map<string, NodeRow>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += 1000) {
    const rows = await db
      .selectFrom('catalog_read_nodes')
      .select(['unique_id', 'name', 'resource_type', 'relation_name', 'tags', 'domain', 'owners', 'exposure'])
      .where('organisation_id', '=', organisation)
      .where('unique_id', 'in', unique.slice(start, start + 1000))
      .execute();
    for (const row of rows) map.set(row.unique_id, row as NodeRow);
  }
  return map;
}

function asImpactedAsset(row: NodeRow): ImpactedAsset {
  const exposure = (row.exposure ?? {}) as { url?: unknown };
  return {
    uniqueId: row.unique_id,
    name: row.name,
    resourceType: row.resource_type,
    relationName: row.relation_name,
    tags: strings(row.tags),
    domain: row.domain,
    owners: strings(row.owners),
    url: typeof exposure.url === 'string' ? exposure.url : null,
  };
}

async function childEdges(db: StoreDb, organisation: string, parents: readonly string[]) {
  if (parents.length === 0) return [];
  return db
    .selectFrom('catalog_read_edges')
    .select(['parent_id', 'child_id'])
    .where('organisation_id', '=', organisation)
    .where('parent_id', 'in', [...new Set(parents)])
    .execute();
}

/** Models reached but not traced: their SQL failed to parse, or their lineage is not computed yet. */
async function untraced(db: StoreDb, organisation: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const traced = await db
    .selectFrom('column_lineage_models')
    .select('node_id')
    .where('organisation_id', '=', organisation)
    .where('state', '=', 'computed')
    .where('node_id', 'in', [...new Set(ids)])
    .execute();
  const done = new Set(traced.map((row) => row.node_id));
  return new Set(ids.filter((id) => !done.has(id)));
}

export async function impactReport(
  db: StoreDb,
  sources: readonly ImpactSource[],
  organisation: string,
  query: { asset: string; column?: string | undefined; depth: number },
): Promise<ImpactResponse> {
  const started = performance.now();
  const originRow = (await nodesOf(db, organisation, [query.asset])).get(query.asset);
  if (!originRow) throw new UnknownAssetError(query.asset, 'asset');
  const columnNames = (
    await db
      .selectFrom('catalog_read_columns')
      .select('name')
      .where('organisation_id', '=', organisation)
      .where('node_id', '=', query.asset)
      .orderBy('position')
      .execute()
  ).map((row) => row.name);

  let columns: ImpactResponse['columns'] = [];
  const nodeDistance = new Map<string, number>();
  const unparsed = new Set<string>();
  const consumers = new Map<string, number>();
  if (query.column !== undefined) {
    const column = columnNames.find((name) => name.toLowerCase() === query.column?.toLowerCase());
    if (!column) throw new UnknownColumnError(originRow.name, query.column, columnNames);
    const steps = await downstreamColumns(db, organisation, [{ node: query.asset, column }], query.depth);
    for (const step of steps) nodeDistance.set(step.node, Math.min(nodeDistance.get(step.node) ?? Infinity, step.distance));
    // Where the trail may go on unseen: children of the origin and of each reached model whose
    // lineage is not traced. They, and everything below them, count whole.
    const distanceOf = (id: string) => (id === query.asset ? 0 : (nodeDistance.get(id) ?? 0));
    const edges = await childEdges(db, organisation, [query.asset, ...nodeDistance.keys()]);
    const childRows = await nodesOf(
      db,
      organisation,
      edges.map((edge) => edge.child_id),
    );
    const built = edges.filter((edge) => BUILT.has(childRows.get(edge.child_id)?.resource_type ?? ''));
    const notTraced = await untraced(
      db,
      organisation,
      built.map((edge) => edge.child_id),
    );
    for (const edge of built) {
      if (!notTraced.has(edge.child_id)) continue;
      unparsed.add(edge.child_id);
      nodeDistance.set(edge.child_id, Math.min(nodeDistance.get(edge.child_id) ?? Infinity, distanceOf(edge.parent_id) + 1));
    }
    for (const id of unparsed) {
      for (const step of await downstreamNodes(db, organisation, [id], query.depth)) {
        nodeDistance.set(step.node, Math.min(nodeDistance.get(step.node) ?? Infinity, distanceOf(id) + step.distance));
      }
    }
    // What consumes the reached models at node level: exposures, metrics, semantic models, saved queries.
    for (const edge of await childEdges(db, organisation, [query.asset, ...nodeDistance.keys()])) {
      if (nodeDistance.has(edge.child_id) || edge.child_id === query.asset) continue;
      consumers.set(edge.child_id, Math.min(consumers.get(edge.child_id) ?? Infinity, distanceOf(edge.parent_id) + 1));
    }
    columns = steps
      .map((step) => ({
        uniqueId: step.node,
        nodeName: step.node,
        resourceType: 'model',
        column: step.column,
        distance: step.distance,
        transform: step.transform,
      }))
      .sort((a, b) => a.distance - b.distance || a.uniqueId.localeCompare(b.uniqueId) || a.column.localeCompare(b.column));
  } else {
    for (const step of await downstreamNodes(db, organisation, [query.asset], query.depth)) nodeDistance.set(step.node, step.distance);
  }

  const rows = await nodesOf(db, organisation, [...nodeDistance.keys(), ...consumers.keys()]);
  for (const [id, distance] of consumers) {
    const row = rows.get(id);
    if (row && CONSUMERS.has(row.resource_type)) nodeDistance.set(id, distance);
    else rows.delete(id);
  }
  for (const column of columns) {
    const row = rows.get(column.uniqueId);
    if (row) Object.assign(column, { nodeName: row.name, resourceType: row.resource_type });
  }
  const impacted = (kind: 'exposure' | 'other'): ImpactedNode[] =>
    [...rows.values()]
      .filter((row) => row.resource_type !== 'test' && (kind === 'exposure') === (row.resource_type === 'exposure'))
      .map((row) => ({
        uniqueId: row.unique_id,
        name: row.name,
        resourceType: row.resource_type,
        distance: nodeDistance.get(row.unique_id) ?? 0,
        owners: strings(row.owners),
      }))
      .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
  const nodes = impacted('other');
  const exposures = impacted('exposure');

  // Other areas' things: built on the origin itself or on anything it reaches.
  const assets = [originRow, ...rows.values()].filter((row) => row.resource_type !== 'test').map(asImpactedAsset);
  const found: Record<ImpactSource['kind'], ImpactedThing[]> = { dashboards: [], endpoints: [], alertRules: [], dataProducts: [] };
  for (const source of sources) found[source.kind].push(...(await source.reached(organisation, assets)));

  const unparsedLinks: NodeLink[] = [...unparsed].flatMap((id) => {
    const row = rows.get(id);
    return row ? [{ uniqueId: id, name: row.name, resourceType: row.resource_type }] : [];
  });
  return {
    origin: { uniqueId: originRow.unique_id, name: originRow.name, resourceType: originRow.resource_type, column: query.column ?? null },
    depth: query.depth,
    columns,
    nodes,
    exposures,
    dashboards: found.dashboards,
    endpoints: found.endpoints,
    alertRules: found.alertRules,
    dataProducts: found.dataProducts,
    owners: ownersToTell([...nodes, ...exposures], found),
    unparsed: unparsedLinks,
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

function ownersToTell(nodes: readonly ImpactedNode[], things: Record<string, ImpactedThing[]>): ImpactOwner[] {
  const reasons = new Map<string, string[]>();
  const add = (owner: string, reason: string) => {
    const list = reasons.get(owner) ?? [];
    if (!list.includes(reason)) list.push(reason);
    reasons.set(owner, list);
  };
  for (const node of nodes) for (const owner of node.owners) add(owner, `${node.resourceType.replace('_', ' ')} ${node.name}`);
  const labels: Record<string, string> = {
    dashboards: 'dashboard',
    endpoints: 'endpoint',
    alertRules: 'alert rule',
    dataProducts: 'data product',
  };
  for (const [kind, list] of Object.entries(things))
    for (const thing of list) for (const owner of thing.owners) add(owner, `${labels[kind]} ${thing.name}`);
  return [...reasons.entries()].map(([owner, list]) => ({ owner, reasons: list })).sort((a, b) => a.owner.localeCompare(b.owner));
}
