// Who may grant or revoke which portal role (the security area's access management), beside
// the access table that says what each role opens. An administrator grants and revokes only
// roles at or below their own level: the platform's `admin` any portal role; an organisation's
// Client-Admin the organisation's roles up to Client-Admin itself, never the platform staff
// roles (admin, product, assured) that reach beyond one organisation.

/** Levels: 3 platform staff, 2 organisation administrators, 1 everyone else. */
export const portalRoleLevels = {
  admin: 3,
  product: 3,
  assured: 3,
  'Client-Admin': 2,
  'Client-Admin-Lite': 2,
  Integration_Engineer: 1,
  'Client-Dataworks-docs': 1,
  'Client-dataworks-business-users': 1,
  'Client-Lite': 1,
  user: 1,
} as const satisfies Record<string, number>;

export type PortalRole = keyof typeof portalRoleLevels;

export const portalRoles = Object.keys(portalRoleLevels) as PortalRole[];

/** Roles that open administration or reach past the organisation: shown as "powerful" in the access review. */
export const powerfulRoles: readonly PortalRole[] = ['admin', 'product', 'assured', 'Client-Admin', 'Client-Admin-Lite'];

/** Roles that administer the organisation's members: an organisation must keep one enabled holder. */
export const organisationAdminRoles: readonly PortalRole[] = ['admin', 'Client-Admin'];

export function isPortalRole(role: string): role is PortalRole {
  return Object.prototype.hasOwnProperty.call(portalRoleLevels, role);
}

/** The highest level among the roles that may manage roles at all (admin, Client-Admin); 0 when none. */
export function grantingLevel(userRoles: readonly string[]): number {
  let level = 0;
  for (const role of userRoles) {
    if (role === 'admin') level = Math.max(level, portalRoleLevels.admin);
    if (role === 'Client-Admin') level = Math.max(level, portalRoleLevels['Client-Admin']);
  }
  return level;
}

/** Whether a user holding `userRoles` may grant (or revoke) `role`. */
export function canGrantRole(userRoles: readonly string[], role: string): boolean {
  return isPortalRole(role) && portalRoleLevels[role] <= grantingLevel(userRoles);
}

/** The portal roles a user holding `userRoles` may grant, in the table's order. */
export function grantableRoles(userRoles: readonly string[]): PortalRole[] {
  return portalRoles.filter((role) => canGrantRole(userRoles, role));
}
