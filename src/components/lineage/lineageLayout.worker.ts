// Lays out lineage graphs off the main thread: a layered layout of a few thousand nodes takes
// long enough to freeze scrolling and typing if it ran beside the page.
import { layoutGraph, type LayoutRequest } from './layoutGraph';

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  self.postMessage(layoutGraph(event.data));
};
