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
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import { hiveEndpoints } from '@common/hive/hiveEndpoints';
import type { FaqShelf } from '../../platform/ports/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { NotificationsService } from '../../platform/notifications/index.js';
import { hiveQuestionPath } from '@common/paths';
import { acceptAnswer, answerQuestion, askQuestion, listQuestions, promoteToFaq, questionDetail, vote } from './hiveStore.js';

const questionParams = uuidParams('a question');

export function registerHiveRoutes(server: FastifyInstance, db: StoreDb, faq: FaqShelf, notifications: NotificationsService): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const hive = requireRoute('hive');

  const ep = hiveEndpoints;
  app.route({
    ...endpointRoute(ep.list, { querystring: questionListQuery, response: questionListResponse }),
    preValidation: hive,
    handler: async (request) => listQuestions(db, actorOf(request).organisation, request.query),
  });
  app.route({
    ...endpointRoute(ep.get, { params: questionParams, response: questionResponse }),
    preValidation: hive,
    handler: async (request) => ({ question: await questionDetail(db, actorOf(request), request.params.id, faq) }),
  });
  app.route({
    ...endpointRoute(ep.ask, { body: askQuestionBody, response: questionResponse }),
    preValidation: hive,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const id = await askQuestion(db, actor, request.body);
      return reply.code(201).send({ question: await questionDetail(db, actor, id, faq) });
    },
  });
  app.route({
    ...endpointRoute(ep.answer, { params: questionParams, body: answerBody, response: questionResponse }),
    preValidation: hive,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const answer = await answerQuestion(db, actor, request.params.id, request.body.body);
      // The asker hears about it (not when they answer their own question). The answer is saved
      // whatever happens to the notice.
      if (answer.question.askerSubject !== actor.subject)
        await notifications
          .notify({
            organisation: actor.organisation,
            audience: { userId: answer.question.askerSubject },
            type: 'hive_answer',
            title: `${actor.username} answered "${answer.question.title}"`,
            body: 'Read it, and accept it if it answers your question.',
            link: hiveQuestionPath(request.params.id),
            data: { questionId: request.params.id, answerId: answer.id },
          })
          .catch((error: unknown) =>
            request.log.warn({ err: error, question: request.params.id }, 'could not tell the asker of a new answer'),
          );
      return reply.code(201).send({ question: await questionDetail(db, actor, request.params.id, faq) });
    },
  });
  app.route({
    ...endpointRoute(ep.vote, { params: questionParams, body: voteBody, response: questionResponse }),
    preValidation: hive,
    handler: async (request) => {
      const actor = actorOf(request);
      await vote(db, actor, request.params.id, null, request.body.vote);
      return { question: await questionDetail(db, actor, request.params.id, faq) };
    },
  });
  app.route({
    ...endpointRoute(ep.voteOnAnswer, { params: answerIdParams, body: voteBody, response: questionResponse }),
    preValidation: hive,
    handler: async (request) => {
      const actor = actorOf(request);
      await vote(db, actor, request.params.id, request.params.answerId, request.body.vote);
      return { question: await questionDetail(db, actor, request.params.id, faq) };
    },
  });
  app.route({
    ...endpointRoute(ep.accept, { params: questionParams, body: acceptBody, response: questionResponse }),
    preValidation: hive,
    handler: async (request) => {
      const actor = actorOf(request);
      await acceptAnswer(db, actor, request.params.id, request.body.answerId);
      return { question: await questionDetail(db, actor, request.params.id, faq) };
    },
  });
  app.route({
    ...endpointRoute(ep.promote, { params: questionParams, body: promoteBody, response: z.object({ entryId: z.string() }) }),
    preValidation: hive,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      if (!canManageFaq(actor.roles)) throw new HttpError(403, 'forbidden', 'Only admins may add to the FAQ.');
      const entryId = await promoteToFaq(db, actor, request.params.id, request.body.topic, faq);
      return reply.code(201).send({ entryId });
    },
  });
}
