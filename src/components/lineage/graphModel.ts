// A lineage graph assembled from several answers of the lineage API: the first around the
// focus, then one per "expand". Each answer tells, per node, how many parents and children it
// left out; with the edges it did send that gives each node's true number of parents and
// children, so after any merge the counts of what still lies beyond are exact.
import type { LineageNode, LineageResponse } from '@common/dbt/catalogContract';

export interface GraphNode extends LineageNode {
  totalParents: number;
  totalChildren: number;
}

export interface LineageGraphModel {
  focus: string;
  nodes: Map<string, GraphNode>;
  /** Keyed `${from}→${to}`. */
  edges: Map<string, { from: string; to: string }>;
}

const edgeKey = (from: string, to: string) => `${from}→${to}`;

export function emptyGraph(focus: string): LineageGraphModel {
  return { focus, nodes: new Map(), edges: new Map() };
}

/** A new model with the answer merged in (the old one is left as it was, for React). */
export function mergeLineage(model: LineageGraphModel, answer: LineageResponse): LineageGraphModel {
  const nodes = new Map(model.nodes);
  const edges = new Map(model.edges);
  const parentsInAnswer = new Map<string, number>();
  const childrenInAnswer = new Map<string, number>();
  for (const edge of answer.edges) {
    edges.set(edgeKey(edge.from, edge.to), edge);
    parentsInAnswer.set(edge.to, (parentsInAnswer.get(edge.to) ?? 0) + 1);
    childrenInAnswer.set(edge.from, (childrenInAnswer.get(edge.from) ?? 0) + 1);
  }
  for (const node of answer.nodes) {
    const known = nodes.get(node.uniqueId);
    const totalParents = node.hiddenUpstream + (parentsInAnswer.get(node.uniqueId) ?? 0);
    const totalChildren = node.hiddenDownstream + (childrenInAnswer.get(node.uniqueId) ?? 0);
    nodes.set(node.uniqueId, {
      ...node,
      // Depth stays relative to the page's focus, not the expanded node's.
      depth: known ? known.depth : node.depth,
      totalParents: Math.max(totalParents, known?.totalParents ?? 0),
      totalChildren: Math.max(totalChildren, known?.totalChildren ?? 0),
    });
  }
  return recountHidden({ focus: model.focus, nodes, edges });
}

function recountHidden(model: LineageGraphModel): LineageGraphModel {
  const parents = new Map<string, number>();
  const children = new Map<string, number>();
  for (const { from, to } of model.edges.values()) {
    if (!model.nodes.has(from) || !model.nodes.has(to)) continue;
    parents.set(to, (parents.get(to) ?? 0) + 1);
    children.set(from, (children.get(from) ?? 0) + 1);
  }
  for (const [id, node] of model.nodes) {
    model.nodes.set(id, {
      ...node,
      hiddenUpstream: Math.max(0, node.totalParents - (parents.get(id) ?? 0)),
      hiddenDownstream: Math.max(0, node.totalChildren - (children.get(id) ?? 0)),
    });
  }
  return model;
}

/** Edges whose both ends are in the model. */
export function visibleEdges(model: LineageGraphModel): { from: string; to: string }[] {
  return [...model.edges.values()].filter(({ from, to }) => model.nodes.has(from) && model.nodes.has(to));
}

function reach(start: string, next: Map<string, string[]>): Set<string> {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    for (const other of next.get(current) ?? []) {
      if (!seen.has(other)) {
        seen.add(other);
        queue.push(other);
      }
    }
  }
  return seen;
}

/**
 * The nodes on any path between the focus and `target`, either way round: what "highlight a
 * path" lights up. Empty when the two are not connected through the nodes shown.
 */
export function pathBetween(model: LineageGraphModel, target: string): Set<string> {
  const down = new Map<string, string[]>();
  const up = new Map<string, string[]>();
  for (const { from, to } of visibleEdges(model)) {
    down.set(from, [...(down.get(from) ?? []), to]);
    up.set(to, [...(up.get(to) ?? []), from]);
  }
  const focus = model.focus;
  const onPath = new Set<string>();
  const add = (a: Set<string>, b: Set<string>) => {
    for (const id of a) if (b.has(id)) onPath.add(id);
  };
  // focus → … → target, and target → … → focus.
  add(reach(focus, down), reach(target, up));
  add(reach(target, down), reach(focus, up));
  return onPath.size > 1 ? onPath : new Set();
}
