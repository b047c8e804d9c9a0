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
import type { StoreDb } from '../../platform/store/openStore.js';
import { addResource, createProject, deleteProject, listProjects, projectDetail, removeResource, updateProject } from './projectsStore.js';
import { resourceOptions, type ProjectSources } from './resourceHealth.js';

const projectParams = uuidParams('a project');

export function registerProjectRoutes(server: FastifyInstance, db: StoreDb, sources: ProjectSources): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const projects = requireRoute('projects');

  app.get('/api/projects', { preValidation: projects, schema: { response: { 200: projectsResponse } } }, async (request) => ({
    projects: await listProjects(db, sources, actorOf(request).organisation),
  }));
  app.get(
    '/api/projects/resource-options',
    { preValidation: projects, schema: { response: { 200: resourceOptionsResponse } } },
    async (request) => ({
      options: await resourceOptions(sources, actorOf(request).organisation),
    }),
  );
  app.get(
    '/api/projects/:id',
    { preValidation: projects, schema: { params: projectParams, response: { 200: projectResponse } } },
    async (request) => ({
      project: await projectDetail(db, sources, actorOf(request).organisation, request.params.id),
    }),
  );
  app.post(
    '/api/projects',
    { preValidation: projects, schema: { body: createProjectBody, response: { 201: projectResponse } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await createProject(db, actor, request.body);
      return reply.code(201).send({ project: await projectDetail(db, sources, actor.organisation, id) });
    },
  );
  app.patch(
    '/api/projects/:id',
    { preValidation: projects, schema: { params: projectParams, body: updateProjectBody, response: { 200: projectResponse } } },
    async (request) => {
      const actor = actorOf(request);
      await updateProject(db, actor, request.params.id, request.body);
      return { project: await projectDetail(db, sources, actor.organisation, request.params.id) };
    },
  );
  app.delete('/api/projects/:id', { preValidation: projects, schema: { params: projectParams } }, async (request, reply) => {
    await deleteProject(db, actorOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.post(
    '/api/projects/:id/resources',
    { preValidation: projects, schema: { params: projectParams, body: projectResourceBody, response: { 201: projectResponse } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await addResource(db, sources, actor, request.params.id, request.body);
      return reply.code(201).send({ project: await projectDetail(db, sources, actor.organisation, request.params.id) });
    },
  );
  app.delete(
    '/api/projects/:id/resources',
    { preValidation: projects, schema: { params: projectParams, querystring: projectResourceBody, response: { 200: projectResponse } } },
    async (request) => {
      const actor = actorOf(request);
      await removeResource(db, actor, request.params.id, request.query);
      return { project: await projectDetail(db, sources, actor.organisation, request.params.id) };
    },
  );
}
