// What the store reports when a write cannot be done. The API turns these into 404 / 409 /
// 400 answers; nothing has been written when one of them is thrown.

/** No such record in the caller's organisation (another organisation's record included). */
export class RecordNotFoundError extends Error {
  constructor(readonly what: string) {
    super(`No such ${what}.`);
    this.name = 'RecordNotFoundError';
  }
}

/** A unique value is already taken, e.g. a dashboard name within an organisation. */
export class DuplicateValueError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'DuplicateValueError';
  }
}

/** The request is well-formed but does not fit the stored data (e.g. a partial reorder). */
export class InconsistentRequestError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'InconsistentRequestError';
  }
}

/** PostgreSQL's unique_violation, as raised by node-postgres and by PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
