// The catalog-alerts area's migrations of the portal store. Names are numbered across the whole store
// (the next free number, see docs/architecture.md); never edit one that has shipped.
import type { Migration } from 'kysely';
import { catalogAlerts } from './016_catalog_alerts.js';

export const migrations: Record<string, Migration> = {
  '016_catalog_alerts': catalogAlerts,
};
