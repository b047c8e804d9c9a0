// The knowledge base (/api/kb/articles) and the FAQ (/api/faq). Reading follows the pages'
// rules in the access table; writing articles is for knowledge editors, the FAQ for admins.
import type { FastifyInstance } from 'fastify';
import { canEditKnowledge, canManageFaq } from '@common/access/access';
import {
  articleListQuery,
  articleListResponse,
  articleResponse,
  articleVoteBody,
  createArticleBody,
  createFaqBody,
  faqEntryResponse,
  faqListQuery,
  faqListResponse,
  updateArticleBody,
  updateFaqBody,
} from '@common/knowledge/knowledgeContract';
import { uuidParams } from '@common/workspace/fieldRules';
import { actorOf, requireRoute, type RequestActor } from '../../platform/http/auth/authenticate.js';
import { HttpError } from '../../platform/http/errors.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import { knowledgeEndpoints } from '@common/knowledge/knowledgeEndpoints';
import type { StoreDb } from '../../platform/store/openStore.js';
import { articleDetail, createArticle, deleteArticle, listArticles, updateArticle, voteOnArticle } from './articlesStore.js';
import { createFaq, deleteFaq, listFaq, updateFaq } from './faqStore.js';

const articleParams = uuidParams('an article');
const faqParams = uuidParams('an FAQ entry');

function requireEditor(actor: RequestActor): void {
  if (!canEditKnowledge(actor.roles))
    throw new HttpError(403, 'forbidden', 'Only knowledge base editors (admin, Client-Dataworks-docs) may change articles.');
}

function requireFaqManager(actor: RequestActor): void {
  if (!canManageFaq(actor.roles)) throw new HttpError(403, 'forbidden', 'Only admins may change the FAQ.');
}

export function registerKnowledgeRoutes(server: FastifyInstance, db: StoreDb): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const kb = requireRoute('knowledgebase');
  const faq = requireRoute('faq');
  const ep = knowledgeEndpoints;

  app.route({
    ...endpointRoute(ep.articles, { querystring: articleListQuery, response: articleListResponse }),
    preValidation: kb,
    handler: async (request) => listArticles(db, actorOf(request), request.query),
  });
  app.route({
    ...endpointRoute(ep.article, { params: articleParams, response: articleResponse }),
    preValidation: kb,
    handler: async (request) => ({
      article: await articleDetail(db, actorOf(request), request.params.id),
    }),
  });
  app.route({
    ...endpointRoute(ep.createArticle, { body: createArticleBody, response: articleResponse }),
    preValidation: kb,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      requireEditor(actor);
      const id = await createArticle(db, actor, request.body);
      return reply.code(201).send({ article: await articleDetail(db, actor, id) });
    },
  });
  app.route({
    ...endpointRoute(ep.updateArticle, { params: articleParams, body: updateArticleBody, response: articleResponse }),
    preValidation: kb,
    handler: async (request) => {
      const actor = actorOf(request);
      requireEditor(actor);
      await updateArticle(db, actor, request.params.id, request.body);
      return { article: await articleDetail(db, actor, request.params.id) };
    },
  });
  app.route({
    ...endpointRoute(ep.deleteArticle, { params: articleParams }),
    preValidation: kb,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      requireEditor(actor);
      await deleteArticle(db, actor, request.params.id);
      return reply.code(204).send();
    },
  });
  app.route({
    ...endpointRoute(ep.voteOnArticle, { params: articleParams, body: articleVoteBody, response: articleResponse }),
    preValidation: kb,
    handler: async (request) => {
      const actor = actorOf(request);
      await voteOnArticle(db, actor, request.params.id, request.body.helpful);
      return { article: await articleDetail(db, actor, request.params.id) };
    },
  });

  app.route({
    ...endpointRoute(ep.faq, { querystring: faqListQuery, response: faqListResponse }),
    preValidation: faq,
    handler: async (request) => {
      const actor = actorOf(request);
      return { entries: await listFaq(db, actor.organisation, request.query.q), canManage: canManageFaq(actor.roles) };
    },
  });
  app.route({
    ...endpointRoute(ep.createFaq, { body: createFaqBody, response: faqEntryResponse }),
    preValidation: faq,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      requireFaqManager(actor);
      return reply.code(201).send({ entry: await createFaq(db, actor, request.body) });
    },
  });
  app.route({
    ...endpointRoute(ep.updateFaq, { params: faqParams, body: updateFaqBody, response: faqEntryResponse }),
    preValidation: faq,
    handler: async (request) => {
      const actor = actorOf(request);
      requireFaqManager(actor);
      return { entry: await updateFaq(db, actor, request.params.id, request.body) };
    },
  });
  app.route({
    ...endpointRoute(ep.deleteFaq, { params: faqParams }),
    preValidation: faq,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      requireFaqManager(actor);
      await deleteFaq(db, actor, request.params.id);
      return reply.code(204).send();
    },
  });
}
