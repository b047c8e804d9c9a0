// How the warehouse layer's errors answer over HTTP (see server/src/features/warehouse/errors.ts).
import { InvalidInputError, WarehouseError, type WarehouseErrorKind } from '../index.js';
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
  if (error instanceof WarehouseError) {
    const status = statusOf[error.kind];
    return new HttpError(status, error.kind, error.message);
  }
  return null;
}
