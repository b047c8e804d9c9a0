// What dropping a role takes away, said before the drop: who loses it, what it stops passing
// on, and whose sessions no longer start with it.
import type { RoleDetail } from '../../../api/warehouseTypes';

function names(list: readonly string[]): string {
  return list.length <= 8 ? list.join(', ') : `${list.slice(0, 8).join(', ')} and ${list.length - 8} more`;
}

export function RoleDependants({ detail }: { detail: RoleDetail }) {
  const users = detail.members.filter((member) => member.grantedTo === 'USER').map((member) => member.granteeName);
  const roles = detail.members.filter((member) => member.grantedTo === 'ROLE').map((member) => member.granteeName);
  const inherited = detail.privileges.filter((privilege) => privilege.grantedOn === 'ROLE').map((privilege) => privilege.name);
  const lines = [
    users.length > 0 ? `${users.length === 1 ? '1 user loses' : `${users.length} users lose`} it: ${names(users)}.` : null,
    roles.length > 0
      ? `${roles.length === 1 ? '1 role loses' : `${roles.length} roles lose`} it, and with it every holder of them: ${names(roles)}.`
      : null,
    inherited.length > 0 ? `It stops passing on ${names(inherited)} to its holders.` : null,
    detail.defaultRoleOf.length > 0
      ? `${detail.defaultRoleOf.length === 1 ? '1 user starts' : `${detail.defaultRoleOf.length} users start`} their sessions with it and will need another default role: ${names(detail.defaultRoleOf)}.`
      : null,
  ].filter((line): line is string => line !== null);
  return (
    <>
      <p>The role is deleted from the Snowflake account with every grant of it and to it. This cannot be undone.</p>
      {lines.length > 0 ? (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>Nobody holds it, it inherits no role, and nobody uses it as a default role.</p>
      )}
    </>
  );
}
