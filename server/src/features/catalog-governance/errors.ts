// The governance area's errors and how the API answers them (handed to the error handler by
// app/portalServer.ts). Every refusal names what is wrong and leaves the store as it was.
import { HttpError, type ErrorTranslator } from '../../platform/http/errors.js';

/** A glossary, term, classification, tag, suggestion, asset or metric the organisation does not have. */
export class GovernanceNotFoundError extends Error {
  constructor(readonly what: string) {
    super(`No ${what} with that id in your organisation.`);
    this.name = 'GovernanceNotFoundError';
  }
}

/** Input that is well-formed but wrong here (an unknown column, a related term of another organisation). */
export class GovernanceInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'GovernanceInputError';
  }
}

/** A change the current state refuses: a name taken, a hierarchy cycle, a forbidden move, a second tag of an exclusive category. */
export class GovernanceConflictError extends Error {
  constructor(
    readonly field: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'GovernanceConflictError';
  }
}

/** A person who may open the page but not make this change (not an editor, not a reviewer). */
export class GovernanceForbiddenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GovernanceForbiddenError';
  }
}

/** A metric whose values cannot be queried (not a simple aggregation, no table, no warehouse). */
export class MetricValuesRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetricValuesRefusedError';
  }
}

export const catalogGovernanceHttpError: ErrorTranslator = (error) => {
  if (error instanceof GovernanceNotFoundError) return new HttpError(404, 'not_found', error.message);
  if (error instanceof GovernanceInputError) return new HttpError(400, 'invalid_request', error.message, error.field);
  if (error instanceof GovernanceConflictError) return new HttpError(409, 'conflict', error.message, error.field);
  if (error instanceof GovernanceForbiddenError) return new HttpError(403, 'forbidden', error.message);
  if (error instanceof MetricValuesRefusedError) return new HttpError(422, 'unprocessable', error.message, 'metricId');
  return null;
};

/** PostgreSQL's unique_violation: a concurrent writer took the name between our check and our insert. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
