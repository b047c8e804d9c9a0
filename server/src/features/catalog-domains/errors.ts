// The catalog organisation area's errors and how the API answers them (handed to the error
// handler by app/portalServer.ts). Every refusal names what is wrong and changes nothing.
import { HttpError, type ErrorTranslator } from '../../platform/http/errors.js';

/** A domain, product or asset the organisation does not have (another organisation's looks the same). */
export class CatalogOrganisationNotFoundError extends Error {
  constructor(what: string) {
    super(`No ${what} with that name or id in your organisation.`);
    this.name = 'CatalogOrganisationNotFoundError';
  }
}

/** Well-formed input the organisation's project or store cannot take (an asset id not in the project, a taken name). */
export class CatalogOrganisationInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly status: 400 | 409 = 400,
  ) {
    super(message);
    this.name = 'CatalogOrganisationInputError';
  }
}

/** The warehouse figures cost per asset reads are not there (no usage copy yet, an account without query history). */
export class CostUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CostUnavailableError';
  }
}

export const catalogDomainsHttpError: ErrorTranslator = (error) => {
  if (error instanceof CatalogOrganisationNotFoundError) return new HttpError(404, 'not_found', error.message);
  if (error instanceof CatalogOrganisationInputError)
    return new HttpError(error.status, error.status === 409 ? 'conflict' : 'invalid_request', error.message, error.field);
  if (error instanceof CostUnavailableError) return new HttpError(503, 'unavailable', error.message);
  return null;
};
