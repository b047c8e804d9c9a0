// What the store reports when a write cannot be done. The API turns these into 404 / 409 /
// 400 answers; nothing has been written when one of them is thrown.
import { DomainError } from '../errors/domainError.js';

/** No such record in the caller's organisation (another organisation's record included). */
export class RecordNotFoundError extends DomainError {
  constructor(readonly what: string) {
    super(`No such ${what}.`, { status: 404, code: 'not_found' });
    this.name = 'RecordNotFoundError';
  }
}

/** A unique value is already taken, e.g. a dashboard name within an organisation. */
export class DuplicateValueError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message, { status: 409, code: 'conflict', field });
    this.name = 'DuplicateValueError';
  }
}

/** The request is well-formed but does not fit the stored data (e.g. a partial reorder). */
export class InconsistentRequestError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message, { status: 400, code: 'invalid_request', field });
    this.name = 'InconsistentRequestError';
  }
}

/** PostgreSQL's unique_violation, as raised by node-postgres and by PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
