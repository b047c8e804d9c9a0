// Turns one model's trace into stored edges: each upstream relation becomes the catalog node it
// names and each column takes the catalog's spelling. An upstream column the catalog does not
// know (an unknown relation, a column it does not list) gives no edge: the column counts as
// unresolved rather than pointing somewhere that does not exist.
import { directTransforms, type ColumnTransform } from '@common/column-lineage/columnLineageContract';
import type { TraceResult } from './engine/traceModel.js';
import type { RelationIndex } from '../../platform/warehouse/relationNames.js';

export interface LineageEdgeRow {
  child_node: string;
  child_column: string;
  parent_node: string;
  parent_column: string;
  transform: ColumnTransform;
}

export interface TraceEdges {
  edges: LineageEdgeRow[];
  /** The model's columns, and of them how many resolve entirely (every upstream known, or a constant). */
  columns: number;
  resolved: number;
}

export function edgesOfTrace(
  modelId: string,
  result: TraceResult,
  relations: RelationIndex,
  columnsOf: (nodeId: string) => readonly string[],
): TraceEdges {
  const ownColumns = columnsOf(modelId);
  if (!result.ok) return { edges: [], columns: ownColumns.length, resolved: 0 };
  const spelling = new Map<string, Map<string, string>>();
  const canonical = (nodeId: string, column: string): string | null => {
    let names = spelling.get(nodeId);
    if (!names) {
      names = new Map(columnsOf(nodeId).map((name) => [name.toLowerCase(), name]));
      spelling.set(nodeId, names);
    }
    return names.get(column.toLowerCase()) ?? null;
  };
  const edges = new Map<string, LineageEdgeRow>();
  let resolved = 0;
  for (const column of result.columns) {
    const child = canonical(modelId, column.name) ?? column.name;
    let complete = column.error === undefined;
    for (const upstream of column.upstream) {
      const parent = relations.find(upstream.relation);
      const parentColumn = parent ? canonical(parent, upstream.column) : null;
      if (!parent || !parentColumn) {
        // A filter or join the catalog cannot place leaves the column's value lineage whole.
        if (directTransforms.includes(upstream.transform)) complete = false;
        continue;
      }
      const key = `${child}\u0000${parent}\u0000${parentColumn}\u0000${upstream.transform}`;
      edges.set(key, {
        child_node: modelId,
        child_column: child,
        parent_node: parent,
        parent_column: parentColumn,
        transform: upstream.transform,
      });
    }
    if (complete) resolved += 1;
  }
  return { edges: [...edges.values()], columns: Math.max(ownColumns.length, result.columns.length), resolved };
}
