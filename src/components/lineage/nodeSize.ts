// The size of a node of the lineage graph, shared by the layout (in the worker) and the drawing.
// Its own module so the page does not pull the layout library into its chunk.
export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 64;
