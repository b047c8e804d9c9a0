// Data Quality's API: GET /api/catalog/quality/tests (filtered, paged), /summary?by=asset|domain|owner,
// /tests/:testId/history, and the profiler: POST /api/catalog/quality/profiles (a job) and
// GET /api/catalog/quality/profiles?assetId=. Whoever may open the Data Quality page may call
// them (the asset page shows profiles to them too); every answer is the caller's organisation's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { catalogQualityEndpoints as ep } from '@common/catalog-quality/catalogQualityEndpoints';
import {
  profileQuery,
  profileRequestBody,
  profilesResponse,
  profileStartedResponse,
  qualitySummaryQuery,
  qualitySummaryResponse,
  qualityTestsQuery,
  qualityTestsResponse,
  testHistoryResponse,
  testIdParams,
} from '@common/catalog-quality/qualityContract';
import { callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { JobRunner } from '../../../platform/jobs/index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { profilesOf, startProfile, type QualityWarehouse } from '../profiles.js';
import { listTests, qualitySummary, testHistory } from '../qualityQueries.js';

export function registerQualityRoutes(
  server: FastifyInstance,
  options: { db: StoreDb; jobs: JobRunner; warehouse: QualityWarehouse },
): void {
  const { db } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const organisation = (request: FastifyRequest) => organisationOf(callerOf(request));
  const dataQuality = requireRoute('catalogDataQuality');

  app.route({
    ...endpointRoute(ep.tests, { querystring: qualityTestsQuery, response: qualityTestsResponse }),
    preValidation: dataQuality,
    handler: async (request) => listTests(db, organisation(request), request.query),
  });

  app.route({
    ...endpointRoute(ep.summary, { querystring: qualitySummaryQuery, response: qualitySummaryResponse }),
    preValidation: dataQuality,
    handler: async (request) => qualitySummary(db, organisation(request), request.query),
  });

  app.route({
    ...endpointRoute(ep.testHistory, { params: testIdParams, response: testHistoryResponse }),
    preValidation: dataQuality,
    handler: async (request) => testHistory(db, organisation(request), request.params.testId),
  });

  app.route({
    ...endpointRoute(ep.profiles, { querystring: profileQuery, response: profilesResponse }),
    preValidation: dataQuality,
    handler: async (request) => profilesOf(db, organisation(request), request.query.assetId),
  });

  app.route({
    ...endpointRoute(ep.startProfile, { body: profileRequestBody, response: profileStartedResponse }),
    preValidation: dataQuality,
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const jobId = await startProfile(options, organisationOf(caller), request.body.assetId, {
        subject: caller.subject,
        username: caller.username,
      });
      return reply.code(202).send({ jobId });
    },
  });
}
