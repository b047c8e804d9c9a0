// Granting this role to another role: the other role then inherits this one's privileges.
// Confirmed first when that hands over part of the account: this role is or includes a system
// role, or the receiving role is PUBLIC, which every user holds.
import { useState, type FormEvent } from 'react';
import type { AppliedChange } from '../../../api/warehouseTypes';
import { FormField } from '../../../components/FormField';
import { ConfirmChangeDialog } from '../ConfirmChangeDialog';
import { useListWarehouseRolesQuery } from '../../../api/managementApi';
import { RiskList } from '../RiskList';
import { grantRisks } from '../systemRoles';
import { useWarehouseChange } from '../useWarehouseChange';

interface GrantToRoleFormProps {
  roleName: string;
  /** The system roles this role is or includes. */
  systemRoles: readonly string[];
  /** Roles that already hold this one. */
  holders: readonly string[];
  onGranted: (message: string) => void;
}

export function GrantToRoleForm({ roleName, systemRoles, holders, onGranted }: GrantToRoleFormProps) {
  const { data: roles, isLoading } = useListWarehouseRolesQuery('');
  const [parentRoleName, setParentRoleName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useWarehouseChange();
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const candidates = (roles ?? []).filter((role) => role.name !== roleName && !holders.includes(role.name));
  const grantDone = (applied: AppliedChange) => {
    setParentRoleName('');
    setConfirming(null);
    onGranted(applied.noop ? `${parentRoleName} already had ${roleName}.` : `${roleName} granted to ${parentRoleName}.`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parentRoleName) {
      setError('Choose the role that gets this one.');
      return;
    }
    setError(null);
    const risks = [
      ...grantRisks({ name: roleName, systemRoles: [...systemRoles] }),
      ...(parentRoleName === 'PUBLIC' ? [`PUBLIC is held by every user of the account, so every user gets ${roleName}.`] : []),
    ];
    if (risks.length > 0) {
      setConfirming(risks);
      return;
    }
    const outcome = await run({ kind: 'grantRoleToRole', roleName, parentRoleName });
    if (outcome.ok) grantDone(outcome.applied);
    else setError(outcome.message);
  };

  return (
    <form
      className="d-flex flex-wrap align-items-start gap-2 mt-3"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Grant to a role"
    >
      <FormField
        control="select"
        id="grant-to-role"
        className=""
        label={`Grant ${roleName} to the role`}
        labelClassName="small mb-1"
        value={parentRoleName}
        onValue={setParentRoleName}
        disabled={isLoading}
        error={error ?? undefined}
      >
        <option value="">{isLoading ? 'Loading roles…' : 'Choose a role'}</option>
        {candidates.map((role) => (
          <option key={role.name} value={role.name}>
            {role.name}
          </option>
        ))}
      </FormField>
      <button type="submit" className="btn btn-outline-primary dw-grant-button" disabled={pending}>
        {pending ? 'Granting…' : 'Grant'}
      </button>
      {confirming ? (
        <ConfirmChangeDialog
          title={`Grant ${roleName} to the role ${parentRoleName}?`}
          change={{ kind: 'grantRoleToRole', roleName, parentRoleName }}
          confirmLabel={`Grant ${roleName}`}
          pendingLabel="Granting…"
          variant="danger"
          onClose={() => setConfirming(null)}
          onDone={grantDone}
        >
          <RiskList risks={confirming} holder={`every holder of ${parentRoleName}`} />
        </ConfirmChangeDialog>
      ) : null}
    </form>
  );
}
