// Catalog quality's read model as other areas' statements see it: each test's latest state, a view
// over the area's table (migration 023), read-only for everyone.
import type { ColumnType } from 'kysely';

type Read<T> = ColumnType<T, never, never>;

export interface QualityReadTestStatesView {
  organisation_id: Read<string>;
  test_id: Read<string>;
  last_status: Read<string>;
  last_failures: Read<number | null>;
  last_message: Read<string | null>;
  last_executed_at: Read<Date | null>;
  /** Newest first, one letter per run (p f e w s u), at most 20. */
  recent: Read<string>;
  runs: Read<number>;
  flips: Read<number>;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    quality_read_test_states: QualityReadTestStatesView;
  }
}
