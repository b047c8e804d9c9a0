// The catalog organisation area's errors and how the API answers them (each carries its
// HTTP answer; the platform error handler sends it). Every refusal names what is wrong and changes nothing.
import { DomainError } from '../../platform/errors/domainError.js';

/** A domain, product or asset the organisation does not have (another organisation's looks the same). */
export class CatalogOrganisationNotFoundError extends DomainError {
  constructor(what: string) {
    super(`No ${what} with that name or id in your organisation.`, { status: 404, code: 'not_found' });
    this.name = 'CatalogOrganisationNotFoundError';
  }
}

/** Well-formed input the organisation's project or store cannot take (an asset id not in the project, a taken name). */
export class CatalogOrganisationInputError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
    readonly status: 400 | 409 = 400,
  ) {
    super(message, { status, code: status === 409 ? 'conflict' : 'invalid_request', field });
    this.name = 'CatalogOrganisationInputError';
  }
}

/** The warehouse figures cost per asset reads are not there (no usage copy yet, an account without query history). */
export class CostUnavailableError extends DomainError {
  constructor(message: string) {
    super(message, { status: 503, code: 'unavailable' });
    this.name = 'CostUnavailableError';
  }
}

/** An asset the organisation's current project lacks, said in the form's words (common/dbt/unknownAsset.ts). */
export class UnknownAssetError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
    readonly status: 400 | 404,
  ) {
    super(message, { status, code: status === 404 ? 'not_found' : 'invalid_request', field });
    this.name = 'UnknownAssetError';
  }
}
