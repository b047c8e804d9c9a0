// The lineage graph on screen: pan and zoom (mouse, touch, or the controls' buttons), nodes
// that can be focused with Tab and opened with Enter, expand buttons on nodes with more beyond
// them, and the path between the focus and the selected node lit up. React Flow draws it and
// only renders what is in view, so a few thousand nodes stay smooth; the layout comes from the
// worker (useGraphLayout). Beside it, the same nodes as a list for screen readers. Given column
// lineage (`columns`), each node lists its columns and the edges run column to column, with the
// chosen column's path lit instead of the selected node's.
import { useCallback, useMemo, useState } from 'react';
import { Background, Controls, MiniMap, ReactFlow, type Edge } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { ColumnGraphEdge } from '@common/column-lineage/columnLineageContract';
import { LineageNodeCard, type LineageFlowNode } from './LineageNodeCard';
import { columnKey, nodeOfColumnKey, type ChosenColumn, type ColumnPath } from './columnGraphModel';
import { columnFlowEdges, nodeFlowEdges } from './flowEdges';
import { pathBetween, visibleEdges, type LineageGraphModel } from './graphModel';
import { nodeHeight, NODE_HEIGHT, NODE_WIDTH } from './nodeSize';
import { useGraphLayout } from './useGraphLayout';
import './lineage.css';

const nodeTypes = { lineage: LineageNodeCard };
/** 13 px node text stays at about 10 px on the first view. */
const FIT_MIN_ZOOM = 0.75;

interface LineageGraphProps {
  model: LineageGraphModel;
  /** The node whose path to the focus is highlighted; kept by the graph itself where the page does not need it. */
  selected?: string | null;
  onSelect?: (uniqueId: string | null) => void;
  /** Loads more of the graph beyond a node; a graph that holds all there is leaves it out. */
  onExpand?: (uniqueId: string, direction: 'upstream' | 'downstream') => void;
  /** Opens a node's page (double click, or Enter on a focused node). */
  onOpen: (uniqueId: string) => void;
  label: string;
  /** The column view: each node's columns, the column edges, the chosen column and its path. */
  columns?: ColumnOverlay;
}

export interface ColumnOverlay {
  byNode: Record<string, string[]>;
  edges: readonly ColumnGraphEdge[];
  chosen: ChosenColumn | null;
  path: ColumnPath;
  onChoose: (node: string, column: string) => void;
}

const expandNothing = () => undefined;

function markOf(columns: ColumnOverlay, node: string, column: string): 'chosen' | 'path' | null {
  if (columns.chosen?.node === node && columns.chosen.column === column) return 'chosen';
  return columns.path.columns.has(columnKey(node, column)) ? 'path' : null;
}

export function LineageGraph({
  model,
  selected: chosen,
  onSelect: choose,
  onExpand = expandNothing,
  onOpen,
  label,
  columns,
}: LineageGraphProps) {
  const [ownSelected, setOwnSelected] = useState<string | null>(null);
  const selected = chosen === undefined ? ownSelected : chosen;
  const onSelect = choose ?? setOwnSelected;
  const ids = useMemo(() => [...model.nodes.keys()], [model]);
  const edgeList = useMemo(() => visibleEdges(model), [model]);
  const byNode = columns?.byNode;
  const heights = useMemo(
    () => (byNode ? Object.fromEntries(ids.map((id) => [id, nodeHeight(byNode[id]?.length ?? 0)])) : undefined),
    [ids, byNode],
  );
  const { positions, pending } = useGraphLayout(ids, edgeList, heights);
  // In the column view a chosen column's path lights up, else the selected node's path to the focus.
  const columnPath = columns?.chosen ? columns.path : null;
  const path = useMemo(() => {
    if (columnPath) return new Set([...columnPath.columns].map(nodeOfColumnKey));
    return selected ? pathBetween(model, selected) : new Set<string>();
  }, [model, selected, columnPath]);
  // The first view frames the focus and its direct neighbours, never zoomed out below a size
  // where node names stay readable (a deep graph is panned or zoomed out by hand, with the map).
  const fitViewOptions = useMemo(() => {
    const near = new Set([model.focus]);
    for (const { from, to } of edgeList) {
      if (from === model.focus) near.add(to);
      if (to === model.focus) near.add(from);
    }
    return { nodes: [...near].map((id) => ({ id })), minZoom: FIT_MIN_ZOOM, maxZoom: 1.25 };
  }, [model.focus, edgeList]);

  const nodes: LineageFlowNode[] = useMemo(
    () =>
      [...model.nodes.values()]
        .filter((node) => positions[node.uniqueId])
        .map((node) => ({
          id: node.uniqueId,
          type: 'lineage' as const,
          position: positions[node.uniqueId] as { x: number; y: number },
          // Known sizes: the overview map and "fit" need no measuring pass.
          width: NODE_WIDTH,
          height: heights?.[node.uniqueId] ?? NODE_HEIGHT,
          selected: node.uniqueId === selected,
          // The highlighted path in words too: a screen reader hears it where the eye sees a colour.
          ariaLabel: `${node.resourceType.replace('_', ' ')} ${node.name}${node.uniqueId === model.focus ? ', the focus' : ''}${
            path.has(node.uniqueId) ? ', on the highlighted path' : ''
          }`,
          data: {
            node,
            focus: node.uniqueId === model.focus,
            highlighted: path.has(node.uniqueId),
            dimmed: path.size > 0 && !path.has(node.uniqueId),
            onExpand,
            ...(columns
              ? {
                  columns: (columns.byNode[node.uniqueId] ?? []).map((name) => ({
                    name,
                    mark: markOf(columns, node.uniqueId, name),
                  })),
                  onChooseColumn: columns.onChoose,
                }
              : {}),
          },
        })),
    [model, positions, selected, path, onExpand, heights, columns],
  );

  const shownIds = useMemo(() => new Set(ids), [ids]);
  const edges: Edge[] = useMemo(
    () => (columns ? columnFlowEdges(edgeList, columns.edges, shownIds, columns.path) : nodeFlowEdges(edgeList, path)),
    [edgeList, path, columns, shownIds],
  );

  const handleKey = useCallback(
    (event: React.KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const id = target.closest('.react-flow__node')?.getAttribute('data-id');
      if (!id) return;
      if (event.key === 'Enter') onOpen(id);
      if (event.key === ' ') {
        event.preventDefault();
        onSelect(id === selected ? null : id);
      }
    },
    [onOpen, onSelect, selected],
  );

  return (
    <div className="dw-lineage-canvas" onKeyDown={handleKey} role="group" aria-label={label} aria-busy={pending}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        fitView
        fitViewOptions={fitViewOptions}
        minZoom={0.05}
        maxZoom={2}
        onlyRenderVisibleElements
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable
        onNodeClick={(_event, node) => onSelect(node.id === selected ? null : node.id)}
        onNodeDoubleClick={(_event, node) => onOpen(node.id)}
        onPaneClick={() => onSelect(null)}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable ariaLabel="Overview of the lineage graph" nodeColor="#adb5bd" nodeStrokeColor="#495057" />
      </ReactFlow>
    </div>
  );
}
