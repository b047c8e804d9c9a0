// Access management (/api/security/roles, /access-review, /audit): who holds which portal role,
// granting and revoking within what the caller may grant (common/access/roleGrants.ts), the
// access review, and the area's audit trail.
import type { FastifyInstance } from 'fastify';
import { grantableRoles, organisationAdminRoles, portalRoles } from '@common/access/roleGrants';
import { accessReview as accessReviewSchema, accessReviewQuery, member, memberRoleParams, roleOverview, securityAuditList } from '@common/security/securityContract';
import { requireRoute } from '../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { accessReview } from './accessReview.js';
import { securityCaller, type SecurityDeps } from './context.js';
import { assertCanGrant, assertCanManage, assertKeepsAnAdmin } from './memberRules.js';
import { audited, listSecurityAudit } from './securityAudit.js';

export function registerAccessRoutes(server: FastifyInstance, { identity, db }: SecurityDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const page = requireRoute('securityAccess');

  app.get('/api/security/roles', { preValidation: page, schema: { response: { 200: roleOverview } } }, async (request) => {
    const caller = securityCaller(request);
    return { holders: await identity.listRoleHolders(caller.organisation, portalRoles), grantable: grantableRoles(caller.roles), roles: portalRoles };
  });

  app.put('/api/security/members/:memberId/roles/:role', { preValidation: page, schema: { params: memberRoleParams, response: { 200: member } } }, async (request) => {
    const caller = securityCaller(request);
    const { memberId, role } = request.params;
    assertCanGrant(caller.roles, role);
    const target = await identity.getMember(caller.organisation, memberId);
    assertCanManage(caller.roles, target);
    return audited(db, caller, { action: 'role.grant', target: target.username, details: { role } }, () => identity.grantRole(caller.organisation, memberId, role));
  });

  app.delete('/api/security/members/:memberId/roles/:role', { preValidation: page, schema: { params: memberRoleParams, response: { 200: member } } }, async (request) => {
    const caller = securityCaller(request);
    const { memberId, role } = request.params;
    assertCanGrant(caller.roles, role);
    const target = await identity.getMember(caller.organisation, memberId);
    assertCanManage(caller.roles, target);
    if ((organisationAdminRoles as readonly string[]).includes(role)) {
      await assertKeepsAnAdmin(identity, caller.organisation, { ...target, roles: target.roles.filter((held) => held !== role) });
    }
    return audited(db, caller, { action: 'role.revoke', target: target.username, details: { role } }, () => identity.revokeRole(caller.organisation, memberId, role));
  });

  app.get('/api/security/access-review', { preValidation: page, schema: { querystring: accessReviewQuery, response: { 200: accessReviewSchema } } }, async (request) =>
    accessReview(identity, securityCaller(request).organisation, request.query.dormantDays));

  app.get('/api/security/audit', { preValidation: page, schema: { response: { 200: securityAuditList } } }, async (request) =>
    ({ entries: await listSecurityAudit(db, securityCaller(request).organisation) }));
}
