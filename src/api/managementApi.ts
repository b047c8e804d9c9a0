// User Management: the warehouse account's users and roles, and the changes made to them. A
// change refreshes exactly the lists and details it affects. Requests are built from the
// endpoints' descriptions (common/warehouse/warehouseEndpoints.ts).
import { warehouseEndpoints as endpoints } from '@common/warehouse/warehouseEndpoints';
import { endpointRequest } from './endpointRequest';
import { LIST_ID, warehouseApi } from './warehouseApi';
import type { AppliedChange, RoleDetail, RoleView, UserDetail, UserView, WarehouseChange } from './warehouseTypes';

type Tag = { type: 'WarehouseUsers' | 'WarehouseRoles'; id: string } | 'WarehouseUsers' | 'WarehouseUsersOverview';

const USERS = { type: 'WarehouseUsers', id: LIST_ID } as const;
const ROLES = { type: 'WarehouseRoles', id: LIST_ID } as const;
const user = (name: string): Tag => ({ type: 'WarehouseUsers', id: name.toUpperCase() });
const role = (name: string): Tag => ({ type: 'WarehouseRoles', id: name.toUpperCase() });

/** What a change makes stale. The Optimize Users page reads the same users and grants. */
export function tagsChangedBy(change: WarehouseChange): Tag[] {
  switch (change.kind) {
    case 'createUser':
      return [USERS, 'WarehouseUsersOverview'];
    case 'setUserDisabled':
    case 'setUserDefaults':
      return [USERS, user(change.userName), 'WarehouseUsersOverview'];
    case 'grantRoleToUser':
    case 'revokeRoleFromUser':
      return [user(change.userName), ROLES, role(change.roleName), 'WarehouseUsersOverview'];
    case 'dropUser':
      // Not the dropped user's own detail: it is gone, and its page is being left.
      return [USERS, ROLES, 'WarehouseUsersOverview'];
    case 'createRole':
      return [ROLES];
    case 'grantRoleToRole':
    case 'revokeRoleFromRole':
      return [ROLES, role(change.roleName), role(change.parentRoleName)];
    case 'dropRole':
      // Not the dropped role's own detail (it is gone); every user's page, as any may have held it.
      return ['WarehouseUsers', ROLES, 'WarehouseUsersOverview'];
    case 'alterWarehouse':
      return [];
  }
}

const searchParams = (search: string) => (search ? { search } : undefined);

export const managementApi = warehouseApi.injectEndpoints({
  endpoints: (build) => ({
    listWarehouseUsers: build.query<UserView[], string>({
      query: (search) => endpointRequest(endpoints.users, { query: searchParams(search) }),
      transformResponse: (response: { users: UserView[] }) => response.users,
      providesTags: [USERS],
    }),
    getWarehouseUser: build.query<UserDetail, string>({
      query: (name) => endpointRequest(endpoints.user, { params: { name } }),
      providesTags: (_result, _error, name) => [user(name)],
    }),
    listWarehouseRoles: build.query<RoleView[], string>({
      query: (search) => endpointRequest(endpoints.roles, { query: searchParams(search) }),
      transformResponse: (response: { roles: RoleView[] }) => response.roles,
      providesTags: [ROLES],
    }),
    getWarehouseRole: build.query<RoleDetail, string>({
      query: (name) => endpointRequest(endpoints.role, { params: { name } }),
      providesTags: (_result, _error, name) => [role(name)],
    }),
    applyWarehouseChange: build.mutation<AppliedChange, WarehouseChange>({
      query: (change) => endpointRequest(endpoints.applyChange, { body: change }),
      transformResponse: (response: { applied: AppliedChange }) => response.applied,
      invalidatesTags: (result, _error, change) => (result ? tagsChangedBy(change) : []),
    }),
  }),
});

export const {
  useListWarehouseUsersQuery,
  useGetWarehouseUserQuery,
  useListWarehouseRolesQuery,
  useGetWarehouseRoleQuery,
  useApplyWarehouseChangeMutation,
} = managementApi;
