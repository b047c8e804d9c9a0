// Column-level lineage: per model, the state of its last computation, and the column edges.
import { sql, type Kysely, type Migration } from 'kysely';

export const columnLineage: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE column_lineage_models (
      organisation_id text NOT NULL,
      node_id text NOT NULL,
      project_name text NOT NULL,
      sql_hash text NOT NULL,
      upstream_hash text NOT NULL,
      state text NOT NULL CHECK (state IN ('computed', 'failed')),
      reason text,
      columns integer NOT NULL DEFAULT 0,
      columns_resolved integer NOT NULL DEFAULT 0,
      computed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organisation_id, node_id)
    )`.execute(db);
    await sql`CREATE TABLE column_lineage_edges (
      organisation_id text NOT NULL,
      child_node text NOT NULL,
      child_column text NOT NULL,
      parent_node text NOT NULL,
      parent_column text NOT NULL,
      transform text NOT NULL,
      PRIMARY KEY (organisation_id, child_node, child_column, parent_node, parent_column, transform)
    )`.execute(db);
    // Downstream walks (impact analysis) start from a parent column.
    await sql`CREATE INDEX column_lineage_edges_parent ON column_lineage_edges (organisation_id, parent_node, parent_column)`.execute(db);
  },
};
