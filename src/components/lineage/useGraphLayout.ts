// Positions for the nodes of a graph, computed by the layout worker. While a new layout is being
// computed the previous positions stay on screen; only the latest request's answer is used.
import { useEffect, useRef, useState } from 'react';
import { createLayoutWorker } from './createLayoutWorker';
import type { LayoutAnswer } from './layoutGraph';

export interface GraphLayout {
  positions: LayoutAnswer['positions'];
  pending: boolean;
}

type Edges = { from: string; to: string }[];

type Heights = Record<string, number> | undefined;

interface Answered {
  nodes: string[] | null;
  edges: Edges | null;
  heights: Heights;
  positions: LayoutAnswer['positions'];
}

/** `heights`: nodes taller than the usual (the column view); a new object lays the graph out again. */
export function useGraphLayout(nodes: string[], edges: Edges, heights?: Heights): GraphLayout {
  const worker = useRef<Worker | null>(null);
  const latest = useRef<{ id: number; nodes: string[]; edges: Edges; heights: Heights } | null>(null);
  const [answered, setAnswered] = useState<Answered>({ nodes: null, edges: null, heights: undefined, positions: {} });

  useEffect(() => {
    const created = createLayoutWorker();
    worker.current = created;
    created.onmessage = (event: MessageEvent<LayoutAnswer>) => {
      const request = latest.current;
      if (request && event.data.id === request.id)
        setAnswered({ nodes: request.nodes, edges: request.edges, heights: request.heights, positions: event.data.positions });
    };
    if (latest.current) created.postMessage(latest.current);
    return () => {
      created.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    const id = (latest.current?.id ?? 0) + 1;
    latest.current = { id, nodes, edges, heights };
    worker.current?.postMessage(latest.current);
  }, [nodes, edges, heights]);

  return { positions: answered.positions, pending: answered.nodes !== nodes || answered.edges !== edges || answered.heights !== heights };
}
