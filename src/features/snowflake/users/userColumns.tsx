// Columns of the Optimize Users tables.
import type { UserCost } from '../../../api/warehouseTypes';
import type { DataColumn } from '../../../components/dataColumn';
import { DateTimeText } from '../../../components/DateTimeText';
import { countColumn, creditsColumn, moneyColumn, textColumn } from '../columns';

export const userColumn = textColumn<UserCost>('user', 'User', (row) => row.userName, true);
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

export function costColumns(currency: string): DataColumn<UserCost>[] {
  return [
    userColumn,
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

export const dormantColumns: DataColumn<UserCost>[] = [
  userColumn,
  displayNameColumn,
  powerfulRolesColumn,
  lastLoginColumn,
  daysSinceLoginColumn,
  statusColumn,
];

export const withoutMfaColumns: DataColumn<UserCost>[] = [
  userColumn,
  displayNameColumn,
  textColumn('defaultRole', 'Default role', (row) => row.defaultRole),
  lastLoginColumn,
  rolesColumn,
];
