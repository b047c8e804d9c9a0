// Explore, data assets and lineage: GET /api/catalog/search, /api/catalog/assets/:uniqueId,
// /api/catalog/lineage. Every answer is the caller's organisation's; another's asset is a 404.
import type { FastifyInstance } from 'fastify';
import { dbtEndpoints as ep } from '@common/dbt/dbtEndpoints';
import {
  assetIdParams,
  assetResponse,
  catalogSearchQuery,
  catalogSearchResponse,
  lineageQuery,
  lineageResponse,
} from '@common/dbt/catalogContract';
import { callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import { assetDetail } from '../assets.js';
import type { DbtService } from '../dbtService.js';
import { DbtNotFoundError } from '../errors.js';
import { lineageAround } from '../lineage.js';
import { healthOfNodes } from '../resultQueries.js';
import { searchCatalog } from '../search.js';

export function registerCatalogRoutes(server: FastifyInstance, service: DbtService): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const organisation = (request: Parameters<typeof callerOf>[0]) => organisationOf(callerOf(request));

  // Explore and the Data Assets list (an empty `q` lists everything, by name) share it.
  app.route({
    ...endpointRoute(ep.search, { querystring: catalogSearchQuery, response: catalogSearchResponse }),
    preValidation: requireRoute(['catalogExplore', 'catalogAssets']),
    handler: async (request) => {
      const org = organisation(request);
      return searchCatalog(service.db, org, await service.index.get(org), request.query);
    },
  });

  app.route({
    ...endpointRoute(ep.asset, { params: assetIdParams, response: assetResponse }),
    preValidation: requireRoute('catalogAsset'),
    handler: async (request) => {
      const org = organisation(request);
      return { asset: await assetDetail(service.db, org, await service.index.get(org), request.params.uniqueId) };
    },
  });

  app.route({
    ...endpointRoute(ep.lineage, { querystring: lineageQuery, response: lineageResponse }),
    preValidation: requireRoute(['catalogLineage', 'catalogAsset']),
    handler: async (request) => {
      const org = organisation(request);
      const index = await service.index.get(org);
      if (!index) throw new DbtNotFoundError('node');
      const lineage = lineageAround(index, request.query);
      // Each model's and source's own health, so a stale source is not drawn as if all were well.
      const health = await healthOfNodes(
        service.db,
        org,
        index,
        lineage.nodes.map((node) => node.uniqueId),
        new Date(),
      );
      return { ...lineage, nodes: lineage.nodes.map((node) => ({ ...node, health: health.get(node.uniqueId)?.status ?? null })) };
    },
  });
}
