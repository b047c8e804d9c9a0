// Column lineage and impact analysis: GET /api/catalog/column-lineage/…, /api/catalog/impact and
// its CSV. Whoever may open an asset page or the lineage page may ask; every answer is the
// caller's organisation's, and another organisation's asset reads as unknown.
import type { FastifyInstance } from 'fastify';
import { columnLineageEndpoints as ep } from '@common/column-lineage/columnLineageEndpoints';
import {
  assetColumnLineageResponse,
  columnGraphQuery,
  columnGraphResponse,
  coverageResponse,
  impactQuery,
  impactResponse,
} from '@common/column-lineage/columnLineageContract';
import { assetIdParams } from '@common/dbt/catalogContract';
import { callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import type { ImpactSource } from '../../../platform/ports/index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { impactCsv } from '../impactCsv.js';
import { impactReport } from '../impactReport.js';
import { assetColumnLineage, columnGraph, coverage } from '../lineageQueries.js';

export function registerColumnLineageRoutes(server: FastifyInstance, db: StoreDb, sources: () => readonly ImpactSource[]): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const organisation = (request: Parameters<typeof callerOf>[0]) => organisationOf(callerOf(request));
  const catalogPages = requireRoute(['catalogAsset', 'catalogLineage']);

  app.route({
    ...endpointRoute(ep.assetColumns, { params: assetIdParams, response: assetColumnLineageResponse }),
    preValidation: catalogPages,
    handler: async (request) => assetColumnLineage(db, organisation(request), request.params.uniqueId),
  });

  app.route({
    ...endpointRoute(ep.graph, { querystring: columnGraphQuery, response: columnGraphResponse }),
    preValidation: catalogPages,
    handler: async (request) => columnGraph(db, organisation(request), request.query.node),
  });

  app.route({
    ...endpointRoute(ep.coverage, { response: coverageResponse }),
    preValidation: requireRoute(['catalogAsset', 'catalogLineage', 'catalogSettings']),
    handler: async (request) => coverage(db, organisation(request)),
  });

  app.route({
    ...endpointRoute(ep.impact, { querystring: impactQuery, response: impactResponse }),
    preValidation: catalogPages,
    handler: async (request) => impactReport(db, sources(), organisation(request), request.query),
  });

  app.route({
    ...endpointRoute(ep.impactCsv, { querystring: impactQuery }),
    preValidation: catalogPages,
    handler: async (request, reply) => {
      const report = await impactReport(db, sources(), organisation(request), request.query);
      const name = `impact-${report.origin.name}${report.origin.column ? `-${report.origin.column}` : ''}.csv`.replace(
        /[^A-Za-z0-9._-]/g,
        '_',
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(impactCsv(report));
    },
  });
}
