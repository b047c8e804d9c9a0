// Snowflake's own roles, as both the server's checks and the pages' warnings name them.

/** The roles that hand over the account; only the platform's administrators may manage them. */
export const SNOWFLAKE_SYSTEM_ROLES = ['ACCOUNTADMIN', 'ORGADMIN', 'SECURITYADMIN', 'USERADMIN', 'SYSADMIN'] as const;

/** Held by every user: granting a role to PUBLIC grants it to everyone. */
export const PUBLIC_ROLE = 'PUBLIC';

/** Names a new role may not take (Snowflake reserves them). */
export const RESERVED_ROLE_NAMES: ReadonlySet<string> = new Set<string>([...SNOWFLAKE_SYSTEM_ROLES, PUBLIC_ROLE]);

export function isReservedRoleName(name: string): boolean {
  return RESERVED_ROLE_NAMES.has(name);
}
