// Data APIs (issue: API creator and API management): named, versioned, read-only queries over
// the organisation's warehouse, published at /api/data/v1/<endpoint> for API key holders. What
// it needs from elsewhere (the store, each organisation's warehouse engine) comes in from
// app/portalServer.ts.
import type { FastifyInstance } from 'fastify';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { DataApiDependencies } from './dataRoutes.js';
import { DataLookups, registerDataRoutes } from './dataRoutes.js';
import { seedDemoEndpoints } from './demoSeed.js';
import { registerDataApiManagementRoutes } from './managementRoutes.js';
import { UsageRecorder } from './usageRecorder.js';

export { dataApiHttpError } from './errors.js';

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
