// The data API's own refusals and how the API answers them (each carries its HTTP answer;
// the platform error handler sends it). Each is thrown before anything is written.
import { DomainError } from '../../platform/errors/domainError.js';

export type DataApiErrorKind = 'not_found' | 'conflict' | 'invalid';

const STATUS: Record<DataApiErrorKind, number> = { not_found: 404, conflict: 409, invalid: 400 };

export class DataApiError extends DomainError {
  override readonly name = 'DataApiError';
  constructor(
    readonly kind: DataApiErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message, { status: STATUS[kind], code: kind === 'invalid' ? 'invalid_request' : kind, ...(field ? { field } : {}) });
  }
}
