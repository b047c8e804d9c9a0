// Hive's API (/api/hive): whoever may open /app/hive (user, admin) asks, answers and votes;
// the asker accepts; admins promote to the FAQ.
import type { FastifyInstance } from 'fastify';
import { canManageFaq } from '@common/access/access';
import {
  acceptBody,
  answerBody,
  answerIdParams,
  askQuestionBody,
  promoteBody,
  questionListQuery,
  questionListResponse,
  questionResponse,
  voteBody,
} from '@common/hive/hiveContract';
import { uuidParams } from '@common/workspace/fieldRules';
import { z } from 'zod';
import { actorOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { HttpError } from '../../platform/http/errors.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import type { FaqShelf } from '../../platform/ports/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { acceptAnswer, answerQuestion, askQuestion, listQuestions, promoteToFaq, questionDetail, vote } from './hiveStore.js';

const questionParams = uuidParams('a question');

export function registerHiveRoutes(server: FastifyInstance, db: StoreDb, faq: FaqShelf): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const hive = requireRoute('hive');

  app.get(
    '/api/hive/questions',
    { preValidation: hive, schema: { querystring: questionListQuery, response: { 200: questionListResponse } } },
    async (request) => listQuestions(db, actorOf(request).organisation, request.query),
  );
  app.get(
    '/api/hive/questions/:id',
    { preValidation: hive, schema: { params: questionParams, response: { 200: questionResponse } } },
    async (request) => ({
      question: await questionDetail(db, actorOf(request), request.params.id, faq),
    }),
  );
  app.post(
    '/api/hive/questions',
    { preValidation: hive, schema: { body: askQuestionBody, response: { 201: questionResponse } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await askQuestion(db, actor, request.body);
      return reply.code(201).send({ question: await questionDetail(db, actor, id, faq) });
    },
  );
  app.post(
    '/api/hive/questions/:id/answers',
    { preValidation: hive, schema: { params: questionParams, body: answerBody, response: { 201: questionResponse } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await answerQuestion(db, actor, request.params.id, request.body.body);
      return reply.code(201).send({ question: await questionDetail(db, actor, request.params.id, faq) });
    },
  );
  app.put(
    '/api/hive/questions/:id/vote',
    { preValidation: hive, schema: { params: questionParams, body: voteBody, response: { 200: questionResponse } } },
    async (request) => {
      const actor = actorOf(request);
      await vote(db, actor, request.params.id, null, request.body.vote);
      return { question: await questionDetail(db, actor, request.params.id, faq) };
    },
  );
  app.put(
    '/api/hive/questions/:id/answers/:answerId/vote',
    { preValidation: hive, schema: { params: answerIdParams, body: voteBody, response: { 200: questionResponse } } },
    async (request) => {
      const actor = actorOf(request);
      await vote(db, actor, request.params.id, request.params.answerId, request.body.vote);
      return { question: await questionDetail(db, actor, request.params.id, faq) };
    },
  );
  app.put(
    '/api/hive/questions/:id/accepted',
    { preValidation: hive, schema: { params: questionParams, body: acceptBody, response: { 200: questionResponse } } },
    async (request) => {
      const actor = actorOf(request);
      await acceptAnswer(db, actor, request.params.id, request.body.answerId);
      return { question: await questionDetail(db, actor, request.params.id, faq) };
    },
  );
  app.post(
    '/api/hive/questions/:id/promote',
    { preValidation: hive, schema: { params: questionParams, body: promoteBody, response: { 201: z.object({ entryId: z.string() }) } } },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!canManageFaq(actor.roles)) throw new HttpError(403, 'forbidden', 'Only admins may add to the FAQ.');
      const entryId = await promoteToFaq(db, actor, request.params.id, request.body.topic, faq);
      return reply.code(201).send({ entryId });
    },
  );
}
