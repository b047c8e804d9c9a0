// Cost per asset's API: GET /api/catalog/costs/asset?assetId= (a model's builds and reads, an
// exposure's upstream builds), /costs/exposures (every exposure's), /costs/unread-models (models
// nobody read in the window, with their build cost). Warehouse money figures: for whoever may
// open Data Products (the main edition's catalog), as Optimize is not a Lite feature either.
import type { FastifyInstance } from 'fastify';
import { catalogDomainsEndpoints as ep } from '@common/catalog-domains/catalogDomainsEndpoints';
import { assetCostQuery, assetCostResponse, exposureCostsResponse, unreadModelsResponse } from '@common/catalog-domains/costContract';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import { actorOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { CostSource } from '../assetCosts.js';
import { assetCost, exposureCosts, unreadModels } from '../costQueries.js';

export function registerCostRoutes(server: FastifyInstance, db: StoreDb, costs: CostSource): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogProducts');

  app.route({
    ...endpointRoute(ep.assetCost, { querystring: assetCostQuery, response: assetCostResponse }),
    preValidation: read,
    handler: async (request) => assetCost(db, costs, actorOf(request).organisation, request.query.assetId),
  });

  app.route({
    ...endpointRoute(ep.exposureCosts, { response: exposureCostsResponse }),
    preValidation: read,
    handler: async (request) => exposureCosts(db, costs, actorOf(request).organisation),
  });

  app.route({
    ...endpointRoute(ep.unreadModels, { response: unreadModelsResponse }),
    preValidation: read,
    handler: async (request) => unreadModels(db, costs, actorOf(request).organisation),
  });
}
