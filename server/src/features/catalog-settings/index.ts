// Catalog Settings (issue "Catalog, advanced"): what an organisation's catalog admins set for the
// catalog, section by section, each falling back to the portal-wide setting until it is saved:
// where alert webhooks may go, the freshness check schedule, the profiler's sample size, the
// external catalog the Data Catalog links open; and, read only, how dbt artifacts arrive. Areas
// with settings of their own (the glossary's editors, the classification rules) keep them; the
// page shows their sections beside these. Other areas read these settings through the reader
// this returns, wired in app/portalServer.ts.
import type { FastifyInstance } from 'fastify';
import type { StoreDb } from '../../platform/store/openStore.js';
import { registerSettingsRoutes } from './routes/settingsRoutes.js';
import { catalogSettingsReader, type CatalogSettingsDefaults, type CatalogSettingsReader } from './sections.js';

export type { CatalogSettingsDefaults, CatalogSettingsReader } from './sections.js';

export interface CatalogSettingsOptions {
  db: StoreDb;
  defaults: CatalogSettingsDefaults;
  /** Told when an organisation's freshness schedule setting changed. */
  freshnessChanged(organisation: string): Promise<void>;
}

export function registerCatalogSettingsArea(app: FastifyInstance, options: CatalogSettingsOptions): CatalogSettingsReader {
  const read = catalogSettingsReader(options.db, options.defaults);
  registerSettingsRoutes(app, {
    db: options.db,
    defaults: options.defaults,
    read,
    changed: async (organisation, section) => {
      if (section === 'freshness') await options.freshnessChanged(organisation);
    },
  });
  return read;
}
