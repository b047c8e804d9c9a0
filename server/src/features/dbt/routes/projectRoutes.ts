// GET /api/dbt/projects (the organisation's dbt projects, their current ingestions and the
// cross-project refs between them) and DELETE /api/dbt/projects/:project (removes exactly that
// project's rows). Reading is for catalog readers and uploaders; deleting is for those who may
// open Catalog Settings, where the list is shown.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { projectName, projectsResponse } from '@common/dbt/artifactsContract';
import { dbtEndpoints as ep } from '@common/dbt/dbtEndpoints';
import { apiAccessRules, canAccess } from '@common/access/access';
import { accessCheck, actorOf, callerOf, organisationOf } from '../../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../../platform/http/auth/currentAccess.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import type { DbtService } from '../dbtService.js';
import { listProjects } from '../projects.js';

export function registerProjectRoutes(server: FastifyInstance, service: DbtService): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const mayReadCatalog = accessCheck(['catalogExplore', 'catalogAssets']);
  const mayRead = async (request: FastifyRequest, _reply: FastifyReply) => {
    const caller = callerOf(request);
    if (canAccess(caller.roles, apiAccessRules.dbtUpload)) organisationOf(caller);
    else mayReadCatalog(request);
  };
  app.route({
    ...endpointRoute(ep.projects, { response: projectsResponse }),
    preValidation: mayRead,
    handler: async (request) => ({ projects: await listProjects(service.db, organisationOf(callerOf(request))) }),
  });

  app.route({
    ...endpointRoute(ep.deleteProject, { params: z.strictObject({ project: projectName }) }),
    // Destructive: decided on the caller's current roles, as upload tokens are.
    preValidation: requireCurrentRoute('catalogSettings'),
    handler: async (request, reply) => {
      const actor = actorOf(request);
      await service.deleteProject(actor.organisation, request.params.project, actor);
      return reply.code(204).send();
    },
  });
}
