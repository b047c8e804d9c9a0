// The organisation's rules on top of what the identity service allows: an administrator acts
// only on members whose roles are at or below their own, grants only such roles
// (common/access/roleGrants.ts), and nobody removes the organisation's last enabled
// administrator — by revoking the role or by disabling the account, their own included.
import { canGrantRole, grantingLevel, isPortalRole, organisationAdminRoles, portalRoleLevels } from '@common/access/roleGrants';
import { SecurityRuleError } from './errors.js';
import type { IdentityMember, IdentityService } from './identityService.js';

/** The member's highest portal-role level (0 when they hold none). */
function memberLevel(member: IdentityMember): number {
  return Math.max(0, ...member.roles.filter(isPortalRole).map((role) => portalRoleLevels[role]));
}

export function assertCanManage(callerRoles: readonly string[], member: IdentityMember): void {
  if (memberLevel(member) > grantingLevel(callerRoles)) {
    throw new SecurityRuleError(`${member.username} holds a role above yours; only a platform administrator may change this account.`, 'forbidden');
  }
}

export function assertCanGrant(callerRoles: readonly string[], role: string): void {
  if (!isPortalRole(role)) throw new SecurityRuleError(`"${role}" is not a portal role.`, 'forbidden', 'role');
  if (!canGrantRole(callerRoles, role)) throw new SecurityRuleError(`You may not grant or revoke "${role}": it is above your own roles.`, 'forbidden', 'role');
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
  throw new SecurityRuleError(`${target.username} is the last administrator of the organisation; make someone else an administrator first.`, 'conflict');
}
