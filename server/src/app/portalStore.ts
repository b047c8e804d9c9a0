// The portal store with every area's tables: the platform's migrations and each area's own
// (features/<area>/migrations). What opens the store (main.ts, the tests, the benchmarks) opens it here.
import { migrations as catalogAlerts } from '../features/catalog-alerts/migrations/index.js';
import { migrations as catalogDomains } from '../features/catalog-domains/migrations/index.js';
import { migrations as catalogGovernance } from '../features/catalog-governance/migrations/index.js';
import { migrations as columnLineage } from '../features/column-lineage/migrations/index.js';
import { migrations as catalogQuality } from '../features/catalog-quality/migrations/index.js';
import { migrations as dataApi } from '../features/data-api/migrations/index.js';
import { migrations as dbt } from '../features/dbt/migrations/index.js';
import { migrations as integrations } from '../features/integrations/migrations/index.js';
import { migrations as knowledge } from '../features/knowledge/migrations/index.js';
import { migrations as security } from '../features/security/migrations/index.js';
import { migrations as warehouse } from '../features/warehouse/migrations/index.js';
import { openStore, type Store, type StoreOptions } from '../platform/store/openStore.js';

/** Every area's migrations, by name (names are numbered across the whole store). */
export const areaMigrations = {
  ...dbt,
  ...dataApi,
  ...integrations,
  ...warehouse,
  ...catalogQuality,
  ...catalogGovernance,
  ...catalogDomains,
  ...catalogAlerts,
  ...security,
  ...knowledge,
  ...columnLineage,
};

export function openPortalStore(options: Omit<StoreOptions, 'migrations'>): Promise<Store> {
  return openStore({ ...options, migrations: areaMigrations });
}
