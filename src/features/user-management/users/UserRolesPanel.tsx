// The roles granted to a user, each revocable after a confirmation, and granting another one —
// confirmed first when the role hands over part of the account (a system role, or one that
// includes one), naming what it gives.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RoleGrantView, UserDetail } from '../../../api/warehouseTypes';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { DateTimeText } from '../../../components/DateTimeText';
import { Panel } from '../../../components/Panel';
import { warehouseRolePath } from '@common/paths';
import { ConfirmChangeDialog } from '../ConfirmChangeDialog';
import { revokeColumn } from '../revokeColumn';
import { GrantForm } from '../GrantForm';
import { grantRisks } from '../systemRoles';

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
  return (
    <GrantForm
      formLabel="Grant a role"
      fieldId="grant-role"
      fieldLabel="Role to grant"
      fieldLabelClassName="visually-hidden"
      placeholder="Choose a role to grant"
      required="Choose a role to grant."
      buttonLabel="Grant role"
      candidates={(roles) => roles.filter((role) => !granted.includes(role.name))}
      risks={(roleName, grantable) => grantRisks(grantable.find((role) => role.name === roleName) ?? { name: roleName, systemRoles: [] })}
      change={(roleName) => ({ kind: 'grantRoleToUser', roleName, userName })}
      confirmTitle={(roleName) => `Grant ${roleName} to ${userName}?`}
      confirmLabel={(roleName) => `Grant ${roleName}`}
      holder={() => userName}
      doneMessage={(roleName, applied) => (applied.noop ? `${userName} already had ${roleName}.` : `${roleName} granted to ${userName}.`)}
      onGranted={onGranted}
    />
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
