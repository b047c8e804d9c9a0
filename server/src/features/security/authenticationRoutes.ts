// Authentication (/api/security/policy, /events, /platform-settings): the organisation's
// sign-in policy (require one-time codes, session idle and maximum lifetimes), the sign-in
// event log, and the platform-wide settings shown read-only.
import type { FastifyInstance } from 'fastify';
import { platformSettings, signInEventPage, signInEventQuery, signInPolicy } from '@common/security/securityContract';
import { securityEndpoints as ep } from '@common/security/securityEndpoints';
import { requireRoute } from '../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../platform/http/auth/currentAccess.js';
import { HttpError } from '../../platform/http/errors.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { securityCaller, type SecurityDeps } from './context.js';
import { audited } from './securityAudit.js';

export function registerAuthenticationRoutes(server: FastifyInstance, { identity, db }: SecurityDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const page = requireRoute('securityAuthentication');

  app.route({
    ...endpointRoute(ep.policy, { response: signInPolicy }),
    preValidation: page,
    handler: async (request) => identity.getSignInPolicy(securityCaller(request).organisation),
  });

  app.route({
    ...endpointRoute(ep.updatePolicy, { body: signInPolicy, response: signInPolicy }),
    preValidation: requireCurrentRoute('securityAuthentication'),
    handler: async (request) => {
      const caller = securityCaller(request);
      const policy = request.body;
      if (policy.sessionIdleSeconds > policy.sessionMaxSeconds) {
        throw new HttpError(400, 'invalid_request', 'sessionIdleSeconds cannot be longer than sessionMaxSeconds.', 'sessionIdleSeconds');
      }
      const before = await identity.getSignInPolicy(caller.organisation);
      return audited(db, caller, { action: 'policy.update', target: caller.organisation, details: { before, after: policy } }, () =>
        identity.updateSignInPolicy(caller.organisation, policy),
      );
    },
  });

  app.route({
    ...endpointRoute(ep.events, { querystring: signInEventQuery, response: signInEventPage }),
    preValidation: page,
    handler: async (request) => {
      const { type, memberId, from, to, first, max } = request.query;
      return identity.querySignInEvents(securityCaller(request).organisation, {
        types: type === undefined ? undefined : Array.isArray(type) ? type : [type],
        memberId,
        from,
        to,
        first,
        max,
      });
    },
  });

  app.route({
    ...endpointRoute(ep.platformSettings, { response: platformSettings }),
    preValidation: page,
    handler: async () => identity.getPlatformSettings(),
  });
}
