// The lineage page's column view: the columns and column edges of the nodes on the graph (one
// request for all of them, nearest the focus first, up to the API's limit), the chosen column and
// its path end to end. Only nodes that have columns are asked for: exposures and metrics have none.
import { useCallback, useMemo, useState } from 'react';
import { COLUMN_GRAPH_NODES_MAX } from '@common/column-lineage/columnLineageContract';
import { apiErrorMessage } from '../../../api/apiError';
import { useGetColumnGraphQuery } from '../../../api/columnLineageApi';
import type { ColumnOverlay } from '../../../components/lineage/LineageGraph';
import { columnPath, columnsByNode, type ChosenColumn } from '../../../components/lineage/columnGraphModel';
import type { LineageGraphModel } from '../../../components/lineage/graphModel';

const withColumns = new Set(['model', 'source', 'seed', 'snapshot']);

export interface ColumnView {
  overlay: ColumnOverlay | undefined;
  /** Nodes with columns left out of the request (beyond the API's limit). */
  leftOut: number;
  loading: boolean;
  error: string | null;
  refetch: () => void;
  choose: (node: string, column: string) => void;
  clear: () => void;
}

function askedNodes(model: LineageGraphModel): { nodes: string[]; leftOut: number } {
  const candidates = [...model.nodes.values()]
    .filter((node) => withColumns.has(node.resourceType))
    .sort((a, b) => Math.abs(a.depth) - Math.abs(b.depth) || a.uniqueId.localeCompare(b.uniqueId));
  const nodes = candidates.slice(0, COLUMN_GRAPH_NODES_MAX).map((node) => node.uniqueId);
  return { nodes, leftOut: candidates.length - nodes.length };
}

export function useColumnView(model: LineageGraphModel | null, enabled: boolean): ColumnView {
  const asked = useMemo(() => (model ? askedNodes(model) : { nodes: [], leftOut: 0 }), [model]);
  // The same nodes give the same request (and a cache hit), whatever order the graph grew in.
  const nodesKey = asked.nodes.join('\n');
  const nodes = useMemo(() => (nodesKey ? nodesKey.split('\n') : []), [nodesKey]);
  const query = useGetColumnGraphQuery(nodes, { skip: !enabled || nodes.length === 0 });
  const { error, isFetching, refetch } = query;
  // After an expand the graph keeps the columns it had while the new nodes' are fetched.
  const answer = query.currentData ?? query.data;
  const [chosen, setChosen] = useState<ChosenColumn | null>(null);
  const byNode = useMemo(() => (answer ? columnsByNode(answer) : null), [answer]);
  const edges = answer?.edges;
  const path = useMemo(() => columnPath(edges ?? [], chosen), [edges, chosen]);
  const choose = useCallback(
    (node: string, column: string) =>
      setChosen((current) => (current?.node === node && current.column === column ? null : { node, column })),
    [],
  );
  const overlay = useMemo(
    () => (enabled && byNode && edges ? { byNode, edges, chosen, path, onChoose: choose } : undefined),
    [enabled, byNode, edges, chosen, path, choose],
  );
  return {
    overlay,
    leftOut: asked.leftOut,
    loading: enabled && nodes.length > 0 && isFetching,
    error: enabled && error && !isFetching ? apiErrorMessage(error) : null,
    refetch: () => void refetch(),
    choose,
    clear: () => setChosen(null),
  };
}
