// Columns of the warehouse users list; a user's name leads to their page.
import { Link } from 'react-router-dom';
import type { UserView } from '../../../api/warehouseTypes';
import type { DataColumn } from '../../../components/dataColumn';
import { DateTimeText } from '../../../components/DateTimeText';
import { warehouseUserPath } from '@common/paths';

export const userColumns: DataColumn<UserView>[] = [
  {
    id: 'name',
    header: 'User',
    value: (row) => row.name,
    rowHeader: true,
    cell: (row) => <Link to={warehouseUserPath(row.name)}>{row.name}</Link>,
  },
  { id: 'displayName', header: 'Display name', value: (row) => row.displayName },
  { id: 'email', header: 'E-mail', value: (row) => row.email },
  { id: 'type', header: 'Type', value: (row) => row.type },
  {
    id: 'status',
    header: 'Status',
    value: (row) => (row.disabled ? 'Disabled' : 'Enabled'),
    cell: (row) => (row.disabled ? <span className="badge text-bg-secondary">Disabled</span> : 'Enabled'),
  },
  { id: 'mfa', header: 'MFA', value: (row) => row.hasMfa },
  { id: 'defaultRole', header: 'Default role', value: (row) => row.defaultRole },
  { id: 'defaultWarehouse', header: 'Default warehouse', value: (row) => row.defaultWarehouse },
  {
    id: 'lastLogin',
    header: 'Last sign-in',
    value: (row) => row.lastSuccessLogin,
    cell: (row) => <DateTimeText iso={row.lastSuccessLogin} empty="Never" />,
  },
];
