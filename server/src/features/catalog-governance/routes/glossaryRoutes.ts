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
import { catalogGovernanceEndpoints as ep } from '@common/catalog-governance/catalogGovernanceEndpoints';
import { assetGovernanceQuery, assetGovernanceResponse } from '@common/catalog-governance/assetContract';
import { actorOf, callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { NotificationsService } from '../../../platform/notifications/index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { TermNotices } from '../termNotices.js';
import { assetGovernance } from '../assetGovernance.js';
import { createGlossary, deleteGlossary, glossaryOf, listGlossaries, listTerms, termDetail, updateGlossary } from '../glossaryStore.js';
import { importTerms } from '../termImport.js';
import { transitionTerm } from '../termWorkflow.js';
import { createTerm, deleteTerm, linkTerm, unlinkTerm, updateTerm } from '../termWrites.js';
import { editorRolesOf, isGlossaryEditor, requireGlossaryEditor } from './callers.js';

export function registerGlossaryRoutes(
  server: FastifyInstance,
  options: { db: StoreDb; notifications: Pick<NotificationsService, 'rememberUser'> | null; notices: TermNotices },
): void {
  const { db } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogGlossary');
  const edit = [read, requireGlossaryEditor(db)];

  // The asset page's governance panel: its terms and tags.
  app.route({
    ...endpointRoute(ep.assetGovernance, { querystring: assetGovernanceQuery, response: assetGovernanceResponse }),
    preValidation: read,
    handler: async (request) => assetGovernance(db, actorOf(request).organisation, request.query.assetId),
  });

  // Reviewers are named by username: whoever opens the glossary becomes someone its notices can reach.
  app.route({
    ...endpointRoute(ep.glossaries, { response: glossaryListResponse }),
    preValidation: read,
    handler: async (request) => {
      const caller = callerOf(request);
      await options.notifications?.rememberUser({
        organisation: organisationOf(caller),
        subject: caller.subject,
        username: caller.username,
        email: caller.email ?? null,
        roles: caller.roles,
      });
      return { glossaries: await listGlossaries(db, actorOf(request).organisation), editor: await isGlossaryEditor(db, request) };
    },
  });

  app.route({
    ...endpointRoute(ep.createGlossary, { body: glossaryBody, response: z.object({ glossary: glossaryRecord }) }),
    preValidation: edit,
    handler: async (request, reply) => {
      const glossary = await createGlossary(db, actorOf(request), request.body);
      return reply.code(201).send({ glossary });
    },
  });

  app.route({
    ...endpointRoute(ep.updateGlossary, { params: glossaryIdParams, body: glossaryBody, response: z.object({ glossary: glossaryRecord }) }),
    preValidation: edit,
    handler: async (request) => ({
      glossary: await updateGlossary(db, actorOf(request), request.params.glossaryId, request.body),
    }),
  });

  app.route({
    ...endpointRoute(ep.deleteGlossary, { params: glossaryIdParams }),
    preValidation: edit,
    handler: async (request, reply) => {
      await deleteGlossary(db, actorOf(request), request.params.glossaryId);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.terms, { params: glossaryIdParams, querystring: termListQuery, response: termListResponse }),
    preValidation: read,
    handler: async (request) => {
      const { organisation } = actorOf(request);
      const glossary = await glossaryOf(db, organisation, request.params.glossaryId);
      return {
        glossary,
        terms: await listTerms(db, organisation, glossary.id, request.query),
        editor: await isGlossaryEditor(db, request),
      };
    },
  });

  app.route({
    ...endpointRoute(ep.createTerm, { params: glossaryIdParams, body: termCreateBody, response: z.object({ term: termRecord }) }),
    preValidation: edit,
    handler: async (request, reply) => {
      const term = await createTerm(db, actorOf(request), request.params.glossaryId, request.body);
      return reply.code(201).send({ term });
    },
  });

  app.route({
    ...endpointRoute(ep.importTerms, { params: glossaryIdParams, body: termImportBody, response: termImportResponse }),
    preValidation: edit,
    handler: async (request) => importTerms(db, actorOf(request), request.params.glossaryId, request.body.csv),
  });

  app.route({
    ...endpointRoute(ep.term, { params: termIdParams, response: termDetailResponse }),
    preValidation: read,
    handler: async (request) => termDetail(db, actorOf(request).organisation, request.params.termId),
  });

  app.route({
    ...endpointRoute(ep.updateTerm, { params: termIdParams, body: termUpdateBody, response: z.object({ term: termRecord }) }),
    preValidation: edit,
    handler: async (request) => ({
      term: await updateTerm(db, actorOf(request), request.params.termId, request.body),
    }),
  });

  app.route({
    ...endpointRoute(ep.deleteTerm, { params: termIdParams }),
    preValidation: edit,
    handler: async (request, reply) => {
      await deleteTerm(db, actorOf(request), request.params.termId);
      return reply.code(204).send();
    },
  });

  // Reviewers need not be editors: who may make which move is the workflow's rule (termWorkflow.ts).
  app.route({
    ...endpointRoute(ep.transitionTerm, { params: termIdParams, body: termTransitionBody, response: z.object({ term: termRecord }) }),
    preValidation: read,
    handler: async (request) => {
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
  });

  app.route({
    ...endpointRoute(ep.linkTerm, { params: termIdParams, body: termLinkBody }),
    preValidation: edit,
    handler: async (request, reply) => {
      await linkTerm(db, actorOf(request), request.params.termId, request.body.nodeId, request.body.columnName ?? null);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.unlinkTerm, { params: termIdParams, querystring: termLinkBody }),
    preValidation: edit,
    handler: async (request, reply) => {
      await unlinkTerm(db, actorOf(request), request.params.termId, request.query.nodeId, request.query.columnName ?? null);
      return reply.code(204).send();
    },
  });
}
