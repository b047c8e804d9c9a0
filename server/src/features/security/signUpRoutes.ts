// Self sign-up (/api/security/sign-up, /api/me/…): an organisation's administrators choose the
// e-mail domains whose verified addresses may join and the everyday role they get; a signed-in
// person who belongs to no organisation sees what they may do, joins by their verified address's
// domain, or asks an organisation for an invitation (its administrators are told). The person
// routes need only a verified token: by definition the caller has no organisation and no role.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { organisationAdminRoles } from '@common/access/roleGrants';
import { accessRequestBody, joinOptions, joinResult, signUpSettings } from '@common/security/signUpContract';
import { signUpEndpoints as ep } from '@common/security/signUpEndpoints';
import { z } from 'zod';
import { callerOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import type { Caller } from '../../platform/http/auth/tokenVerifier.js';
import { requireCurrentRoute } from '../../platform/http/auth/currentAccess.js';
import { HttpError } from '../../platform/http/errors.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import type { NotificationsService } from '../../platform/notifications/index.js';
import { appPaths } from '@common/paths';
import { quotedPlainText } from '@common/text/markdownEscape';
import { securityCaller, type SecurityDeps } from './context.js';
import { audited } from './securityAudit.js';
import { organisationForEmail, recordAccessRequest, saveSignUpSettings, signUpSettingsOf } from './signUpStore.js';

/** The caller of a person route: signed in, and not yet in any organisation. */
function withoutOrganisation(request: FastifyRequest): Caller {
  const caller = callerOf(request);
  if (caller.organisation) throw new HttpError(409, 'conflict', `You already belong to the organisation ${caller.organisation}.`);
  return caller;
}

const signedIn = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
  try {
    callerOf(request);
  } catch (error) {
    return done(error as Error);
  }
  done();
};

export function registerSignUpRoutes(server: FastifyInstance, { identity, db }: SecurityDeps, notifications: NotificationsService): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpointRoute(ep.settings, { response: signUpSettings }),
    preValidation: requireRoute('securityAuthentication'),
    handler: async (request) => signUpSettingsOf(db, securityCaller(request).organisation),
  });

  app.route({
    ...endpointRoute(ep.updateSettings, { body: signUpSettings, response: signUpSettings }),
    preValidation: requireCurrentRoute('securityAuthentication'),
    handler: async (request) => {
      const caller = securityCaller(request);
      const before = await signUpSettingsOf(db, caller.organisation);
      await audited(db, caller, { action: 'sign_up.update', target: caller.organisation, details: { before, after: request.body } }, () =>
        saveSignUpSettings(db, caller.organisation, caller.username, request.body),
      );
      return signUpSettingsOf(db, caller.organisation);
    },
  });

  app.route({
    ...endpointRoute(ep.joinOptions, { response: joinOptions }),
    preValidation: signedIn,
    handler: async (request) => {
      const caller = withoutOrganisation(request);
      const match = caller.email && caller.emailVerified ? await organisationForEmail(db, caller.email) : null;
      return { email: caller.email ?? null, emailVerified: caller.emailVerified === true, organisation: match?.organisation ?? null };
    },
  });

  app.route({
    ...endpointRoute(ep.join, { response: joinResult }),
    preValidation: signedIn,
    handler: async (request) => {
      const caller = withoutOrganisation(request);
      if (!caller.email || !caller.emailVerified)
        throw new HttpError(403, 'forbidden', 'Verify your e-mail address first: follow the link sent when you signed up.');
      const match = await organisationForEmail(db, caller.email);
      if (!match)
        throw new HttpError(404, 'not_found', `No organisation lets addresses at ${caller.email.split('@').pop()} join by themselves.`);
      const actor = { organisation: match.organisation, subject: caller.subject, username: caller.username };
      await audited(
        db,
        actor,
        { action: 'member.join_by_domain', target: caller.subject, details: { email: caller.email, role: match.role } },
        () => identity.admitMember(match.organisation, caller.subject, match.role),
      );
      await notifications
        .notify({
          organisation: match.organisation,
          audience: { role: organisationAdminRoles },
          type: 'organisation_membership',
          title: `${caller.username} joined with their ${caller.email.split('@').pop()} address`,
          body: `They have the role ${match.role}. Change it in Security → Access management if needed.`,
          link: appPaths.securityIdentity,
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'could not tell the administrators about a new member'));
      return { organisation: match.organisation, role: match.role };
    },
  });

  app.route({
    ...endpointRoute(ep.requestAccess, { body: accessRequestBody, response: z.object({ sent: z.literal(true) }) }),
    preValidation: signedIn,
    handler: async (request, reply) => {
      const caller = withoutOrganisation(request);
      const { organisation, message } = request.body;
      // The same answer whether the organisation exists or not, and whether its administrators
      // were told now or earlier today: nobody learns which organisations there are by asking.
      const fresh = await recordAccessRequest(db, {
        organisation,
        subject: caller.subject,
        username: caller.username,
        email: caller.email ?? null,
        message,
      });
      if (fresh) {
        await notifications
          .notify({
            organisation,
            audience: { role: organisationAdminRoles },
            type: 'organisation_membership',
            title: `${caller.username}${caller.email ? ` (${caller.email})` : ''} asks to join your organisation`,
            // Their words stay their words: escaped, so they can put no link or formatting in an administrator's inbox.
            body: message
              ? `Their message:\n\n${quotedPlainText(message)}`
              : 'Invite them from Security → Identity management if they should have access.',
            link: appPaths.securityIdentity,
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not tell the administrators about an access request'));
      }
      return reply.code(202).send({ sent: true });
    },
  });
}
