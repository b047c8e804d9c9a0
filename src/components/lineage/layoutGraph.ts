// Where each node of a lineage graph goes: a layered left-to-right layout (sources on the left,
// exposures on the right) computed by dagre. Pure, so it runs in the layout worker and in tests.
import dagre from '@dagrejs/dagre';
import { NODE_HEIGHT, NODE_WIDTH } from './nodeSize';

export { NODE_HEIGHT, NODE_WIDTH };

export interface LayoutRequest {
  id: number;
  nodes: string[];
  edges: { from: string; to: string }[];
  /** Nodes taller than NODE_HEIGHT (a node showing its columns), so the layers leave them room. */
  heights?: Record<string, number>;
}

export interface LayoutAnswer {
  id: number;
  positions: Record<string, { x: number; y: number }>;
  milliseconds: number;
}

export function layoutGraph({ id, nodes, edges, heights = {} }: LayoutRequest): LayoutAnswer {
  const started = Date.now();
  const graph = new dagre.graphlib.Graph();
  // dagre's default ranker (network simplex) takes about 25 s on 2,000 nodes; longest-path
  // takes under a second on the same graph (npm run bench:catalog prints it)
  // and gives the same left-to-right layers for a DAG, only less compact.
  graph.setGraph({ rankdir: 'LR', ranker: 'longest-path', nodesep: 24, ranksep: 96, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  const height = (node: string) => heights[node] ?? NODE_HEIGHT;
  for (const node of nodes) graph.setNode(node, { width: NODE_WIDTH, height: height(node) });
  for (const { from, to } of edges) graph.setEdge(from, to);
  dagre.layout(graph);
  const positions: LayoutAnswer['positions'] = {};
  for (const node of nodes) {
    const { x, y } = graph.node(node);
    // dagre gives centres; the graph view places nodes by their top-left corner.
    positions[node] = { x: x - NODE_WIDTH / 2, y: y - height(node) / 2 };
  }
  return { id, positions, milliseconds: Date.now() - started };
}
