// Walks downstream in one statement each: through column edges (recursive over
// column_lineage_edges, from a set of starting columns) and through the catalog's node edges
// (recursive over catalog_read_edges). Each answer keeps the shortest distance per step reached.
import { sql } from 'kysely';
import type { ColumnTransform } from '@common/column-lineage/columnLineageContract';
import type { StoreDb } from '../../platform/store/openStore.js';

export interface ColumnStep {
  /** The starting column this step was reached from. */
  origin: string;
  node: string;
  column: string;
  distance: number;
  transform: ColumnTransform;
}

export async function downstreamColumns(
  db: StoreDb,
  organisation: string,
  starts: ReadonlyArray<{ node: string; column: string }>,
  depth: number,
): Promise<ColumnStep[]> {
  if (starts.length === 0) return [];
  const node = starts[0]?.node as string;
  const columns = starts.map((start) => start.column);
  const { rows } = await sql<{ origin: string; node: string; col: string; distance: number; transform: ColumnTransform }>`
    WITH RECURSIVE walk(origin, node, col, distance, transform) AS (
      SELECT e.parent_column, e.child_node, e.child_column, 1, e.transform
      FROM column_lineage_edges e
      WHERE e.organisation_id = ${organisation} AND e.parent_node = ${node} AND e.parent_column IN (${sql.join(columns)})
      UNION
      SELECT w.origin, e.child_node, e.child_column, w.distance + 1, e.transform
      FROM walk w
      JOIN column_lineage_edges e ON e.organisation_id = ${organisation} AND e.parent_node = w.node AND e.parent_column = w.col
      WHERE w.distance < ${depth}
    )
    SELECT DISTINCT ON (origin, node, col) origin, node, col, distance, transform
    FROM walk ORDER BY origin, node, col, distance`.execute(db);
  return rows.map((row) => ({
    origin: row.origin,
    node: row.node,
    column: row.col,
    distance: Number(row.distance),
    transform: row.transform,
  }));
}

export interface NodeStep {
  node: string;
  distance: number;
}

/** Everything downstream of `nodeIds` in the catalog's lineage, up to `depth` steps. */
export async function downstreamNodes(db: StoreDb, organisation: string, nodeIds: readonly string[], depth: number): Promise<NodeStep[]> {
  if (nodeIds.length === 0) return [];
  const { rows } = await sql<{ node: string; distance: number }>`
    WITH RECURSIVE walk(node, distance) AS (
      SELECT e.child_id, 1 FROM catalog_read_edges e
      WHERE e.organisation_id = ${organisation} AND e.parent_id IN (${sql.join([...nodeIds])})
      UNION
      SELECT e.child_id, w.distance + 1 FROM walk w
      JOIN catalog_read_edges e ON e.organisation_id = ${organisation} AND e.parent_id = w.node
      WHERE w.distance < ${depth}
    )
    SELECT node, min(distance) AS distance FROM walk GROUP BY node`.execute(db);
  return rows.map((row) => ({ node: row.node, distance: Number(row.distance) }));
}
