// Row types of the layout-settings area's tables, as Kysely sees them. They join the store's schema
// (platform/store/schema.ts) by declaration merging, so the platform names no area; the tables
// themselves are created by the area's migrations.
import type { Json, UpdatedAt } from '../../platform/store/columnTypes.js';

export interface UserLayoutSettingsTable {
  organisation_id: string;
  username: string;
  subject: string;
  settings: Json<Record<string, unknown>>;
  updated_at: UpdatedAt;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    user_layout_settings: UserLayoutSettingsTable;
  }
}
