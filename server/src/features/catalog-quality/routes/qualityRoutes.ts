// Data Quality's API: GET /api/catalog/quality/tests (filtered, paged), /summary?by=asset|domain|owner,
// /tests/:testId/history, and the profiler: POST /api/catalog/quality/profiles (a job) and
// GET /api/catalog/quality/profiles?assetId=. Whoever may open the Data Quality page may call
// them (the asset page shows profiles to them too); every answer is the caller's organisation's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

  app.get(
    '/api/catalog/quality/tests',
    { preValidation: dataQuality, schema: { querystring: qualityTestsQuery, response: { 200: qualityTestsResponse } } },
    async (request) => listTests(db, organisation(request), request.query),
  );

  app.get(
    '/api/catalog/quality/summary',
    { preValidation: dataQuality, schema: { querystring: qualitySummaryQuery, response: { 200: qualitySummaryResponse } } },
    async (request) => qualitySummary(db, organisation(request), request.query),
  );

  app.get(
    '/api/catalog/quality/tests/:testId/history',
    { preValidation: dataQuality, schema: { params: testIdParams, response: { 200: testHistoryResponse } } },
    async (request) => testHistory(db, organisation(request), request.params.testId),
  );

  app.get(
    '/api/catalog/quality/profiles',
    { preValidation: dataQuality, schema: { querystring: profileQuery, response: { 200: profilesResponse } } },
    async (request) => profilesOf(db, organisation(request), request.query.assetId),
  );

  app.post(
    '/api/catalog/quality/profiles',
    { preValidation: dataQuality, schema: { body: profileRequestBody, response: { 202: profileStartedResponse } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const jobId = await startProfile(options, organisationOf(caller), request.body.assetId, {
        subject: caller.subject,
        username: caller.username,
      });
      return reply.code(202).send({ jobId });
    },
  );
}
