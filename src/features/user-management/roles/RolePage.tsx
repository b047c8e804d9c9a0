// /app/management/roles/:roleId: one role, the privileges it holds (roles it inherits
// included) and who holds it; it can be granted to another role, revoked from a holder, or
// dropped after typing its name, with what the drop takes away said first.
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { MemberView, PrivilegeView, RoleDetail } from '../../../api/warehouseTypes';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatDateTime } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { appPaths, warehouseRolePath, warehouseUserPath } from '@common/paths';
import { ConfirmChangeDialog } from '../ConfirmChangeDialog';
import { DropDialog } from '../DropDialog';
import { DetailPage } from '../DetailPage';
import { revokeColumn } from '../revokeColumn';
import { useGetWarehouseRoleQuery } from '../../../api/managementApi';
import { GrantToRoleForm } from './GrantToRoleForm';
import { RoleDependants } from './RoleDependants';

const privilegeColumns: DataColumn<PrivilegeView>[] = [
  { id: 'privilege', header: 'Privilege', value: (row) => row.privilege, rowHeader: true },
  { id: 'grantedOn', header: 'On', value: (row) => row.grantedOn },
  {
    id: 'name',
    header: 'Object',
    value: (row) => row.name,
    cell: (row) => (row.grantedOn === 'ROLE' ? <Link to={warehouseRolePath(row.name)}>{row.name}</Link> : row.name),
  },
  { id: 'grantOption', header: 'May grant on', value: (row) => row.grantOption },
  { id: 'grantedBy', header: 'Granted by', value: (row) => row.grantedBy },
  { id: 'createdOn', header: 'Granted on', value: (row) => row.createdOn, cell: (row) => <DateTimeText iso={row.createdOn} /> },
];

function memberColumns(onRevoke: (member: MemberView) => void): DataColumn<MemberView>[] {
  return [
    {
      id: 'grantee',
      header: 'Holder',
      value: (row) => row.granteeName,
      rowHeader: true,
      cell: (row) => (
        <Link to={row.grantedTo === 'USER' ? warehouseUserPath(row.granteeName) : warehouseRolePath(row.granteeName)}>
          {row.granteeName}
        </Link>
      ),
    },
    { id: 'grantedTo', header: 'Kind', value: (row) => (row.grantedTo === 'USER' ? 'User' : 'Role') },
    { id: 'grantedBy', header: 'Granted by', value: (row) => row.grantedBy },
    { id: 'createdOn', header: 'Granted on', value: (row) => row.createdOn, cell: (row) => <DateTimeText iso={row.createdOn} /> },
    revokeColumn<MemberView>((row) => `Revoke from ${row.granteeName}`, onRevoke),
  ];
}

function RoleSections({ detail, onNotice }: { detail: RoleDetail; onNotice: (message: string) => void }) {
  const { role, privileges, members } = detail;
  const holders = useMemo(() => members.filter((member) => member.grantedTo === 'ROLE').map((member) => member.granteeName), [members]);
  const [revoking, setRevoking] = useState<MemberView | null>(null);
  const [dropping, setDropping] = useState(false);
  const columns = useMemo(() => memberColumns(setRevoking), []);
  const navigate = useNavigate();
  return (
    <>
      <Panel title="About this role">
        <dl className="dw-profile">
          <div>
            <dt>Comment</dt>
            <dd>{role.comment ?? '–'}</dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd>{role.owner ?? '–'}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDateTime(role.createdOn)}</dd>
          </div>
          {role.systemRoles.length > 0 ? (
            <div>
              <dt>Hands over</dt>
              <dd>{role.systemRoles.join(', ')}</dd>
            </div>
          ) : null}
        </dl>
      </Panel>
      <Panel title="Privileges" description="What the role may do. Rows on a ROLE are roles it inherits, with all their privileges.">
        <DataTable
          caption={`Privileges of ${role.name}`}
          columns={privilegeColumns}
          rows={privileges}
          rowKey={(row) => `${row.privilege}/${row.grantedOn}/${row.name}`}
          exportFileName={csvFileName('privileges of', role.name)}
          emptyText="The role holds no privileges."
        />
      </Panel>
      <Panel title="Holders" description="The users and roles this role is granted to.">
        <DataTable
          caption={`Holders of ${role.name}`}
          columns={columns}
          rows={members}
          rowKey={(row) => `${row.grantedTo}/${row.granteeName}`}
          exportFileName={csvFileName('holders of', role.name)}
          initialSort={{ id: 'grantee', desc: false }}
          emptyText="Nobody holds this role."
        />
        <GrantToRoleForm roleName={role.name} systemRoles={role.systemRoles} holders={holders} onGranted={onNotice} />
      </Panel>
      <Panel title="Drop role" description="Deletes the role from the account, with every grant of it and to it.">
        <button type="button" className="btn btn-outline-danger" onClick={() => setDropping(true)}>
          Drop role…
        </button>
      </Panel>
      {revoking ? (
        <ConfirmChangeDialog
          title={`Revoke ${role.name} from ${revoking.granteeName}?`}
          change={
            revoking.grantedTo === 'USER'
              ? { kind: 'revokeRoleFromUser', roleName: role.name, userName: revoking.granteeName }
              : { kind: 'revokeRoleFromRole', roleName: role.name, parentRoleName: revoking.granteeName }
          }
          confirmLabel="Revoke role"
          pendingLabel="Revoking…"
          variant="danger"
          onClose={() => setRevoking(null)}
          onDone={() => {
            onNotice(`${role.name} revoked from ${revoking.granteeName}.`);
            setRevoking(null);
          }}
        >
          <p className="mb-0">
            {revoking.grantedTo === 'USER' ? `${revoking.granteeName} loses` : `Every holder of the role ${revoking.granteeName} loses`} the
            privileges of {role.name} (and of the roles it inherits) in their next statement.
          </p>
        </ConfirmChangeDialog>
      ) : null}
      {dropping ? (
        <DropDialog
          noun="role"
          name={role.name}
          change={{ kind: 'dropRole', roleName: role.name }}
          onClose={() => setDropping(false)}
          onDropped={() => navigate(appPaths.managementRoles, { state: { notice: `Role ${role.name} dropped.` } })}
        >
          <RoleDependants detail={detail} />
        </DropDialog>
      ) : null}
    </>
  );
}

export default function RolePage() {
  const { roleId = '' } = useParams();
  const query = useGetWarehouseRoleQuery(roleId);

  return (
    <DetailPage
      headingId="warehouse-role-title"
      listPath={appPaths.managementRoles}
      backLabel="All warehouse roles"
      title={query.currentData?.role.name ?? roleId}
      intro="A role of your Snowflake account."
      query={query}
      noun="the role"
      missing={`role named ${roleId}`}
      missingHint="It may have been dropped."
      missingBackLabel="Back to the warehouse roles"
    >
      {(detail, onNotice) => <RoleSections detail={detail} onNotice={onNotice} />}
    </DetailPage>
  );
}
