// The catalog observability area's errors and how the API answers them (each carries its
// HTTP answer; the platform error handler sends it). Every refusal names what is wrong and changes nothing.
import { DomainError } from '../../platform/errors/domainError.js';

/** A test, incident or asset the organisation does not have (another organisation's looks the same). */
export class QualityNotFoundError extends DomainError {
  constructor(readonly what: string) {
    super(`No ${what} with that id in your organisation.`, { status: 404, code: 'not_found' });
    this.name = 'QualityNotFoundError';
  }
}

/** A move the incident's state does not allow. */
export class IncidentTransitionError extends DomainError {
  constructor(from: string, to: string) {
    super(`An incident that is ${from} cannot be moved to ${to}.`, { status: 409, code: 'conflict' });
    this.name = 'IncidentTransitionError';
  }
}

/** Reopening an incident that is not resolved, or whose test has a newer open incident. */
export class IncidentReopenError extends DomainError {
  constructor(message: string) {
    super(message, { status: 409, code: 'conflict' });
    this.name = 'IncidentReopenError';
  }
}

/** A request that is well-formed but incomplete or inconsistent (a resolution without a reason). */
export class QualityInputError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message, { status: 400, code: 'invalid_request', field });
    this.name = 'QualityInputError';
  }
}

/** A profile that cannot be taken (not a table or view, no warehouse, a name the warehouse cannot hold). */
export class ProfileRefusedError extends DomainError {
  constructor(message: string) {
    super(message, { status: 422, code: 'unprocessable', field: 'assetId' });
    this.name = 'ProfileRefusedError';
  }
}
