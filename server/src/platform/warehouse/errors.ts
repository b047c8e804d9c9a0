import { DomainError } from '../errors/domainError.js';
/**
 * Errors the warehouse layer throws. The API layer maps them to HTTP answers:
 *
 * | error                         | HTTP | when |
 * |-------------------------------|------|------|
 * | InvalidInputError             | 400  | a filter, date, number or text field is malformed (`field` names it) |
 * | InvalidIdentifierError        | 400  | a user, role or warehouse name breaks Snowflake's identifier rules |
 * | WarehouseError `not_found`    | 404  | the user, role, warehouse, grant or query does not exist |
 * | WarehouseError `already_exists` | 409 | create of an object that exists |
 * | WarehouseError `conflict`     | 409  | a concurrent change or a rule of the account refused it (e.g. a role cycle) |
 * | WarehouseError `forbidden`    | 403  | the warehouse's own service role lacks the privilege |
 * | WarehouseError `unavailable`  | 503  | the engine cannot be reached (connection, login, network) |
 * | WarehouseError `failed`       | 502  | anything else the engine reported |
 *
 * `message` is always safe to show to the user; the engine's raw error is kept in `cause`
 * for the server log only (it may name internal objects).
 */

/** Input failed validation before anything reached the engine. */
export class InvalidInputError extends DomainError {
  override readonly name: string = 'InvalidInputError';
  constructor(
    /** The request field at fault, e.g. `from`, `warehouseName`, `change.roleName`. */
    readonly field: string,
    /** Why, in words fit for the user. */
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`, { status: 400, code: 'invalid_request', field });
  }
}

/** A user, role or warehouse name that is not a valid unquoted Snowflake identifier. */
export class InvalidIdentifierError extends InvalidInputError {
  override readonly name: string = 'InvalidIdentifierError';
}

export type WarehouseErrorKind = 'not_found' | 'already_exists' | 'conflict' | 'forbidden' | 'unavailable' | 'failed';

/** The engine refused or failed; `message` is written for the user. */
const STATUS_OF_KIND: Record<WarehouseErrorKind, number> = {
  not_found: 404,
  already_exists: 409,
  conflict: 409,
  forbidden: 403,
  unavailable: 503,
  failed: 502,
};

export class WarehouseError extends DomainError {
  override readonly name: string = 'WarehouseError';
  constructor(
    readonly kind: WarehouseErrorKind,
    message: string,
    options?: { cause?: unknown; code?: string },
  ) {
    super(message, { status: STATUS_OF_KIND[kind], code: options?.code ?? kind }, options);
  }
}

export function notFound(what: string): WarehouseError {
  return new WarehouseError('not_found', `${what} does not exist.`);
}

export function alreadyExists(what: string): WarehouseError {
  return new WarehouseError('already_exists', `${what} already exists.`);
}

/** Any error thrown by the layer's own code passes through; anything else becomes a WarehouseError. */
export function isWarehouseLayerError(error: unknown): error is InvalidInputError | WarehouseError {
  return error instanceof InvalidInputError || error instanceof WarehouseError;
}

/** A user-written statement ran past its time limit and was stopped. */
export class StatementTimeoutError extends DomainError {
  override readonly name = 'StatementTimeoutError';
  constructor(
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(`The query ran longer than ${timeoutMs / 1000} seconds and was stopped.`, { status: 504, code: 'statement_timeout' }, options);
  }
}
