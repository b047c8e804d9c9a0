// Row types of the column lineage area's tables (migration 029), joined to the store's schema by
// declaration merging.
import type { ColumnType } from 'kysely';
import type { ColumnTransform } from '@common/column-lineage/columnLineageContract';

/** One model's lineage run: what it was computed from (hashes), and how it went. */
export interface ColumnLineageModelsTable {
  organisation_id: string;
  node_id: string;
  project_name: string;
  /** Hash of the compiled SQL and dialect; with `upstream_hash` (the parents' columns), decides whether to compute again. */
  sql_hash: string;
  upstream_hash: string;
  state: 'computed' | 'failed';
  /** The parser's reason when `failed`. */
  reason: string | null;
  /** The model's columns, and of them how many trace to known upstream columns or a constant. */
  columns: number;
  columns_resolved: number;
  computed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One step of column lineage: `child_node.child_column` is made from `parent_node.parent_column`. */
export interface ColumnLineageEdgesTable {
  organisation_id: string;
  child_node: string;
  child_column: string;
  parent_node: string;
  parent_column: string;
  transform: ColumnTransform;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    column_lineage_models: ColumnLineageModelsTable;
    column_lineage_edges: ColumnLineageEdgesTable;
  }
}
