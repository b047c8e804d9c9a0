// Data APIs: endpoints an organisation publishes over its warehouse, called with API keys; the
// editor, keys and usage for the people who build them. Demo organisations start with examples.
import { DEMO_ORGANISATIONS } from '@common/demo/demoOrganisations';
import { defineArea } from '../../platform/area/index.js';
import { impactSources, warehouseAccessPort } from '../../platform/ports/index.js';
import type { FastifyInstance } from 'fastify';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { DataApiDependencies } from './dataRoutes.js';
import { DataLookups, registerDataRoutes } from './dataRoutes.js';
import { seedDemoEndpoints } from './demoSeed.js';
import { endpointsImpactSource } from './impactSource.js';
import { registerDataApiManagementRoutes } from './managementRoutes.js';
import { UsageRecorder } from './usageRecorder.js';
export interface DataApiArea {
  close(): Promise<void>;
}

export async function registerDataApiArea(
  app: FastifyInstance,
  options: Omit<DataApiDependencies, 'flushUsage' | 'forgetLookups'> & { db: StoreDb; demoOrganisations: readonly string[] | null },
): Promise<DataApiArea> {
  const usage = new UsageRecorder(options.db, app.log);
  const lookups = new DataLookups();
  const deps: DataApiDependencies = {
    warehouse: options.warehouse,
    portalUrl: options.portalUrl,
    flushUsage: () => usage.flush(),
    forgetLookups: () => lookups.forget(),
  };
  if (options.demoOrganisations) await seedDemoEndpoints(options.db, options.demoOrganisations);
  registerDataApiManagementRoutes(app, options.db, deps);
  registerDataRoutes(app, options.db, deps, usage, lookups);
  return { close: () => usage.close() };
}

export const area = defineArea<{ config: { portalUrl: string; demoData: boolean } }>({
  id: 'data-api',
  async register({ app, db, ports }, { config }) {
    const dataApi = await registerDataApiArea(app, {
      db,
      // Endpoint SQL runs on the organisation's warehouse engine.
      warehouse: (organisation) => ports.use(warehouseAccessPort).readEngine(organisation),
      portalUrl: config.portalUrl,
      demoOrganisations: config.demoData ? DEMO_ORGANISATIONS : null,
    });
    ports.extend(impactSources, endpointsImpactSource(db));
    return { close: () => dataApi.close() };
  },
});
