// Catalog settings: each organisation's own values for the catalog (alert webhooks, freshness
// checks, the profiler, the external catalog link) over the portal's settings. It provides the
// catalog settings port the dbt, data quality and alerts areas read, and tells its subscribers
// of each change (the dbt area reschedules freshness checks).
import { defineArea } from '../../platform/area/index.js';
import { catalogReadModelPort, catalogSettingsPort, type CatalogSettingsSection } from '../../platform/ports/index.js';
import { registerSettingsRoutes } from './routes/settingsRoutes.js';
import { catalogSettingsReader } from './sections.js';

type ChangeListener = (organisation: string, section: CatalogSettingsSection) => Promise<void>;

export const area = defineArea<{
  config: {
    catalogUrl: string;
    dbt: { freshnessCheckMinutes: number; artifactsDir: string | null; uploadLimitBytes: number };
    catalogQuality: { profileSampleRows: number };
  };
}>({
  id: 'catalog-settings',
  register({ app, db, ports }, { config }) {
    const defaults = {
      webhooks: { allowedHosts: [] },
      freshness: { checkMinutes: config.dbt.freshnessCheckMinutes },
      profiler: { sampleRows: config.catalogQuality.profileSampleRows },
      externalCatalog: { url: config.catalogUrl || null },
      artifactsDir: config.dbt.artifactsDir,
      uploadLimitBytes: config.dbt.uploadLimitBytes,
    };
    const read = catalogSettingsReader(db, defaults);
    const listeners = new Set<ChangeListener>();
    ports.provide(catalogSettingsPort, {
      freshnessCheckMinutes: (organisation) => read.freshnessCheckMinutes(organisation),
      profileSampleRows: (organisation) => read.profileSampleRows(organisation),
      webhookSettings: (organisation) => read.webhookSettings(organisation),
      onChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    registerSettingsRoutes(app, {
      db,
      defaults,
      read,
      catalog: () => ports.use(catalogReadModelPort),
      changed: async (organisation, section) => {
        for (const listener of listeners) await listener(organisation, section);
      },
    });
  },
});
