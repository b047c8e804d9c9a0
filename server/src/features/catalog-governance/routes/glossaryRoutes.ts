// Glossary API under /api/catalog/governance: glossaries, their terms, one term with its links
// and history, the review moves, links to assets and columns, and CSV import. Reading is for
// everyone who may open the Glossary page; changing is for glossary editors; approving and
// rejecting for the term's reviewers and admins. Another organisation's glossary or term is a 404.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  glossaryBody,
  glossaryIdParams,
  glossaryListResponse,
  glossaryRecord,
  termCreateBody,
  termDetailResponse,
  termIdParams,
  termImportBody,
  termImportResponse,
  termLinkBody,
  termListQuery,
  termListResponse,
  termRecord,
  termTransitionBody,
  termUpdateBody,
} from '@common/catalog-governance/glossaryContract';
import { assetGovernanceQuery, assetGovernanceResponse } from '@common/catalog-governance/assetContract';
import { actorOf, callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import type { NotificationsService } from '../../../platform/notifications/index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { TermNotices } from '../termNotices.js';
import { assetGovernance } from '../assetGovernance.js';
import { createGlossary, deleteGlossary, glossaryOf, listGlossaries, listTerms, termDetail, updateGlossary } from '../glossaryStore.js';
import { importTerms } from '../termImport.js';
import { transitionTerm } from '../termWorkflow.js';
import { createTerm, deleteTerm, linkTerm, unlinkTerm, updateTerm } from '../termWrites.js';
import { editorRolesOf, isGlossaryEditor, requireGlossaryEditor } from './callers.js';

const BASE = '/api/catalog/governance';

export function registerGlossaryRoutes(
  server: FastifyInstance,
  options: { db: StoreDb; notifications: Pick<NotificationsService, 'rememberUser'> | null; notices: TermNotices },
): void {
  const { db } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogGlossary');
  const edit = [read, requireGlossaryEditor(db)];

  // The asset page's governance panel: its terms and tags.
  app.get(
    `${BASE}/asset`,
    { preValidation: read, schema: { querystring: assetGovernanceQuery, response: { 200: assetGovernanceResponse } } },
    async (request) => assetGovernance(db, actorOf(request).organisation, request.query.assetId),
  );

  // Reviewers are named by username: whoever opens the glossary becomes someone its notices can reach.
  app.get(`${BASE}/glossaries`, { preValidation: read, schema: { response: { 200: glossaryListResponse } } }, async (request) => {
    const caller = callerOf(request);
    await options.notifications?.rememberUser({
      organisation: organisationOf(caller),
      subject: caller.subject,
      username: caller.username,
      email: caller.email ?? null,
      roles: caller.roles,
    });
    return { glossaries: await listGlossaries(db, actorOf(request).organisation), editor: await isGlossaryEditor(db, request) };
  });

  app.post(
    `${BASE}/glossaries`,
    { preValidation: edit, schema: { body: glossaryBody, response: { 201: z.object({ glossary: glossaryRecord }) } } },
    async (request, reply) => {
      const glossary = await createGlossary(db, actorOf(request), request.body);
      return reply.code(201).send({ glossary });
    },
  );

  app.put(
    `${BASE}/glossaries/:glossaryId`,
    {
      preValidation: edit,
      schema: { params: glossaryIdParams, body: glossaryBody, response: { 200: z.object({ glossary: glossaryRecord }) } },
    },
    async (request) => ({
      glossary: await updateGlossary(db, actorOf(request), request.params.glossaryId, request.body),
    }),
  );

  app.delete(`${BASE}/glossaries/:glossaryId`, { preValidation: edit, schema: { params: glossaryIdParams } }, async (request, reply) => {
    await deleteGlossary(db, actorOf(request), request.params.glossaryId);
    return reply.code(204).send();
  });

  app.get(
    `${BASE}/glossaries/:glossaryId/terms`,
    { preValidation: read, schema: { params: glossaryIdParams, querystring: termListQuery, response: { 200: termListResponse } } },
    async (request) => {
      const { organisation } = actorOf(request);
      const glossary = await glossaryOf(db, organisation, request.params.glossaryId);
      return {
        glossary,
        terms: await listTerms(db, organisation, glossary.id, request.query),
        editor: await isGlossaryEditor(db, request),
      };
    },
  );

  app.post(
    `${BASE}/glossaries/:glossaryId/terms`,
    { preValidation: edit, schema: { params: glossaryIdParams, body: termCreateBody, response: { 201: z.object({ term: termRecord }) } } },
    async (request, reply) => {
      const term = await createTerm(db, actorOf(request), request.params.glossaryId, request.body);
      return reply.code(201).send({ term });
    },
  );

  app.post(
    `${BASE}/glossaries/:glossaryId/import`,
    { preValidation: edit, schema: { params: glossaryIdParams, body: termImportBody, response: { 200: termImportResponse } } },
    async (request) => importTerms(db, actorOf(request), request.params.glossaryId, request.body.csv),
  );

  app.get(
    `${BASE}/terms/:termId`,
    { preValidation: read, schema: { params: termIdParams, response: { 200: termDetailResponse } } },
    async (request) => termDetail(db, actorOf(request).organisation, request.params.termId),
  );

  app.patch(
    `${BASE}/terms/:termId`,
    { preValidation: edit, schema: { params: termIdParams, body: termUpdateBody, response: { 200: z.object({ term: termRecord }) } } },
    async (request) => ({
      term: await updateTerm(db, actorOf(request), request.params.termId, request.body),
    }),
  );

  app.delete(`${BASE}/terms/:termId`, { preValidation: edit, schema: { params: termIdParams } }, async (request, reply) => {
    await deleteTerm(db, actorOf(request), request.params.termId);
    return reply.code(204).send();
  });

  // Reviewers need not be editors: who may make which move is the workflow's rule (termWorkflow.ts).
  app.post(
    `${BASE}/terms/:termId/transitions`,
    { preValidation: read, schema: { params: termIdParams, body: termTransitionBody, response: { 200: z.object({ term: termRecord }) } } },
    async (request) => {
      const actor = actorOf(request);
      const { term, from } = await transitionTerm(
        db,
        actor,
        await editorRolesOf(db, actor.organisation),
        request.params.termId,
        request.body,
      );
      await options.notices(actor, term, from);
      return { term };
    },
  );

  app.post(
    `${BASE}/terms/:termId/links`,
    { preValidation: edit, schema: { params: termIdParams, body: termLinkBody } },
    async (request, reply) => {
      await linkTerm(db, actorOf(request), request.params.termId, request.body.nodeId, request.body.columnName ?? null);
      return reply.code(204).send();
    },
  );

  app.delete(
    `${BASE}/terms/:termId/links`,
    { preValidation: edit, schema: { params: termIdParams, querystring: termLinkBody } },
    async (request, reply) => {
      await unlinkTerm(db, actorOf(request), request.params.termId, request.query.nodeId, request.query.columnName ?? null);
      return reply.code(204).send();
    },
  );
}
