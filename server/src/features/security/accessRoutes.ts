// Access management (/api/security/roles, /access-review, /audit): who holds which portal role,
// granting and revoking within what the caller may grant (common/access/roleGrants.ts), the
// access review, and the area's audit trail.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { grantableRoles, organisationAdminRoles, portalRoles } from '@common/access/roleGrants';
import {
  accessReview as accessReviewSchema,
  accessReviewQuery,
  member,
  memberRoleParams,
  roleOverview,
  securityAuditList,
} from '@common/security/securityContract';
import { securityEndpoints as ep } from '@common/security/securityEndpoints';
import { requireRoute } from '../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../platform/http/auth/currentAccess.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { accessReview } from './accessReview.js';
import { securityCaller, type SecurityDeps } from './context.js';
import { assertCanGrant, assertCanManage, assertStillAllowed } from './memberRules.js';
import { audited, listSecurityAudit, membershipLock } from './securityAudit.js';
import { endingSessions, recordCutOff } from './sessionCutOff.js';

export function registerAccessRoutes(server: FastifyInstance, { identity, db, revocations }: SecurityDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const page = requireRoute('securityAccess');
  const change = requireCurrentRoute('securityAccess');

  app.route({
    ...endpointRoute(ep.roles, { response: roleOverview }),
    preValidation: page,
    handler: async (request) => {
      const caller = securityCaller(request);
      return {
        holders: await identity.listRoleHolders(caller.organisation, portalRoles),
        grantable: grantableRoles(caller.roles),
        roles: portalRoles,
      };
    },
  });

  // A role change ends the member's sessions: their tokens carry the roles they had, so from now
  // on the portal refuses them (each ended session's `sid`, and a not-before time for tokens
  // without one) and the member signs in again with the roles they hold now; a token of that new
  // sign-in is good at once, even within the same second. The change and its checks hold the
  // organisation's membership lock.
  async function changeRole(request: FastifyRequest, { memberId, role }: { memberId: string; role: string }, grant: boolean) {
    const caller = securityCaller(request);
    assertCanGrant(caller.roles, role);
    const target = await identity.getMember(caller.organisation, memberId);
    assertCanManage(caller.roles, target);
    const revokesAdmin = !grant && (organisationAdminRoles as readonly string[]).includes(role);
    const { result: changed } = await audited(
      db,
      caller,
      { action: grant ? 'role.grant' : 'role.revoke', target: target.username, details: { role } },
      async () => {
        const member = grant
          ? await identity.grantRole(caller.organisation, memberId, role)
          : await identity.revokeRole(caller.organisation, memberId, role);
        return endingSessions(identity, caller.organisation, memberId, async () => {
          await identity.signOutEverywhere(caller.organisation, memberId);
          return member;
        });
      },
      {
        alongside: (tx, { cutOff }) => recordCutOff(revocations, cutOff, tx),
        lock: {
          name: membershipLock(caller.organisation),
          check: () =>
            assertStillAllowed(identity, caller, 'securityAccess', memberId, {
              role,
              after: revokesAdmin ? (member) => ({ ...member, roles: member.roles.filter((held) => held !== role) }) : undefined,
            }),
        },
      },
    );
    return changed;
  }

  app.route({
    ...endpointRoute(ep.grantRole, { params: memberRoleParams, response: member }),
    preValidation: change,
    handler: async (request) => changeRole(request, request.params, true),
  });

  app.route({
    ...endpointRoute(ep.revokeRole, { params: memberRoleParams, response: member }),
    preValidation: change,
    handler: async (request) => changeRole(request, request.params, false),
  });

  app.route({
    ...endpointRoute(ep.accessReview, { querystring: accessReviewQuery, response: accessReviewSchema }),
    preValidation: page,
    handler: async (request) => accessReview(identity, securityCaller(request).organisation, request.query.dormantDays),
  });

  app.route({
    ...endpointRoute(ep.audit, { response: securityAuditList }),
    preValidation: page,
    handler: async (request) => ({
      entries: await listSecurityAudit(db, securityCaller(request).organisation),
    }),
  });
}
