// Row types of the catalog settings table (created by migration 016), as Kysely sees them. It joins
// the store's schema (platform/store/schema.ts) by declaration merging.
import type { Json, UpdatedAt } from '../../platform/store/columnTypes.js';

export interface CatalogSettingsTable {
  organisation_id: string;
  section: string;
  value: Json<unknown>;
  updated_by: string;
  updated_at: UpdatedAt;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    catalog_settings: CatalogSettingsTable;
  }
}
