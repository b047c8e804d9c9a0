// Warehouse user management: the users, roles and grants the API lists, and the changes it
// accepts (each kind validated again by the server's parseChange).
import type { EngineKind, WarehouseSize } from './warehouseInfo';

export interface UserView {
  name: string;
  loginName: string | null;
  displayName: string | null;
  email: string | null;
  type: string | null;
  disabled: boolean;
  hasMfa: boolean | null;
  defaultRole: string | null;
  defaultWarehouse: string | null;
  createdOn: string | null;
  lastSuccessLogin: string | null;
  comment: string | null;
}

export interface RoleGrantView {
  role: string;
  grantedBy: string | null;
  createdOn: string | null;
}

export interface UserDetail {
  user: UserView;
  roles: RoleGrantView[];
}

export interface RoleView {
  name: string;
  owner: string | null;
  comment: string | null;
  createdOn: string | null;
  assignedToUsers: number;
  grantedToRoles: number;
  grantedRoles: number;
  /** The system roles (ACCOUNTADMIN, SECURITYADMIN, …) this role is or includes: what granting it hands over. */
  systemRoles: string[];
}

export interface PrivilegeView {
  privilege: string;
  grantedOn: string;
  name: string;
  grantOption: boolean;
  grantedBy: string | null;
  createdOn: string | null;
}

export interface MemberView {
  grantedTo: 'USER' | 'ROLE';
  granteeName: string;
  grantedBy: string | null;
  createdOn: string | null;
}

export interface RoleDetail {
  role: RoleView;
  /** Privileges granted to the role; granted_on ROLE rows are the roles it inherits. */
  privileges: PrivilegeView[];
  /** Users and roles the role is granted to. */
  members: MemberView[];
  /** Users who start their sessions with this role (their default role). */
  defaultRoleOf: string[];
}

export interface CreateUserChange {
  kind: 'createUser';
  userName: string;
  displayName?: string;
  email?: string;
  defaultRole?: string;
  defaultWarehouse?: string;
  comment?: string;
}

export interface SetUserDisabledChange {
  kind: 'setUserDisabled';
  userName: string;
  disabled: boolean;
}

export interface SetUserDefaultsChange {
  kind: 'setUserDefaults';
  userName: string;
  /** A role name, null to unset, absent to leave as is. */
  defaultRole?: string | null;
  defaultWarehouse?: string | null;
}

export interface GrantRoleToUserChange {
  kind: 'grantRoleToUser';
  roleName: string;
  userName: string;
}

export interface RevokeRoleFromUserChange {
  kind: 'revokeRoleFromUser';
  roleName: string;
  userName: string;
}

export interface DropUserChange {
  kind: 'dropUser';
  userName: string;
}

export interface CreateRoleChange {
  kind: 'createRole';
  roleName: string;
  comment?: string;
}

export interface GrantRoleToRoleChange {
  kind: 'grantRoleToRole';
  roleName: string;
  /** The role that receives `roleName` (inherits its privileges). */
  parentRoleName: string;
}

export interface RevokeRoleFromRoleChange {
  kind: 'revokeRoleFromRole';
  roleName: string;
  /** The role that loses `roleName`. */
  parentRoleName: string;
}

export interface DropRoleChange {
  kind: 'dropRole';
  roleName: string;
}

export interface AlterWarehouseChange {
  kind: 'alterWarehouse';
  warehouseName: string;
  size?: WarehouseSize;
  autoSuspendSeconds?: number;
  maxClusterCount?: number;
}

export type WarehouseChange =
  | CreateUserChange
  | SetUserDisabledChange
  | SetUserDefaultsChange
  | GrantRoleToUserChange
  | RevokeRoleFromUserChange
  | DropUserChange
  | CreateRoleChange
  | GrantRoleToRoleChange
  | RevokeRoleFromRoleChange
  | DropRoleChange
  | AlterWarehouseChange;

export type ChangeKind = WarehouseChange['kind'];

export const CHANGE_KINDS: readonly ChangeKind[] = [
  'createUser',
  'setUserDisabled',
  'setUserDefaults',
  'grantRoleToUser',
  'revokeRoleFromUser',
  'dropUser',
  'createRole',
  'grantRoleToRole',
  'revokeRoleFromRole',
  'dropRole',
  'alterWarehouse',
];

/** Longest display name and comment Snowflake keeps; longer input is refused, never cut. */
export const MAX_DISPLAY_NAME_LENGTH = 255;

export const MAX_COMMENT_LENGTH = 1000;

export interface AppliedChange {
  change: WarehouseChange;
  engine: EngineKind;
  /** The Snowflake statements of the change (on the sample, the statements Snowflake would run). Empty when `noop`. */
  statements: string[];
  /** The account was already in the requested state; nothing was changed. */
  noop: boolean;
  /** Previous values of what the change sets (e.g. `{ autoSuspendSeconds: 600 }`). */
  before: Record<string, string | number | boolean | null> | null;
  /** ISO time the change was applied. */
  appliedAt: string;
}
