// POST /api/assistant/ask: any signed-in user may ask; what answers depends on which of the
// knowledge base, FAQ and Hive the caller may open (the access table), and whether they may open
// the Cost page (a question about the bill going up is answered with its figures).
import type { FastifyInstance } from 'fastify';
import { askBody, askResponse } from '@common/assistant/assistantContract';
import { callerOf, organisationOf } from '../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import { assistantEndpoints } from '@common/assistant/assistantEndpoints';
import type { CostFigures, HelpSearchSource } from '../../platform/ports/index.js';
import { answerQuestion } from './retrieval.js';

export function registerAssistantRoutes(
  server: FastifyInstance,
  sources: readonly HelpSearchSource[],
  figures: CostFigures | null = null,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...endpointRoute(assistantEndpoints.ask, { body: askBody, response: askResponse }),
    handler: async (request) => {
      const caller = callerOf(request);
      return answerQuestion(sources, organisationOf(caller), caller.roles, request.body.question, figures);
    },
  });
}
