/**
 * The writes the portal can make to a warehouse account, as plain data. `parseChange` turns a
 * request body into a WarehouseChange, validating every name against Snowflake's identifier
 * rules (identifiers.ts) and every other field; errors name the field (`userName`, `roleName`,
 * `autoSuspendSeconds`, …) so the API can answer 400 with it.
 */
import { isWarehouseSize, parseWarehouseSize, WAREHOUSE_SIZES, type WarehouseSize } from '../../../platform/warehouse/billing.js';
import { InvalidInputError } from '../../../platform/warehouse/errors.js';
import { parseEmail, parseIdentifier, parseObjectName, parsePlainText } from '../../../platform/warehouse/identifiers.js';
import { RESERVED_ROLE_NAMES } from '@common/warehouse/systemRoles';
import type {
  CreateUserChange,
  SetUserDisabledChange,
  SetUserDefaultsChange,
  GrantRoleToUserChange,
  RevokeRoleFromUserChange,
  DropUserChange,
  CreateRoleChange,
  GrantRoleToRoleChange,
  RevokeRoleFromRoleChange,
  DropRoleChange,
  AlterWarehouseChange,
  WarehouseChange,
  ChangeKind,
} from '@common/warehouse/managementContract';
import { CHANGE_KINDS, MAX_DISPLAY_NAME_LENGTH, MAX_COMMENT_LENGTH } from '@common/warehouse/managementContract';

type Input = Record<string, unknown>;

function present(input: Input, field: string): boolean {
  return input[field] !== undefined;
}

/** A user, role or warehouse that exists (any name Snowflake holds; see identifierRules.ts). */
function name(input: Input, field: string): string {
  return parseObjectName(input[field], field);
}

/** The name of a user or role the change creates: Snowflake's unquoted form. */
function newName(input: Input, field: string): string {
  return parseIdentifier(input[field], field);
}

function optionalName(input: Input, field: string): string | undefined {
  return present(input, field) ? name(input, field) : undefined;
}

function nullableName(input: Input, field: string): string | null | undefined {
  if (!present(input, field)) return undefined;
  return input[field] === null ? null : name(input, field);
}

