// The lineage graph's column view as data: which columns each node shows, the column edges among
// them, and the path through a chosen column, upstream to where its data enters and downstream
// to everything computed from it. Pure, so it is tested without drawing anything.
import type { ColumnGraphEdge, ColumnGraphResponse } from '@common/column-lineage/columnLineageContract';

/** A column as one string: node id and column name (a NUL cannot occur in either). */
export const columnKey = (node: string, column: string): string => `${node}\u0000${column}`;
/** The node a columnKey belongs to. */
export const nodeOfColumnKey = (key: string): string => key.slice(0, key.indexOf('\u0000'));
export const edgeKey = (edge: ColumnGraphEdge): string =>
  `${columnKey(edge.fromNode, edge.fromColumn)}→${columnKey(edge.toNode, edge.toColumn)}|${edge.transform}`;

export interface ChosenColumn {
  node: string;
  column: string;
}

export interface ColumnPath {
  /** Every column on the path, the chosen one included (columnKey). */
  columns: Set<string>;
  /** Every edge on the path (edgeKey). */
  edges: Set<string>;
  upstream: number;
  downstream: number;
}

export const noPath: ColumnPath = { columns: new Set(), edges: new Set(), upstream: 0, downstream: 0 };

function reach(start: string, next: Map<string, string[]>): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const other of next.get(queue.pop() as string) ?? []) {
      if (!seen.has(other)) {
        seen.add(other);
        queue.push(other);
      }
    }
  }
  return seen;
}

/**
 * The chosen column's path end to end: the columns it is computed from (at any distance), those
 * computed from it, and the edges between them. An edge between two upstream columns is on the
 * path (its end leads to the chosen column), as is one between two downstream columns; an edge
 * from an upstream column to a downstream one that skips the chosen column is not.
 */
export function columnPath(edges: readonly ColumnGraphEdge[], chosen: ChosenColumn | null): ColumnPath {
  if (!chosen) return noPath;
  const down = new Map<string, string[]>();
  const up = new Map<string, string[]>();
  for (const edge of edges) {
    const from = columnKey(edge.fromNode, edge.fromColumn);
    const to = columnKey(edge.toNode, edge.toColumn);
    down.set(from, [...(down.get(from) ?? []), to]);
    up.set(to, [...(up.get(to) ?? []), from]);
  }
  const start = columnKey(chosen.node, chosen.column);
  const above = reach(start, up);
  const below = reach(start, down);
  const onPath = new Set<string>();
  for (const edge of edges) {
    const from = columnKey(edge.fromNode, edge.fromColumn);
    const to = columnKey(edge.toNode, edge.toColumn);
    if ((above.has(from) && above.has(to)) || (below.has(from) && below.has(to))) onPath.add(edgeKey(edge));
  }
  return { columns: new Set([...above, ...below]), edges: onPath, upstream: above.size - 1, downstream: below.size - 1 };
}

/** A node's columns as the view lists them: the graph answer's, plus any an edge names that it left out. */
export function columnsByNode(answer: ColumnGraphResponse): Record<string, string[]> {
  const byNode: Record<string, string[]> = {};
  for (const [node, columns] of Object.entries(answer.columns)) byNode[node] = [...columns];
  const add = (node: string, column: string) => {
    const list = (byNode[node] ??= []);
    if (!list.includes(column)) list.push(column);
  };
  for (const edge of answer.edges) {
    add(edge.fromNode, edge.fromColumn);
    add(edge.toNode, edge.toColumn);
  }
  return byNode;
}
