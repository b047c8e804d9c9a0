// Classifications API under /api/catalog/governance/classifications: categories with their tags
// and usage, where a tag applies, applying and removing tags, and the personal-data suggestions
// (a scan on the job runner, accepted or rejected by a person). Reading is for everyone who may
// open the Classifications page; changes are for the glossary editors (the governance editors
// named in Catalog Settings). Another organisation's objects are 404.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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

const BASE = '/api/catalog/governance/classifications';

export function registerClassificationRoutes(server: FastifyInstance, options: { db: StoreDb; jobs: JobRunner }): void {
  const { db, jobs } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogClassifications');
  const edit = [read, requireGlossaryEditor(db)];
  const created = z.object({ id: z.string() });

  app.get(BASE, { preValidation: read, schema: { response: { 200: classificationListResponse } } }, async (request) => ({
    classifications: await listClassifications(db, actorOf(request).organisation),
    editor: await isGlossaryEditor(db, request),
  }));

  app.post(BASE, { preValidation: edit, schema: { body: classificationBody, response: { 201: created } } }, async (request, reply) =>
    reply.code(201).send({ id: await createClassification(db, actorOf(request), request.body) }),
  );

  app.delete(`${BASE}/:classificationId`, { preValidation: edit, schema: { params: classificationIdParams } }, async (request, reply) => {
    await deleteClassification(db, actorOf(request), request.params.classificationId);
    return reply.code(204).send();
  });

  app.post(
    `${BASE}/:classificationId/tags`,
    { preValidation: edit, schema: { params: classificationIdParams, body: tagBody, response: { 201: created } } },
    async (request, reply) =>
      reply.code(201).send({ id: await createTag(db, actorOf(request), request.params.classificationId, request.body) }),
  );

  app.delete(`${BASE}/tags/:tagId`, { preValidation: edit, schema: { params: tagIdParams } }, async (request, reply) => {
    await deleteTag(db, actorOf(request), request.params.tagId);
    return reply.code(204).send();
  });

  app.get(
    `${BASE}/applications`,
    { preValidation: read, schema: { querystring: applicationsQuery, response: { 200: applicationsResponse } } },
    async (request) => listApplications(db, actorOf(request).organisation, request.query),
  );

  app.post(`${BASE}/applications`, { preValidation: edit, schema: { body: applyBody } }, async (request, reply) => {
    await applyTag(db, actorOf(request), request.body.tagId, request.body.nodeId, request.body.columnName ?? null);
    return reply.code(204).send();
  });

  app.delete(`${BASE}/applications`, { preValidation: edit, schema: { querystring: applyBody } }, async (request, reply) => {
    await removeTag(db, actorOf(request), request.query.tagId, request.query.nodeId, request.query.columnName ?? null);
    return reply.code(204).send();
  });

  // A fresh organisation gets its first scan when it first looks, so suggestions are there to decide.
  app.get(
    `${BASE}/suggestions`,
    { preValidation: read, schema: { querystring: suggestionsQuery, response: { 200: suggestionsResponse } } },
    async (request) => {
      const { organisation } = actorOf(request);
      let scan = await lastScan(db, organisation);
      if (!scan.jobId) {
        const caller = callerOf(request);
        scan = { jobId: await startScan(jobs, organisation, { subject: caller.subject, username: caller.username }), scannedAt: null };
      }
      return { suggestions: await listSuggestions(db, organisation, request.query.state), scan };
    },
  );

  app.post(
    `${BASE}/suggestions/scan`,
    { preValidation: edit, schema: { response: { 202: z.object({ jobId: z.string() }) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      return reply
        .code(202)
        .send({ jobId: await startScan(jobs, actorOf(request).organisation, { subject: caller.subject, username: caller.username }) });
    },
  );

  app.post(
    `${BASE}/suggestions/:suggestionId/decision`,
    { preValidation: edit, schema: { params: suggestionIdParams, body: suggestionDecisionBody } },
    async (request, reply) => {
      await decideSuggestion(db, actorOf(request), request.params.suggestionId, request.body.decision);
      return reply.code(204).send();
    },
  );
}
