// The graph's edges as React Flow draws them: node to node, or, in the column view, column to
// column (from the right handle of the upstream column's row to the left handle of the downstream
// one's). Node edges that no column edge explains (an exposure, which has no columns) stay drawn,
// dashed, so the column view never looks disconnected.
import { MarkerType, type Edge } from '@xyflow/react';
import type { ColumnGraphEdge } from '@common/column-lineage/columnLineageContract';
import { edgeKey, type ColumnPath } from './columnGraphModel';

const LIT = { stroke: '#b35900', strokeWidth: 3 };
const PLAIN = { stroke: '#6c757d' };

export const columnHandle = (side: 'in' | 'out', column: string) => `${side}:${column}`;

export function nodeFlowEdges(edges: { from: string; to: string }[], path: Set<string>, dashed = false): Edge[] {
  return edges.map(({ from, to }) => {
    const lit = path.has(from) && path.has(to);
    return {
      id: `${from}→${to}`,
      source: from,
      target: to,
      markerEnd: { type: MarkerType.ArrowClosed },
      style: lit ? LIT : dashed ? { ...PLAIN, strokeDasharray: '4 4' } : PLAIN,
      focusable: false,
    };
  });
}

export function columnFlowEdges(
  nodeEdges: { from: string; to: string }[],
  columnEdges: readonly ColumnGraphEdge[],
  shown: Set<string>,
  path: ColumnPath,
): Edge[] {
  const drawn = columnEdges.filter((edge) => shown.has(edge.fromNode) && shown.has(edge.toNode));
  const explained = new Set(drawn.map((edge) => `${edge.fromNode}→${edge.toNode}`));
  const columnEdgeList: Edge[] = drawn.map((edge) => {
    const key = edgeKey(edge);
    const lit = path.edges.has(key);
    return {
      id: key,
      source: edge.fromNode,
      target: edge.toNode,
      sourceHandle: columnHandle('out', edge.fromColumn),
      targetHandle: columnHandle('in', edge.toColumn),
      markerEnd: { type: MarkerType.ArrowClosed },
      // Rows shaped by a filter or a join key are drawn dashed: they do not carry the value.
      style: {
        ...(lit ? LIT : PLAIN),
        ...(edge.transform === 'filtered' || edge.transform === 'joined on' ? { strokeDasharray: '2 3' } : {}),
      },
      zIndex: lit ? 1 : 0,
      focusable: false,
    };
  });
  const unexplained = nodeEdges.filter(({ from, to }) => !explained.has(`${from}→${to}`));
  return [...nodeFlowEdges(unexplained, new Set(), true), ...columnEdgeList];
}
