// Consume: GET /api/exposures, GET /api/exposures/:uniqueId, GET /api/freshness and
// POST /api/freshness/checks (202 with the job to follow on the live channel).
import type { FastifyInstance } from 'fastify';
import { dbtEndpoints as ep } from '@common/dbt/dbtEndpoints';
import {
  exposureIdParams,
  exposureResponse,
  exposuresResponse,
  freshnessCheckResponse,
  freshnessResponse,
} from '@common/dbt/consumeContract';
import { callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { DbtService } from '../dbtService.js';
import { exposureDetail, listExposures } from '../exposures.js';
import { freshnessOverview } from '../freshnessView.js';
import type { DashboardsDirectory } from '../../../platform/ports/index.js';

/** The organisation's freshness schedule in minutes, or null when checks run only on demand. */
async function scheduleMinutes(service: DbtService, organisation: string): Promise<number | null> {
  const minutes = await service.freshnessMinutes(organisation);
  return minutes > 0 ? minutes : null;
}

export function registerConsumeRoutes(server: FastifyInstance, service: DbtService, dashboards: DashboardsDirectory): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const organisation = (request: Parameters<typeof callerOf>[0]) => organisationOf(callerOf(request));

  app.route({
    ...endpointRoute(ep.exposures, { response: exposuresResponse }),
    preValidation: requireRoute('exposures'),
    handler: async (request) => {
      const org = organisation(request);
      return listExposures(service.db, org, await service.index.get(org), dashboards);
    },
  });

  app.route({
    ...endpointRoute(ep.exposure, { params: exposureIdParams, response: exposureResponse }),
    preValidation: requireRoute('exposure'),
    handler: async (request) => {
      const org = organisation(request);
      return { exposure: await exposureDetail(service.db, org, await service.index.get(org), request.params.uniqueId, dashboards) };
    },
  });

  app.route({
    ...endpointRoute(ep.freshness, { response: freshnessResponse }),
    preValidation: requireRoute('freshness'),
    handler: async (request) => freshnessOverview(service.db, organisation(request), await scheduleMinutes(service, organisation(request))),
  });

  app.route({
    ...endpointRoute(ep.startFreshnessCheck, { response: freshnessCheckResponse }),
    preValidation: requireRoute('freshness'),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const jobId = await service.startFreshnessCheck(organisationOf(caller), caller.subject);
      return reply.code(202).send({ jobId });
    },
  });
}
