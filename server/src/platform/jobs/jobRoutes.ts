// The job API every product area shares: a page that started a job reads it here and may
// cancel it. Jobs are scoped to the caller's organisation; another organisation's job answers
// 404 exactly like a missing one, so ids cannot be probed across organisations.
import type { FastifyInstance } from 'fastify';
import { jobIdParams } from '@common/jobs/jobsSchemas';
import { hasAnyRole } from '@common/access/editions';
import { callerOf, organisationOf } from '../http/auth/authenticate.js';
import { HttpError } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zodTypeProvider.js';
import { endpointRoute } from '../http/endpointRoute.js';
import { jobsEndpoints as ep } from '@common/jobs/jobsEndpoints';
import type { JobRunner } from './jobRunner.js';

/** Realm roles that may cancel any job of their organisation, not only their own. */
export const JOB_ADMIN_ROLES = ['admin', 'Client-Admin'] as const;

const notFound = () => new HttpError(404, 'not_found', 'There is no such job.');

export function registerJobRoutes(server: FastifyInstance, runner: JobRunner): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...endpointRoute(ep.get, { params: jobIdParams }),
    handler: async (request) => {
      const organisation = organisationOf(callerOf(request));
      const { id } = request.params;
      const job = await runner.get(id, organisation);
      if (!job) throw notFound();
      return { job };
    },
  });

  app.route({
    ...endpointRoute(ep.cancel, { params: jobIdParams }),
    handler: async (request) => {
      const caller = callerOf(request);
      const organisation = organisationOf(caller);
      const { id } = request.params;
      const job = await runner.get(id, organisation);
      if (!job) throw notFound();
      const startedIt = job.startedBy !== null && job.startedBy === caller.subject;
      if (!startedIt && !hasAnyRole(caller.roles, JOB_ADMIN_ROLES)) {
        throw new HttpError(403, 'forbidden', 'Only the user who started this job or an administrator of your organisation may cancel it.');
      }
      const cancelled = await runner.cancel(id, organisation);
      if (!cancelled) throw notFound();
      return { job: cancelled };
    },
  });
}