function integer(input: Input, field: string, min: number, max: number): number | undefined {
  if (!present(input, field)) return undefined;
  const value = input[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidInputError(field, `must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function onlyFields(input: Input, allowed: readonly string[]): void {
  for (const key of Object.keys(input)) {
    if (!allowed.includes(key)) throw new InvalidInputError(key, 'is not a field of this change');
  }
}

function withOptional<T extends object>(base: T, extras: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(extras)) if (value !== undefined) (base as Record<string, unknown>)[key] = value;
  return base;
}

/** Validates a request body as a WarehouseChange. Unknown fields are refused, not ignored. */
export function parseChange(body: unknown): WarehouseChange {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidInputError('change', 'must be an object');
  const input = body as Input;
  const kind = input.kind;
  if (typeof kind !== 'string' || !(CHANGE_KINDS as readonly string[]).includes(kind)) {
    throw new InvalidInputError('kind', `must be one of ${CHANGE_KINDS.join(', ')}`);
  }
  switch (kind as ChangeKind) {
    case 'createUser':
      onlyFields(input, ['kind', 'userName', 'displayName', 'email', 'defaultRole', 'defaultWarehouse', 'comment']);
      return withOptional<CreateUserChange>(
        { kind: 'createUser', userName: newName(input, 'userName') },
        {
          displayName: present(input, 'displayName')
            ? parsePlainText(input.displayName, 'displayName', MAX_DISPLAY_NAME_LENGTH)
            : undefined,
          email: present(input, 'email') ? parseEmail(input.email, 'email') : undefined,
          defaultRole: optionalName(input, 'defaultRole'),
          defaultWarehouse: optionalName(input, 'defaultWarehouse'),
          comment: present(input, 'comment') ? parsePlainText(input.comment, 'comment', MAX_COMMENT_LENGTH) : undefined,
        },
      );
    case 'setUserDisabled':
      onlyFields(input, ['kind', 'userName', 'disabled']);
      if (typeof input.disabled !== 'boolean') throw new InvalidInputError('disabled', 'must be true or false');
      return { kind: 'setUserDisabled', userName: name(input, 'userName'), disabled: input.disabled };
    case 'setUserDefaults': {
      onlyFields(input, ['kind', 'userName', 'defaultRole', 'defaultWarehouse']);
      const change = withOptional<SetUserDefaultsChange>(
        { kind: 'setUserDefaults', userName: name(input, 'userName') },
        {
          defaultRole: nullableName(input, 'defaultRole'),
          defaultWarehouse: nullableName(input, 'defaultWarehouse'),
        },
      );
      if (!present(input, 'defaultRole') && !present(input, 'defaultWarehouse')) {
        throw new InvalidInputError('defaultRole', 'give defaultRole or defaultWarehouse (null to unset)');
      }
      return change;
    }
    case 'grantRoleToUser':
    case 'revokeRoleFromUser':
      onlyFields(input, ['kind', 'userName', 'roleName']);
      return {
        kind: kind as 'grantRoleToUser' | 'revokeRoleFromUser',
        roleName: name(input, 'roleName'),
        userName: name(input, 'userName'),
      };
    case 'dropUser':
      onlyFields(input, ['kind', 'userName']);
      return { kind: 'dropUser', userName: name(input, 'userName') };
    case 'createRole': {
      onlyFields(input, ['kind', 'roleName', 'comment']);
      const roleName = newName(input, 'roleName');
      if (RESERVED_ROLE_NAMES.has(roleName)) throw new InvalidInputError('roleName', 'is a system role name');
      return withOptional<CreateRoleChange>(
        { kind: 'createRole', roleName },
        {
          comment: present(input, 'comment') ? parsePlainText(input.comment, 'comment', MAX_COMMENT_LENGTH) : undefined,
        },
      );
    }
    case 'grantRoleToRole':
    case 'revokeRoleFromRole': {
      onlyFields(input, ['kind', 'roleName', 'parentRoleName']);
      const roleName = name(input, 'roleName');
      const parentRoleName = name(input, 'parentRoleName');
      if (roleName === parentRoleName) throw new InvalidInputError('parentRoleName', 'must differ from roleName');
      return { kind: kind as 'grantRoleToRole' | 'revokeRoleFromRole', roleName, parentRoleName };
    }
    case 'dropRole': {
      onlyFields(input, ['kind', 'roleName']);
      const roleName = name(input, 'roleName');
      if (RESERVED_ROLE_NAMES.has(roleName)) throw new InvalidInputError('roleName', 'is a system role, which cannot be dropped');
      return { kind: 'dropRole', roleName };
    }
    case 'alterWarehouse': {
      onlyFields(input, ['kind', 'warehouseName', 'size', 'autoSuspendSeconds', 'maxClusterCount']);
      let size: WarehouseSize | undefined;
      if (present(input, 'size')) {
        const parsed = typeof input.size === 'string' ? parseWarehouseSize(input.size) : null;
        if (!parsed || !isWarehouseSize(parsed)) throw new InvalidInputError('size', `must be one of ${WAREHOUSE_SIZES.join(', ')}`);
        size = parsed;
      }
      const change = withOptional<AlterWarehouseChange>(
        { kind: 'alterWarehouse', warehouseName: name(input, 'warehouseName') },
        {
          size,
          autoSuspendSeconds: integer(input, 'autoSuspendSeconds', 60, 86_400),
          maxClusterCount: integer(input, 'maxClusterCount', 1, 10),
        },
      );
      if (change.size === undefined && change.autoSuspendSeconds === undefined && change.maxClusterCount === undefined) {
        throw new InvalidInputError('size', 'give size, autoSuspendSeconds or maxClusterCount');
      }
      return change;
    }
  }
  throw new InvalidInputError('kind', 'is not supported');
}

/** The object a change is about, for audit records and messages. */
export function changeSubject(change: WarehouseChange): { objectType: 'user' | 'role' | 'warehouse'; name: string } {
  switch (change.kind) {
    case 'createRole':
    case 'grantRoleToRole':
    case 'revokeRoleFromRole':
    case 'dropRole':
      return { objectType: 'role', name: change.roleName };
    case 'alterWarehouse':
      return { objectType: 'warehouse', name: change.warehouseName };
    default:
      return { objectType: 'user', name: change.userName };
  }
}

export type {
  CreateUserChange,
  SetUserDisabledChange,
  SetUserDefaultsChange,
  GrantRoleToUserChange,
  RevokeRoleFromUserChange,
  DropUserChange,
  CreateRoleChange,
  GrantRoleToRoleChange,
  RevokeRoleFromRoleChange,
  DropRoleChange,
  AlterWarehouseChange,
  WarehouseChange,
  ChangeKind,
};
export { CHANGE_KINDS, MAX_DISPLAY_NAME_LENGTH, MAX_COMMENT_LENGTH };
