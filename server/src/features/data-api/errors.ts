// The data API's own refusals and how the API answers them (handed to the error handler by
// app/portalServer.ts). Each is thrown before anything is written.
import { HttpError, type ErrorTranslator } from '../../platform/http/errors.js';
import { StatementTimeoutError } from '../../platform/warehouse/errors.js';
import { UnsafeStatementError } from '../../platform/warehouse/readOnlyQuery.js';
import { ParameterError } from './parameterSchema.js';
import { PlaceholderError } from './placeholders.js';

export type DataApiErrorKind = 'not_found' | 'conflict' | 'invalid';

export class DataApiError extends Error {
  override readonly name = 'DataApiError';
  constructor(
    readonly kind: DataApiErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const STATUS: Record<DataApiErrorKind, number> = { not_found: 404, conflict: 409, invalid: 400 };

export const dataApiHttpError: ErrorTranslator = (error) => {
  if (error instanceof DataApiError)
    return new HttpError(STATUS[error.kind], error.kind === 'invalid' ? 'invalid_request' : error.kind, error.message, error.field);
  if (error instanceof ParameterError) return new HttpError(400, 'invalid_parameter', error.message, error.field);
  if (error instanceof PlaceholderError) return new HttpError(400, 'invalid_sql', error.message, error.field);
  if (error instanceof UnsafeStatementError) return new HttpError(400, 'invalid_sql', error.message, 'definition.sql');
  if (error instanceof StatementTimeoutError) return new HttpError(504, 'statement_timeout', error.message);
  return null;
};
