// Upload tokens for dbt jobs: GET/POST /api/dbt/upload-tokens and DELETE /api/dbt/upload-tokens/:id,
// for whoever may open the Catalog Settings (admin, Client-Dataworks-docs). The token itself is
// in the answer to POST only. Another organisation's token is a 404.
import type { FastifyInstance } from 'fastify';
import { dbtEndpoints as ep } from '@common/dbt/dbtEndpoints';
import { uploadTokenBody, uploadTokenCreated, uploadTokenIdParams, uploadTokenList } from '@common/dbt/uploadTokensContract';
import { actorOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../../platform/http/auth/currentAccess.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { createUploadToken, listUploadTokens, revokeUploadToken } from '../uploadTokens.js';

export function registerUploadTokenRoutes(server: FastifyInstance, db: StoreDb): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const admin = requireRoute('catalogSettings');
  // Upload tokens are credentials: issued and revoked on the caller's current roles.
  const change = requireCurrentRoute('catalogSettings');
  app.route({
    ...endpointRoute(ep.uploadTokens, { response: uploadTokenList }),
    preValidation: admin,
    handler: async (request) => ({
      tokens: await listUploadTokens(db, actorOf(request).organisation),
    }),
  });
  app.route({
    ...endpointRoute(ep.createUploadToken, { body: uploadTokenBody, response: uploadTokenCreated }),
    preValidation: change,
    handler: async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await createUploadToken(db, actorOf(request), request.body.name)),
  });
  app.route({
    ...endpointRoute(ep.revokeUploadToken, { params: uploadTokenIdParams }),
    preValidation: change,
    handler: async (request, reply) => {
      await revokeUploadToken(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
}
