// POST /api/assistant/ask: any signed-in user may ask; what answers depends on which of the
// knowledge base, FAQ and Hive the caller may open (the access table).
import type { FastifyInstance } from 'fastify';
import { askBody, askResponse } from '@common/assistant/assistantContract';
import { callerOf, organisationOf } from '../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import type { HelpSearchSource } from '../../platform/ports/index.js';
import { answerQuestion } from './retrieval.js';

export function registerAssistantRoutes(server: FastifyInstance, sources: readonly HelpSearchSource[]): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.post('/api/assistant/ask', { schema: { body: askBody, response: { 200: askResponse } } }, async (request) => {
    const caller = callerOf(request);
    return answerQuestion(sources, organisationOf(caller), caller.roles, request.body.question);
  });
}
