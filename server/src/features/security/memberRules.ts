// The organisation's rules on top of what the identity service allows: an administrator acts
// only on members whose roles are at or below their own, grants only such roles
// (common/access/roleGrants.ts), and nobody removes the organisation's last enabled
// administrator — by revoking the role or by disabling the account, their own included.
// Membership changes run these checks again inside the organisation's membership lock
// (assertStillAllowed), so concurrent changes cannot each pass a check the other invalidates.
import { canOpen } from '@common/access/access';
import { canGrantRole, grantingLevel, isPortalRole, organisationAdminRoles, portalRoleLevels } from '@common/access/roleGrants';
import type { AppRouteId } from '@common/paths';
import { SecurityRuleError } from './errors.js';
import type { IdentityMember, IdentityService } from './identityService.js';

/** The member's highest portal-role level (0 when they hold none). */
function memberLevel(member: IdentityMember): number {
  return Math.max(0, ...member.roles.filter(isPortalRole).map((role) => portalRoleLevels[role]));
}

export function assertCanManage(callerRoles: readonly string[], member: IdentityMember): void {
  if (memberLevel(member) > grantingLevel(callerRoles)) {
    throw new SecurityRuleError(
      `${member.username} holds a role above yours; only a platform administrator may change this account.`,
      'forbidden',
    );
  }
}

export function assertCanGrant(callerRoles: readonly string[], role: string): void {
  if (!isPortalRole(role)) throw new SecurityRuleError(`"${role}" is not a portal role.`, 'forbidden', 'role');
  if (!canGrantRole(callerRoles, role))
    throw new SecurityRuleError(`You may not grant or revoke "${role}": it is above your own roles.`, 'forbidden', 'role');
}

function isAdmin(member: IdentityMember): boolean {
  return member.enabled && member.roles.some((role) => (organisationAdminRoles as readonly string[]).includes(role));
}

/**
 * Refuses a change after which the organisation would have no enabled administrator:
 * `target` is the member as they would be after the change.
 */
export async function assertKeepsAnAdmin(identity: IdentityService, organisation: string, target: IdentityMember): Promise<void> {
  if (isAdmin(target)) return;
  const holders = await identity.listRoleHolders(organisation, organisationAdminRoles);
  const others = [...new Set(holders.map((holder) => holder.memberId))].filter((id) => id !== target.id);
  for (const id of others) {
    if (isAdmin(await identity.getMember(organisation, id))) return;
  }
  throw new SecurityRuleError(
    `${target.username} is the last administrator of the organisation; make someone else an administrator first.`,
    'conflict',
  );
}

/**
 * The rules again inside the organisation's membership lock, on what the identity service holds
 * at that moment: the caller's current roles (they may have been demoted by a change that held
 * the lock just before) and the member as they are now. `after` gives the member as the change
 * would leave them, for the last-administrator rule; `role` is the role granted or revoked.
 */
export async function assertStillAllowed(
  identity: IdentityService,
  caller: { organisation: string; subject: string },
  page: AppRouteId,
  memberId: string,
  change: { role?: string; after?: (member: IdentityMember) => IdentityMember } = {},
): Promise<void> {
  const access = await identity.currentAccess(caller.organisation, caller.subject);
  if (!access?.enabled || !canOpen(access.roles, page)) {
    throw new SecurityRuleError(
      'Your roles have changed and no longer allow this change. Sign in again to see what you may do now.',
      'forbidden',
    );
  }
  const member = await identity.getMember(caller.organisation, memberId);
  if (change.role !== undefined) assertCanGrant(access.roles, change.role);
  assertCanManage(access.roles, member);
  if (change.after) await assertKeepsAnAdmin(identity, caller.organisation, change.after(member));
}
