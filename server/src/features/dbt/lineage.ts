// Lineage around one node: a breadth-first walk of the in-memory adjacency, `upstream` levels
// up and `downstream` levels down, at most `limit` nodes each way. Nodes of types the caller
// filtered out are walked through without being shown, and their kept neighbours are joined by
// an edge, so the graph stays connected. Each shown node says how many of its parents and
// children the answer leaves out, so the page can offer to expand there.
import type { CatalogResourceType, LineageNode, LineageResponse } from '@common/dbt/catalogContract';
import { DbtNotFoundError } from './errors.js';
import type { ProjectIndex } from './projectIndex.js';

export interface LineageRequest {
  focus: string;
  upstream: number;
  downstream: number;
  limit: number;
  types?: readonly CatalogResourceType[];
}

type Direction = 'up' | 'down';

/** Shown neighbours in one direction, passing through hidden-type nodes (bounded by `limit`). */
function visibleNeighbours(index: ProjectIndex, id: string, direction: Direction, keep: (id: string) => boolean): string[] {
  const adjacency = direction === 'up' ? index.parents : index.children;
  const found = new Set<string>();
  const seen = new Set<string>([id]);
  const stack = [...(adjacency.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    if (keep(next)) found.add(next);
    else stack.push(...(adjacency.get(next) ?? []));
  }
  return [...found];
}

export function lineageAround(index: ProjectIndex, request: LineageRequest): LineageResponse {
  const focus = index.nodes.get(request.focus);
  if (!focus) throw new DbtNotFoundError('node');
  const types = request.types && request.types.length > 0 ? new Set(request.types) : null;
  const keep = (id: string) => id === request.focus || !types || types.has(index.nodes.get(id)?.resourceType ?? 'model');
  const neighbourCache = new Map<string, string[]>();
  const neighbours = (id: string, direction: Direction) => {
    const key = `${direction}\u0000${id}`;
    let list = neighbourCache.get(key);
    if (!list) {
      list = visibleNeighbours(index, id, direction, keep);
      neighbourCache.set(key, list);
    }
    return list;
  };

  const depth = new Map<string, number>([[request.focus, 0]]);
  let truncated = false;
  const walk = (direction: Direction, levels: number) => {
    let frontier = [request.focus];
    let added = 0;
    for (let level = 1; level <= levels && frontier.length > 0; level += 1) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const neighbour of neighbours(id, direction)) {
          if (depth.has(neighbour)) continue;
          if (added >= request.limit) {
            truncated = true;
            return;
          }
          depth.set(neighbour, direction === 'up' ? -level : level);
          added += 1;
          next.push(neighbour);
        }
      }
      frontier = next;
    }
  };
  walk('up', request.upstream);
  walk('down', request.downstream);

  const nodes: LineageNode[] = [];
  const edges: { from: string; to: string }[] = [];
  for (const [id, distance] of depth) {
    const node = index.nodes.get(id);
    if (!node) continue;
    const parents = neighbours(id, 'up');
    const children = neighbours(id, 'down');
    for (const parent of parents) if (depth.has(parent)) edges.push({ from: parent, to: id });
    nodes.push({
      uniqueId: id,
      name: node.name,
      resourceType: node.resourceType,
      projectName: node.project,
      missing: node.missing === true,
      depth: distance,
      hiddenUpstream: parents.filter((parent) => !depth.has(parent)).length,
      hiddenDownstream: children.filter((child) => !depth.has(child)).length,
      testStatus: index.nodeTestStatus.get(id) ?? null,
      // Filled in by the route, which reads the results (lineageHealth).
      health: null,
    });
  }
  nodes.sort((a, b) => a.depth - b.depth || a.name.localeCompare(b.name));
  return { focus: request.focus, nodes, edges, truncated };
}
