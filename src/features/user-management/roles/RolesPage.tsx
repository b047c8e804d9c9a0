// /app/management/roles: the account's roles, searchable, and a way to add one.
import { useState } from 'react';
import { PlusLg } from 'react-bootstrap-icons';
import { Link, useSearchParams } from 'react-router-dom';
import type { RoleView } from '../../../api/warehouseTypes';
import type { DataColumn } from '../../../components/dataColumn';
import { DateTimeText } from '../../../components/DateTimeText';
import { warehouseRolePath } from '@common/paths';
import { ManagementHeading } from '../ManagementHeading';
import { useListWarehouseRolesQuery } from '../../../api/managementApi';
import { SearchedList } from '../SearchedList';
import { CreateRoleDialog } from './CreateRoleDialog';

const roleColumns: DataColumn<RoleView>[] = [
  {
    id: 'name',
    header: 'Role',
    value: (row) => row.name,
    rowHeader: true,
    cell: (row) => <Link to={warehouseRolePath(row.name)}>{row.name}</Link>,
  },
  { id: 'comment', header: 'Comment', value: (row) => row.comment },
  { id: 'owner', header: 'Owner', value: (row) => row.owner },
  { id: 'users', header: 'Users', value: (row) => row.assignedToUsers, numeric: true },
  { id: 'grantedTo', header: 'Granted to roles', value: (row) => row.grantedToRoles, numeric: true },
  { id: 'inherits', header: 'Inherits roles', value: (row) => row.grantedRoles, numeric: true },
  { id: 'created', header: 'Created', value: (row) => row.createdOn, cell: (row) => <DateTimeText iso={row.createdOn} /> },
];

export default function RolesPage() {
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  const warehouseRoles = useListWarehouseRolesQuery(search);
  const [creating, setCreating] = useState(false);

  return (
    <section aria-labelledby="warehouse-roles-title">
      <ManagementHeading
        id="warehouse-roles-title"
        title="Warehouse roles"
        intro="Roles hold privileges; users get them through the roles granted to them, roles through the roles they inherit."
        action={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <PlusLg aria-hidden /> Create role
          </button>
        }
      />
      <SearchedList noun="role" search={search} query={warehouseRoles} columns={roleColumns} placeholder="Search by name or comment" />
      {creating ? <CreateRoleDialog onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
