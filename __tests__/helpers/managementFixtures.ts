// Warehouse users and roles as the User Management API answers with them.
import type { RoleView, UserDetail, UserView } from '../../src/api/warehouseTypes';

export function userView(name: string, overrides: Partial<UserView> = {}): UserView {
  return {
    name,
    loginName: name.toLowerCase(),
    displayName: null,
    email: null,
    type: 'PERSON',
    disabled: false,
    hasMfa: true,
    defaultRole: 'ANALYST',
    defaultWarehouse: 'ANALYTICS_WH',
    createdOn: '2026-01-10T09:00:00.000Z',
    lastSuccessLogin: '2026-11-20T08:00:00.000Z',
    comment: null,
    ...overrides,
  };
}

export function roleView(name: string, overrides: Partial<RoleView> = {}): RoleView {
  return {
    name,
    owner: 'SECURITYADMIN',
    comment: null,
    createdOn: '2026-01-01T00:00:00.000Z',
    assignedToUsers: 1,
    grantedToRoles: 0,
    grantedRoles: 0,
    systemRoles: [],
    ...overrides,
  };
}

export function userDetail(user: UserView, roles: string[]): UserDetail {
  return { user, roles: roles.map((role) => ({ role, grantedBy: 'SECURITYADMIN', createdOn: '2026-02-01T00:00:00.000Z' })) };
}

export const appliedAt = '2026-11-22T10:00:00.000Z';
