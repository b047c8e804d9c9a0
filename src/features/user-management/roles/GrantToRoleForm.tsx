// Granting this role to another role: the other role then inherits this one's privileges.
import { useState, type FormEvent } from 'react';
import { useListWarehouseRolesQuery } from '../managementApi';
import { useWarehouseChange } from '../useWarehouseChange';

interface GrantToRoleFormProps {
  roleName: string;
  /** Roles that already hold this one. */
  holders: readonly string[];
  onGranted: (message: string) => void;
}

export function GrantToRoleForm({ roleName, holders, onGranted }: GrantToRoleFormProps) {
  const { data: roles, isLoading } = useListWarehouseRolesQuery('');
  const [parentRoleName, setParentRoleName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useWarehouseChange();
  const candidates = (roles ?? []).filter((role) => role.name !== roleName && !holders.includes(role.name));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parentRoleName) {
      setError('Choose the role that gets this one.');
      return;
    }
    setError(null);
    const outcome = await run({ kind: 'grantRoleToRole', roleName, parentRoleName });
    if (outcome.ok) {
      setParentRoleName('');
      onGranted(outcome.applied.noop ? `${parentRoleName} already had ${roleName}.` : `${roleName} granted to ${parentRoleName}.`);
    } else {
      setError(outcome.message);
    }
  };

  return (
    <form className="d-flex flex-wrap align-items-start gap-2 mt-3" noValidate onSubmit={(event) => void submit(event)} aria-label="Grant to a role">
      <div>
        <label htmlFor="grant-to-role" className="form-label small mb-1">
          Grant {roleName} to the role
        </label>
        <select
          id="grant-to-role"
          className={`form-select${error ? ' is-invalid' : ''}`}
          value={parentRoleName}
          onChange={(event) => setParentRoleName(event.target.value)}
          disabled={isLoading}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'grant-to-role-error' : undefined}
        >
          <option value="">{isLoading ? 'Loading roles…' : 'Choose a role'}</option>
          {candidates.map((role) => (
            <option key={role.name} value={role.name}>
              {role.name}
            </option>
          ))}
        </select>
        {error ? (
          <div id="grant-to-role-error" className="invalid-feedback">
            {error}
          </div>
        ) : null}
      </div>
      <button type="submit" className="btn btn-outline-primary dw-grant-button" disabled={pending}>
        {pending ? 'Granting…' : 'Grant'}
      </button>
    </form>
  );
}
