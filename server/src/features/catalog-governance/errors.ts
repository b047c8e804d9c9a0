// The governance area's errors and how the API answers them (each carries its HTTP answer;
// the platform error handler sends it). Every refusal names what is wrong and leaves the store as it was.
import { DomainError } from '../../platform/errors/domainError.js';

/** A glossary, term, classification, tag, suggestion, asset or metric the organisation does not have. */
export class GovernanceNotFoundError extends DomainError {
  constructor(readonly what: string) {
    super(`No ${what} with that id in your organisation.`, { status: 404, code: 'not_found' });
    this.name = 'GovernanceNotFoundError';
  }
}

/** Input that is well-formed but wrong here (an unknown column, a related term of another organisation). */
export class GovernanceInputError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message, { status: 400, code: 'invalid_request', field });
    this.name = 'GovernanceInputError';
  }
}

/** A change the current state refuses: a name taken, a hierarchy cycle, a forbidden move, a second tag of an exclusive category. */
export class GovernanceConflictError extends DomainError {
  constructor(
    readonly field: string | undefined,
    message: string,
  ) {
    super(message, { status: 409, code: 'conflict', ...(field ? { field } : {}) });
    this.name = 'GovernanceConflictError';
  }
}

/** A person who may open the page but not make this change (not an editor, not a reviewer). */
export class GovernanceForbiddenError extends DomainError {
  constructor(message: string) {
    super(message, { status: 403, code: 'forbidden' });
    this.name = 'GovernanceForbiddenError';
  }
}

/** A metric whose values cannot be queried (not a simple aggregation, no table, no warehouse). */
export class MetricValuesRefusedError extends DomainError {
  constructor(message: string) {
    super(message, { status: 422, code: 'unprocessable', field: 'metricId' });
    this.name = 'MetricValuesRefusedError';
  }
}

/** PostgreSQL's unique_violation: a concurrent writer took the name between our check and our insert. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** An asset the organisation's current project lacks, said in the form's words (common/dbt/unknownAsset.ts). */
export class GovernanceUnknownAssetError extends DomainError {
  constructor(message: string) {
    super(message, { status: 404, code: 'not_found', field: 'nodeId' });
    this.name = 'GovernanceUnknownAssetError';
  }
}
