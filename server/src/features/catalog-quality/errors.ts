// The catalog observability area's errors and how the API answers them (handed to the error
// handler by app/portalServer.ts). Every refusal names what is wrong and changes nothing.
import { HttpError, type ErrorTranslator } from '../../platform/http/errors.js';

/** A test, incident or asset the organisation does not have (another organisation's looks the same). */
export class QualityNotFoundError extends Error {
  constructor(readonly what: string) {
    super(`No ${what} with that id in your organisation.`);
    this.name = 'QualityNotFoundError';
  }
}

/** A move the incident's state does not allow. */
export class IncidentTransitionError extends Error {
  constructor(from: string, to: string) {
    super(`An incident that is ${from} cannot be moved to ${to}.`);
    this.name = 'IncidentTransitionError';
  }
}

/** A request that is well-formed but incomplete or inconsistent (a resolution without a reason). */
export class QualityInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'QualityInputError';
  }
}

/** A profile that cannot be taken (not a table or view, no warehouse, a name the warehouse cannot hold). */
export class ProfileRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileRefusedError';
  }
}

export const catalogQualityHttpError: ErrorTranslator = (error) => {
  if (error instanceof QualityNotFoundError) return new HttpError(404, 'not_found', error.message);
  if (error instanceof IncidentTransitionError) return new HttpError(409, 'conflict', error.message);
  if (error instanceof QualityInputError) return new HttpError(400, 'invalid_request', error.message, error.field);
  if (error instanceof ProfileRefusedError) return new HttpError(422, 'unprocessable', error.message, 'assetId');
  return null;
};
