// Granting this role to another role: the other role then inherits this one's privileges.
// Confirmed first when that hands over part of the account: this role is or includes a system
// role, or the receiving role is PUBLIC, which every user holds.
import { GrantForm } from '../GrantForm';
import { grantRisks } from '../systemRoles';

interface GrantToRoleFormProps {
  roleName: string;
  /** The system roles this role is or includes. */
  systemRoles: readonly string[];
  /** Roles that already hold this one. */
  holders: readonly string[];
  onGranted: (message: string) => void;
}

export function GrantToRoleForm({ roleName, systemRoles, holders, onGranted }: GrantToRoleFormProps) {
  return (
    <GrantForm
      formLabel="Grant to a role"
      fieldId="grant-to-role"
      fieldLabel={`Grant ${roleName} to the role`}
      fieldLabelClassName="small mb-1"
      placeholder="Choose a role"
      required="Choose the role that gets this one."
      buttonLabel="Grant"
      buttonClassName="btn btn-outline-primary dw-grant-button"
      candidates={(roles) => roles.filter((role) => role.name !== roleName && !holders.includes(role.name))}
      risks={(parentRoleName) => [
        ...grantRisks({ name: roleName, systemRoles: [...systemRoles] }),
        ...(parentRoleName === 'PUBLIC' ? [`PUBLIC is held by every user of the account, so every user gets ${roleName}.`] : []),
      ]}
      change={(parentRoleName) => ({ kind: 'grantRoleToRole', roleName, parentRoleName })}
      confirmTitle={(parentRoleName) => `Grant ${roleName} to the role ${parentRoleName}?`}
      confirmLabel={() => `Grant ${roleName}`}
      holder={(parentRoleName) => `every holder of ${parentRoleName}`}
      doneMessage={(parentRoleName, applied) =>
        applied.noop ? `${parentRoleName} already had ${roleName}.` : `${roleName} granted to ${parentRoleName}.`
      }
      onGranted={onGranted}
    />
  );
}
