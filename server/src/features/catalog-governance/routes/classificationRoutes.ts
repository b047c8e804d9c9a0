// Classifications API under /api/catalog/governance/classifications: categories with their tags
// and usage, where a tag applies, applying and removing tags, and the personal-data suggestions
// (a scan on the job runner, accepted or rejected by a person). Reading is for everyone who may
// open the Classifications page; changes are for the glossary editors (the governance editors
// named in Catalog Settings). Another organisation's objects are 404.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { catalogGovernanceEndpoints as ep } from '@common/catalog-governance/catalogGovernanceEndpoints';
import {
  applicationsQuery,
  applicationsResponse,
  applyBody,
  classificationBody,
  classificationIdParams,
  classificationListResponse,
  suggestionDecisionBody,
  suggestionIdParams,
  suggestionsQuery,
  suggestionsResponse,
  tagBody,
  tagIdParams,
} from '@common/catalog-governance/classificationsContract';
import { actorOf, callerOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { JobRunner } from '../../../platform/jobs/index.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import {
  applyTag,
  createClassification,
  createTag,
  deleteClassification,
  deleteTag,
  listApplications,
  listClassifications,
  removeTag,
} from '../classificationsStore.js';
import { decideSuggestion, lastScan, listSuggestions, startScan } from '../suggestions.js';
import { isGlossaryEditor, requireGlossaryEditor } from './callers.js';

export function registerClassificationRoutes(server: FastifyInstance, options: { db: StoreDb; jobs: JobRunner }): void {
  const { db, jobs } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogClassifications');
  const edit = [read, requireGlossaryEditor(db)];
  const created = z.object({ id: z.string() });

  app.route({
    ...endpointRoute(ep.classifications, { response: classificationListResponse }),
    preValidation: read,
    handler: async (request) => ({
      classifications: await listClassifications(db, actorOf(request).organisation),
      editor: await isGlossaryEditor(db, request),
    }),
  });

  app.route({
    ...endpointRoute(ep.createClassification, { body: classificationBody, response: created }),
    preValidation: edit,
    handler: async (request, reply) => reply.code(201).send({ id: await createClassification(db, actorOf(request), request.body) }),
  });

  app.route({
    ...endpointRoute(ep.deleteClassification, { params: classificationIdParams }),
    preValidation: edit,
    handler: async (request, reply) => {
      await deleteClassification(db, actorOf(request), request.params.classificationId);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.createTag, { params: classificationIdParams, body: tagBody, response: created }),
    preValidation: edit,
    handler: async (request, reply) =>
      reply.code(201).send({ id: await createTag(db, actorOf(request), request.params.classificationId, request.body) }),
  });

  app.route({
    ...endpointRoute(ep.deleteTag, { params: tagIdParams }),
    preValidation: edit,
    handler: async (request, reply) => {
      await deleteTag(db, actorOf(request), request.params.tagId);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.applications, { querystring: applicationsQuery, response: applicationsResponse }),
    preValidation: read,
    handler: async (request) => listApplications(db, actorOf(request).organisation, request.query),
  });

  app.route({
    ...endpointRoute(ep.applyTag, { body: applyBody }),
    preValidation: edit,
    handler: async (request, reply) => {
      await applyTag(db, actorOf(request), request.body.tagId, request.body.nodeId, request.body.columnName ?? null);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.removeTag, { querystring: applyBody }),
    preValidation: edit,
    handler: async (request, reply) => {
      await removeTag(db, actorOf(request), request.query.tagId, request.query.nodeId, request.query.columnName ?? null);
      return reply.code(204).send();
    },
  });

  // A fresh organisation gets its first scan when it first looks, so suggestions are there to decide.
  app.route({
    ...endpointRoute(ep.suggestions, { querystring: suggestionsQuery, response: suggestionsResponse }),
    preValidation: read,
    handler: async (request) => {
      const { organisation } = actorOf(request);
      let scan = await lastScan(db, organisation);
      if (!scan.jobId) {
        const caller = callerOf(request);
        scan = { jobId: await startScan(jobs, organisation, { subject: caller.subject, username: caller.username }), scannedAt: null };
      }
      return { suggestions: await listSuggestions(db, organisation, request.query.state), scan };
    },
  });

  app.route({
    ...endpointRoute(ep.scanSuggestions, { response: z.object({ jobId: z.string() }) }),
    preValidation: edit,
    handler: async (request, reply) => {
      const caller = callerOf(request);
      return reply
        .code(202)
        .send({ jobId: await startScan(jobs, actorOf(request).organisation, { subject: caller.subject, username: caller.username }) });
    },
  });

  app.route({
    ...endpointRoute(ep.decideSuggestion, { params: suggestionIdParams, body: suggestionDecisionBody }),
    preValidation: edit,
    handler: async (request, reply) => {
      await decideSuggestion(db, actorOf(request), request.params.suggestionId, request.body.decision);
      return reply.code(204).send();
    },
  });
}
