// Domains, Data Products and cost per asset. The builds and reads of dbt nodes come from the
// warehouse's usage copy: 60 days of builds (a 30-day window and its trend) and 30 days of reads.
import { defineArea } from '../../platform/area/index.js';
import { impactSources, warehouseAccessPort } from '../../platform/ports/index.js';
import { productsImpactSource } from './impactSource.js';
import type { FastifyInstance } from 'fastify';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { CostSource } from './assetCosts.js';
import { registerCostRoutes } from './routes/costRoutes.js';
import { registerDomainRoutes } from './routes/domainRoutes.js';
import { registerProductRoutes } from './routes/productRoutes.js';
export type { CostRollup, CostSource } from './assetCosts.js';

export interface CatalogDomainsOptions {
  db: StoreDb;
  /** The organisation's builds and reads of dbt nodes (the warehouse feature's dbtNodeCost). */
  costs: CostSource;
}

export function registerCatalogDomainsArea(app: FastifyInstance, options: CatalogDomainsOptions): void {
  registerDomainRoutes(app, options.db);
  registerProductRoutes(app, options.db, options.costs);
  registerCostRoutes(app, options.db, options.costs);
}

const BUILD_DAYS = 60;
const READ_DAYS = 30;

export const area = defineArea({
  id: 'catalog-domains',
  register({ app, db, ports }) {
    registerCatalogDomainsArea(app, {
      db,
      costs: (organisation) => ports.use(warehouseAccessPort).dbtNodeCost(organisation, BUILD_DAYS, READ_DAYS),
    });
    ports.extend(impactSources, productsImpactSource(db));
  },
});
