// Catalog organisation (issue "Catalog, advanced"): Domains (owners, experts, membership by dbt
// meta, tags or folder, or by hand), Data Products (assets and exposures with an owner and a
// freshness/quality objective) and cost per asset. It reads the dbt layer's tables in the store;
// the warehouse's builds and reads of dbt nodes come in from app/portalServer.ts as a function
// (features never import each other).
import type { FastifyInstance } from 'fastify';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { CostSource } from './assetCosts.js';
import { registerCostRoutes } from './routes/costRoutes.js';
import { registerDomainRoutes } from './routes/domainRoutes.js';
import { registerProductRoutes } from './routes/productRoutes.js';

export { catalogDomainsHttpError } from './errors.js';
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
