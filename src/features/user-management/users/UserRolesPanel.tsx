// The roles granted to a user, each revocable after a confirmation, and granting another one —
// confirmed first when the role hands over part of the account (a system role, or one that
// includes one), naming what it gives.
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AppliedChange, RoleGrantView, UserDetail } from '../../../api/warehouseTypes';
import { FormField } from '../../../components/FormField';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { DateTimeText } from '../../../components/DateTimeText';
import { Panel } from '../../../components/Panel';
import { warehouseRolePath } from '@common/paths';
import { ConfirmChangeDialog } from '../ConfirmChangeDialog';
import { revokeColumn } from '../revokeColumn';
import { RiskList } from '../RiskList';
import { useListWarehouseRolesQuery } from '../../../api/managementApi';
import { grantRisks } from '../systemRoles';
import { useWarehouseChange } from '../useWarehouseChange';

interface UserRolesPanelProps {
  detail: UserDetail;
  onChanged: (message: string) => void;
}

function GrantRoleForm({
  userName,
  granted,
  onGranted,
}: {
  userName: string;
  granted: readonly string[];
  onGranted: (message: string) => void;
}) {
  const { data: roles, isLoading } = useListWarehouseRolesQuery('');
  const [roleName, setRoleName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useWarehouseChange();
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const grantable = (roles ?? []).filter((role) => !granted.includes(role.name));
  const grantDone = (applied: AppliedChange) => {
    setRoleName('');
    setConfirming(null);
    onGranted(applied.noop ? `${userName} already had ${roleName}.` : `${roleName} granted to ${userName}.`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!roleName) {
      setError('Choose a role to grant.');
      return;
    }
    setError(null);
    const risks = grantRisks(grantable.find((role) => role.name === roleName) ?? { name: roleName, systemRoles: [] });
    if (risks.length > 0) {
      setConfirming(risks);
      return;
    }
    const outcome = await run({ kind: 'grantRoleToUser', roleName, userName });
    if (outcome.ok) grantDone(outcome.applied);
    else setError(outcome.message);
  };

  return (
    <form
      className="d-flex flex-wrap align-items-start gap-2 mt-3"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Grant a role"
    >
      <FormField
        control="select"
        id="grant-role"
        className=""
        label="Role to grant"
        labelClassName="visually-hidden"
        value={roleName}
        onValue={setRoleName}
        disabled={isLoading}
        error={error ?? undefined}
      >
        <option value="">{isLoading ? 'Loading roles…' : 'Choose a role to grant'}</option>
        {grantable.map((role) => (
          <option key={role.name} value={role.name}>
            {role.name}
          </option>
        ))}
      </FormField>
      <button type="submit" className="btn btn-outline-primary" disabled={pending}>
        {pending ? 'Granting…' : 'Grant role'}
      </button>
      {confirming ? (
        <ConfirmChangeDialog
          title={`Grant ${roleName} to ${userName}?`}
          change={{ kind: 'grantRoleToUser', roleName, userName }}
          confirmLabel={`Grant ${roleName}`}
          pendingLabel="Granting…"
          variant="danger"
          onClose={() => setConfirming(null)}
          onDone={grantDone}
        >
          <RiskList risks={confirming} holder={userName} />
        </ConfirmChangeDialog>
      ) : null}
    </form>
  );
}

export function UserRolesPanel({ detail, onChanged }: UserRolesPanelProps) {
  const { user, roles } = detail;
  const [revoking, setRevoking] = useState<string | null>(null);
  const columns = useMemo<DataColumn<RoleGrantView>[]>(
    () => [
      {
        id: 'role',
        header: 'Role',
        value: (row) => row.role,
        rowHeader: true,
        cell: (row) => <Link to={warehouseRolePath(row.role)}>{row.role}</Link>,
      },
      { id: 'grantedBy', header: 'Granted by', value: (row) => row.grantedBy },
      { id: 'createdOn', header: 'Granted on', value: (row) => row.createdOn, cell: (row) => <DateTimeText iso={row.createdOn} /> },
      revokeColumn<RoleGrantView>(
        (row) => `Revoke ${row.role}`,
        (row) => setRevoking(row.role),
      ),
    ],
    [],
  );

  return (
    <Panel title="Roles" description="Roles granted to this user directly; each brings the privileges of the roles it inherits.">
      <DataTable
        caption={`Roles of ${user.name}`}
        columns={columns}
        rows={roles}
        rowKey={(row) => row.role}
        exportFileName={csvFileName('roles of', user.name)}
        initialSort={{ id: 'role', desc: false }}
        emptyText="No role is granted to this user."
      />
      <GrantRoleForm userName={user.name} granted={roles.map((grant) => grant.role)} onGranted={onChanged} />
      {revoking ? (
        <ConfirmChangeDialog
          title={`Revoke ${revoking} from ${user.name}?`}
          change={{ kind: 'revokeRoleFromUser', roleName: revoking, userName: user.name }}
          confirmLabel="Revoke role"
          pendingLabel="Revoking…"
          variant="danger"
          onClose={() => setRevoking(null)}
          onDone={() => {
            onChanged(`${revoking} revoked from ${user.name}.`);
            setRevoking(null);
          }}
        >
          <p className="mb-0">
            {user.name} loses the privileges of {revoking} (and of the roles it inherits) in their next statement.
            {user.defaultRole === revoking ? ` It is also their default role, which will no longer work.` : ''}
          </p>
        </ConfirmChangeDialog>
      ) : null}
    </Panel>
  );
}
