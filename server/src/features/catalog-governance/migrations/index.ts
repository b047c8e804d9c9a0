// The catalog-governance area's migrations of the portal store. Names are numbered across the whole store
// (the next free number, see docs/architecture.md); never edit one that has shipped.
import type { Migration } from 'kysely';
import { catalogGovernance } from './014_catalog_governance.js';

export const migrations: Record<string, Migration> = {
  '014_catalog_governance': catalogGovernance,
};
