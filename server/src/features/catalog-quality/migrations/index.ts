// The catalog-quality area's migrations of the portal store. Names are numbered across the whole store
// (the next free number, see docs/architecture.md); never edit one that has shipped.
import type { Migration } from 'kysely';
import { catalogQuality } from './013_catalog_quality.js';
import { qualityReadViews } from './023_quality_read_views.js';

export const migrations: Record<string, Migration> = {
  '013_catalog_quality': catalogQuality,
  '023_quality_read_views': qualityReadViews,
};
