// The catalog-domains area's migrations of the portal store. Names are numbered across the whole store
// (the next free number, see docs/architecture.md); never edit one that has shipped.
import type { Migration } from 'kysely';
import { catalogDomains } from './015_catalog_domains.js';

export const migrations: Record<string, Migration> = {
  '015_catalog_domains': catalogDomains,
};
