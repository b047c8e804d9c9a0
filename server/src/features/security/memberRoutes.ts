// Identity management (/api/security/members, /sessions, /groups): the organisation's members,
// invitations, enabling and disabling, password and one-time-code resets, groups, and each
// member's sessions with revoke and "sign out everywhere". Revoking and signing out are
// recorded in the portal store too, so the member's next API call is refused
// (platform/http/auth/revocations.ts); disabling signs the member out everywhere as well.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  groupList,
  invitationRequest,
  invitationResult,
  member,
  memberGroupParams,
  memberIdParams,
  memberPage,
  memberQuery,
  sessionIdParams,
  sessionList,
  signOutEverywhereResult,
} from '@common/security/securityContract';
import { securityEndpoints as ep } from '@common/security/securityEndpoints';
import { requireRoute } from '../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../platform/http/auth/currentAccess.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { securityCaller, type SecurityDeps } from './context.js';
import { assertCanGrant, assertCanManage, assertStillAllowed } from './memberRules.js';
import { audited, membershipLock } from './securityAudit.js';
import { endingSessions, recordCutOff } from './sessionCutOff.js';

export function registerMemberRoutes(server: FastifyInstance, { identity, db, revocations, invitations }: SecurityDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const page = requireRoute('securityIdentity');
  // Every change is authorised on the caller's current roles in the identity service.
  const change = requireCurrentRoute('securityIdentity');

  /** The member, after checking the caller may act on them (404 for another organisation's). */
  async function manageable(request: Parameters<typeof securityCaller>[0], memberId: string) {
    const caller = securityCaller(request);
    const target = await identity.getMember(caller.organisation, memberId);
    assertCanManage(caller.roles, target);
    return { caller, target };
  }

  app.route({
    ...endpointRoute(ep.members, { querystring: memberQuery, response: memberPage }),
    preValidation: page,
    handler: async (request) => identity.listMembers(securityCaller(request).organisation, request.query),
  });

  app.route({
    ...endpointRoute(ep.member, { params: memberIdParams, response: member }),
    preValidation: page,
    handler: async (request) => identity.getMember(securityCaller(request).organisation, request.params.memberId),
  });

  app.route({
    ...endpointRoute(ep.invite, { body: invitationRequest, response: invitationResult }),
    preValidation: change,
    handler: async (request, reply) => {
      const caller = securityCaller(request);
      for (const role of request.body.roles) assertCanGrant(caller.roles, role);
      const result = await audited(
        db,
        caller,
        {
          action: 'member.invite',
          target: request.body.username,
          details: { email: request.body.email, roles: request.body.roles, groups: request.body.groups },
        },
        () => identity.inviteMember(caller.organisation, request.body),
      );
      // Sent by e-mail when the portal can: the link then reaches only the new member.
      if (result.actionLink && (await invitations.send(result.member, result.actionLink, caller.organisation))) {
        return reply.code(201).send({ ...result, actionLink: null, emailSent: true });
      }
      return reply.code(201).send(result);
    },
  });

  app.route({
    ...endpointRoute(ep.disable, { params: memberIdParams, response: member }),
    preValidation: change,
    handler: async (request) => {
      const { caller, target } = await manageable(request, request.params.memberId);
      // Disabled means signed out now: the member's tokens are refused from this moment.
      const { result: disabled } = await audited(
        db,
        caller,
        { action: 'member.disable', target: target.username },
        () => endingSessions(identity, caller.organisation, target.id, () => identity.disableMember(caller.organisation, target.id)),
        {
          alongside: (tx, { cutOff }) => recordCutOff(revocations, cutOff, tx),
          lock: {
            name: membershipLock(caller.organisation),
            check: () =>
              assertStillAllowed(identity, caller, 'securityIdentity', target.id, { after: (member) => ({ ...member, enabled: false }) }),
          },
        },
      );
      return disabled;
    },
  });

  app.route({
    ...endpointRoute(ep.enable, { params: memberIdParams, response: member }),
    preValidation: change,
    handler: async (request) => {
      const { caller, target } = await manageable(request, request.params.memberId);
      return audited(
        db,
        caller,
        { action: 'member.enable', target: target.username },
        () => identity.enableMember(caller.organisation, target.id),
        {
          lock: {
            name: membershipLock(caller.organisation),
            check: () => assertStillAllowed(identity, caller, 'securityIdentity', target.id),
          },
        },
      );
    },
  });

  app.route({
    ...endpointRoute(ep.resetPassword, { params: memberIdParams, response: member }),
    preValidation: change,
    handler: async (request) => {
      const { caller, target } = await manageable(request, request.params.memberId);
      return audited(db, caller, { action: 'member.require_password_reset', target: target.username }, () =>
        identity.requirePasswordReset(caller.organisation, target.id),
      );
    },
  });

  app.route({
    ...endpointRoute(ep.resetMfa, { params: memberIdParams, response: member }),
    preValidation: change,
    handler: async (request) => {
      const { caller, target } = await manageable(request, request.params.memberId);
      return audited(db, caller, { action: 'member.reset_mfa', target: target.username }, () =>
        identity.resetMfa(caller.organisation, target.id),
      );
    },
  });

  app.route({
    ...endpointRoute(ep.groups, { response: groupList }),
    preValidation: page,
    handler: async (request) => ({
      groups: await identity.listGroups(securityCaller(request).organisation),
    }),
  });

  app.route({
    ...endpointRoute(ep.addToGroup, { params: memberGroupParams, response: member }),
    preValidation: change,
    handler: async (request) => {
      const { caller, target } = await manageable(request, request.params.memberId);
      return audited(db, caller, { action: 'member.group_add', target: target.username, details: { group: request.params.groupId } }, () =>
        identity.addToGroup(caller.organisation, target.id, request.params.groupId),
      );
    },
  });

  app.route({
    ...endpointRoute(ep.removeFromGroup, { params: memberGroupParams, response: member }),
    preValidation: change,
    handler: async (request) => {
      const { caller, target } = await manageable(request, request.params.memberId);
      return audited(
        db,
        caller,
        { action: 'member.group_remove', target: target.username, details: { group: request.params.groupId } },
        () => identity.removeFromGroup(caller.organisation, target.id, request.params.groupId),
      );
    },
  });

  app.route({
    ...endpointRoute(ep.sessions, { querystring: z.object({ memberId: z.string().max(200).optional() }), response: sessionList }),
    preValidation: page,
    handler: async (request) => {
      const caller = securityCaller(request);
      if (request.query.memberId) await identity.getMember(caller.organisation, request.query.memberId);
      return { sessions: await identity.listSessions(caller.organisation, request.query.memberId) };
    },
  });

  app.route({
    ...endpointRoute(ep.revokeSession, { params: sessionIdParams, response: z.object({ sessionId: z.string(), memberId: z.string() }) }),
    preValidation: change,
    handler: async (request) => {
      const caller = securityCaller(request);
      const session = (await identity.listSessions(caller.organisation)).find((entry) => entry.id === request.params.sessionId);
      if (session) assertCanManage(caller.roles, await identity.getMember(caller.organisation, session.memberId));
      return audited(
        db,
        caller,
        { action: 'session.revoke', target: session?.username ?? request.params.sessionId, details: { session: request.params.sessionId } },
        () => identity.revokeSession(caller.organisation, request.params.sessionId),
        {
          alongside: (tx, revoked) =>
            revocations.revokeSession({ sid: revoked.sessionId, organisation: caller.organisation, subject: revoked.memberId }, tx),
        },
      );
    },
  });

  app.route({
    ...endpointRoute(ep.signOutEverywhere, { params: memberIdParams, response: signOutEverywhereResult }),
    preValidation: change,
    handler: async (request) => {
      const { caller, target } = await manageable(request, request.params.memberId);
      const { result } = await audited(
        db,
        caller,
        { action: 'member.sign_out_everywhere', target: target.username },
        () => endingSessions(identity, caller.organisation, target.id, () => identity.signOutEverywhere(caller.organisation, target.id)),
        { alongside: (tx, { cutOff }) => recordCutOff(revocations, cutOff, tx) },
      );
      return result;
    },
  });
}
