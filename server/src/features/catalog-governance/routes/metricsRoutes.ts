// Metrics API: GET /api/catalog/governance/metrics (semantic models and metrics), /:metricId
// (definition and lineage) and /:metricId/values (a simple metric's values over time from the
// warehouse; 422 naming why when it cannot be queried). A metric id is dbt's unique_id.
import type { FastifyInstance } from 'fastify';
import {
  metricDetailResponse,
  metricIdParams,
  metricsListResponse,
  metricValuesQuery,
  metricValuesResponse,
} from '@common/catalog-governance/metricsContract';
import { actorOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { metricDetail, readCatalogue } from '../metricsStore.js';
import { metricValues } from '../metricValues.js';
import type { GovernanceWarehouse } from '../suggestions.js';

export function registerMetricsRoutes(server: FastifyInstance, options: { db: StoreDb; warehouse: GovernanceWarehouse }): void {
  const { db } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogMetrics');

  app.get(
    '/api/catalog/governance/metrics',
    { preValidation: read, schema: { response: { 200: metricsListResponse } } },
    async (request) => {
      const catalogue = await readCatalogue(db, actorOf(request).organisation);
      return {
        metrics: catalogue.metrics.map(({ measure: _measure, ...metric }) => metric),
        semanticModels: catalogue.semanticModels.map(
          ({ table: _table, measureParts: _measures, dimensionParts: _dimensions, ...model }) => model,
        ),
      };
    },
  );

  app.get(
    '/api/catalog/governance/metrics/:metricId',
    { preValidation: read, schema: { params: metricIdParams, response: { 200: metricDetailResponse } } },
    async (request) => metricDetail(db, actorOf(request).organisation, request.params.metricId),
  );

  app.get(
    '/api/catalog/governance/metrics/:metricId/values',
    { preValidation: read, schema: { params: metricIdParams, querystring: metricValuesQuery, response: { 200: metricValuesResponse } } },
    async (request) =>
      metricValues(
        db,
        options.warehouse,
        actorOf(request).organisation,
        request.params.metricId,
        request.query.grain,
        request.query.periods,
      ),
  );
}
