// The size of a node of the lineage graph, shared by the layout (in the worker) and the drawing.
// Its own module so the page does not pull the layout library into its chunk.
export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 64;
/** A column's row in a node of the column view, and the room below the rows. */
export const COLUMN_ROW_HEIGHT = 20;
const COLUMN_LIST_PADDING = 8;

/** The height of a node in the column view listing `columns` columns (one row saying "No columns" for none). */
export function nodeHeight(columns: number): number {
  return NODE_HEIGHT + Math.max(1, columns) * COLUMN_ROW_HEIGHT + COLUMN_LIST_PADDING;
}
