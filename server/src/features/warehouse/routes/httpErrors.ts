// How the warehouse layer's errors answer over HTTP (see server/src/features/warehouse/errors.ts).
import { InvalidInputError, UsageNotReadyError, WarehouseError, type WarehouseErrorKind } from '../index.js';
import { HttpError } from '../../../platform/http/errors.js';

const statusOf: Record<WarehouseErrorKind, number> = {
  not_found: 404,
  already_exists: 409,
  conflict: 409,
  forbidden: 403,
  unavailable: 503,
  failed: 502,
};

export function warehouseHttpError(error: unknown): HttpError | null {
  if (error instanceof InvalidInputError) return new HttpError(400, 'invalid_request', `${error.field}: ${error.reason}`, error.field);
  // The page tells "still filling the copy" apart from an account that cannot be reached.
  if (error instanceof UsageNotReadyError) return new HttpError(503, 'usage_not_ready', error.message);
  if (error instanceof WarehouseError) {
    const status = statusOf[error.kind];
    return new HttpError(status, error.kind, error.message);
  }
  return null;
}
