// Positions for the nodes of a graph, computed by the layout worker. While a new layout is being
// computed the previous positions stay on screen; only the latest request's answer is used.
import { useEffect, useRef, useState } from 'react';
import { createLayoutWorker } from './createLayoutWorker';
import type { LayoutAnswer } from './layoutGraph';

export interface GraphLayout {
  positions: LayoutAnswer['positions'];
  pending: boolean;
}

export function useGraphLayout(nodes: string[], edges: { from: string; to: string }[]): GraphLayout {
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);
  const [layout, setLayout] = useState<GraphLayout>({ positions: {}, pending: nodes.length > 0 });

  useEffect(() => {
    const created = createLayoutWorker();
    worker.current = created;
    created.onmessage = (event: MessageEvent<LayoutAnswer>) => {
      if (event.data.id === latest.current) setLayout({ positions: event.data.positions, pending: false });
    };
    return () => {
      created.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    const id = latest.current + 1;
    latest.current = id;
    setLayout((current) => ({ ...current, pending: true }));
    worker.current?.postMessage({ id, nodes, edges });
  }, [nodes, edges]);

  return layout;
}
