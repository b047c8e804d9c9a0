// Columns of the Optimize Users tables. A user's name opens their page in User Management, where
// dormant users and missing MFA are fixed, for those who may open it (the access table).
import { Link } from 'react-router-dom';
import { warehouseUserPath } from '@common/paths';
import type { UserCost } from '../../../api/warehouseTypes';
import type { DataColumn } from '../../../components/dataColumn';
import { DateTimeText } from '../../../components/DateTimeText';
import { countColumn, creditsColumn, moneyColumn, textColumn } from '../columns';

/** The user's name; a link to their User Management page when `linkToUser`. */
export function userColumn(linkToUser: boolean): DataColumn<UserCost> {
  const column = textColumn<UserCost>('user', 'User', (row) => row.userName, true);
  if (!linkToUser) return column;
  return { ...column, cell: (row) => <Link to={warehouseUserPath(row.userName)}>{row.userName}</Link> };
}
export const displayNameColumn = textColumn<UserCost>('displayName', 'Name', (row) => row.displayName);

export const lastLoginColumn: DataColumn<UserCost> = {
  id: 'lastLogin',
  header: 'Last sign-in',
  value: (row) => row.lastSuccessLogin,
  cell: (row) => <DateTimeText iso={row.lastSuccessLogin} empty="Never" />,
};

export const daysSinceLoginColumn: DataColumn<UserCost> = {
  id: 'daysSince',
  header: 'Days since sign-in',
  value: (row) => row.daysSinceLogin,
  numeric: true,
  cell: (row) => (row.daysSinceLogin === null ? 'Never signed in' : String(row.daysSinceLogin)),
};

export const rolesColumn: DataColumn<UserCost> = {
  id: 'roles',
  header: 'Roles',
  value: (row) => row.roles.join(', '),
  csv: (row) => row.roles.join(' '),
};

export const powerfulRolesColumn: DataColumn<UserCost> = {
  id: 'powerful',
  header: 'Powerful roles',
  value: (row) => row.powerfulRoles.join(', '),
  csv: (row) => row.powerfulRoles.join(' '),
};

export const statusColumn: DataColumn<UserCost> = {
  id: 'status',
  header: 'Status',
  value: (row) => (row.disabled ? 'Disabled' : 'Enabled'),
};

export function costColumns(currency: string, linkToUser: boolean): DataColumn<UserCost>[] {
  return [
    userColumn(linkToUser),
    displayNameColumn,
    textColumn('type', 'Type', (row) => row.type),
    countColumn('queries', 'Queries', (row) => row.queries),
    creditsColumn('credits', 'Credits', (row) => row.credits),
    moneyColumn('cost', 'Cost', (row) => row.cost, currency),
    lastLoginColumn,
    daysSinceLoginColumn,
    { id: 'mfa', header: 'MFA', value: (row) => row.hasMfa },
    statusColumn,
    rolesColumn,
  ];
}

export function dormantColumns(linkToUser: boolean): DataColumn<UserCost>[] {
  return [userColumn(linkToUser), displayNameColumn, powerfulRolesColumn, lastLoginColumn, daysSinceLoginColumn, statusColumn];
}

export function withoutMfaColumns(linkToUser: boolean): DataColumn<UserCost>[] {
  return [
    userColumn(linkToUser),
    displayNameColumn,
    textColumn('defaultRole', 'Default role', (row) => row.defaultRole),
    lastLoginColumn,
    rolesColumn,
  ];
}
