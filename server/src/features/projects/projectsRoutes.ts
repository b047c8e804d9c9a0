// Projects (/api/projects): whoever may open /app/projects (admin, Client-Admin) manages the
// organisation's projects and the resources they group.
import type { FastifyInstance } from 'fastify';
import {
  createProjectBody,
  projectResourceBody,
  projectResponse,
  projectsResponse,
  resourceOptionsResponse,
  updateProjectBody,
} from '@common/projects/projectsContract';
import { uuidParams } from '@common/workspace/fieldRules';
import { actorOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import { projectsEndpoints } from '@common/projects/projectsEndpoints';
import type { StoreDb } from '../../platform/store/openStore.js';
import { addResource, createProject, deleteProject, listProjects, projectDetail, removeResource, updateProject } from './projectsStore.js';
import { resourceOptions, type ProjectSources } from './resourceHealth.js';

const projectParams = uuidParams('a project');

export function registerProjectRoutes(server: FastifyInstance, db: StoreDb, sources: ProjectSources): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const projects = requireRoute('projects');

  const ep = projectsEndpoints;
  app.route({
    ...endpointRoute(ep.list, { response: projectsResponse }),
    preValidation: projects,
    handler: async (request) => ({ projects: await listProjects(db, sources, actorOf(request).organisation) }),
  });
  app.route({
    ...endpointRoute(ep.resourceOptions, { response: resourceOptionsResponse }),
    preValidation: projects,
    handler: async (request) => ({ options: await resourceOptions(sources, actorOf(request).organisation) }),
  });
  app.route({
    ...endpointRoute(ep.get, { params: projectParams, response: projectResponse }),
    preValidation: projects,
    handler: async (request) => ({ project: await projectDetail(db, sources, actorOf(request).organisation, request.params.id) }),
  });
  app.route({
    ...endpointRoute(ep.create, { body: createProjectBody, response: projectResponse }),
    preValidation: projects,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const id = await createProject(db, actor, request.body);
      return reply.code(201).send({ project: await projectDetail(db, sources, actor.organisation, id) });
    },
  });
  app.route({
    ...endpointRoute(ep.update, { params: projectParams, body: updateProjectBody, response: projectResponse }),
    preValidation: projects,
    handler: async (request) => {
      const actor = actorOf(request);
      await updateProject(db, actor, request.params.id, request.body);
      return { project: await projectDetail(db, sources, actor.organisation, request.params.id) };
    },
  });
  app.route({
    ...endpointRoute(ep.remove, { params: projectParams }),
    preValidation: projects,
    handler: async (request, reply) => {
      await deleteProject(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
  app.route({
    ...endpointRoute(ep.addResource, { params: projectParams, body: projectResourceBody, response: projectResponse }),
    preValidation: projects,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      await addResource(db, sources, actor, request.params.id, request.body);
      return reply.code(201).send({ project: await projectDetail(db, sources, actor.organisation, request.params.id) });
    },
  });
  app.route({
    ...endpointRoute(ep.removeResource, { params: projectParams, querystring: projectResourceBody, response: projectResponse }),
    preValidation: projects,
    handler: async (request) => {
      const actor = actorOf(request);
      await removeResource(db, actor, request.params.id, request.query);
      return { project: await projectDetail(db, sources, actor.organisation, request.params.id) };
    },
  });
}
