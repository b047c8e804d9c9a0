// The layout worker as webpack bundles it (its own chunk, loaded when a graph is first shown).
export function createLayoutWorker(): Worker {
  return new Worker(new URL('./lineageLayout.worker.ts', import.meta.url), { name: 'lineage-layout' });
}
