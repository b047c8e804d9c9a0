// The column lineage area's migrations of the portal store (numbered across the whole store).
import type { Migration } from 'kysely';
import { columnLineage } from './029_column_lineage.js';

export const migrations: Record<string, Migration> = {
  '029_column_lineage': columnLineage,
};
