// Metrics API: GET /api/catalog/governance/metrics (semantic models and metrics), /:metricId
// (definition and lineage) and /:metricId/values (a simple metric's values over time from the
// warehouse; 422 naming why when it cannot be queried). A metric id is dbt's unique_id.
import type { FastifyInstance } from 'fastify';
import { catalogGovernanceEndpoints as ep } from '@common/catalog-governance/catalogGovernanceEndpoints';
import {
  metricDetailResponse,
  metricIdParams,
  metricsListResponse,
  metricValuesQuery,
  metricValuesResponse,
} from '@common/catalog-governance/metricsContract';
import { actorOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { metricDetail, readCatalogue } from '../metricsStore.js';
import { metricValues } from '../metricValues.js';
import type { GovernanceWarehouse } from '../suggestions.js';

export function registerMetricsRoutes(server: FastifyInstance, options: { db: StoreDb; warehouse: GovernanceWarehouse }): void {
  const { db } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogMetrics');

  app.route({
    ...endpointRoute(ep.metrics, { response: metricsListResponse }),
    preValidation: read,
    handler: async (request) => {
      const catalogue = await readCatalogue(db, actorOf(request).organisation);
      return {
        metrics: catalogue.metrics.map(({ measure: _measure, ...metric }) => metric),
        semanticModels: catalogue.semanticModels.map(
          ({ table: _table, measureParts: _measures, dimensionParts: _dimensions, ...model }) => model,
        ),
      };
    },
  });

  app.route({
    ...endpointRoute(ep.metric, { params: metricIdParams, response: metricDetailResponse }),
    preValidation: read,
    handler: async (request) => metricDetail(db, actorOf(request).organisation, request.params.metricId),
  });

  app.route({
    ...endpointRoute(ep.metricValues, { params: metricIdParams, querystring: metricValuesQuery, response: metricValuesResponse }),
    preValidation: read,
    handler: async (request) =>
      metricValues(
        db,
        options.warehouse,
        actorOf(request).organisation,
        request.params.metricId,
        request.query.grain,
        request.query.periods,
      ),
  });
}
