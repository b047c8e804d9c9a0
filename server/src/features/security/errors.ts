// How the security area's refusals answer over HTTP (handed to the error handler by
// app/portalServer.ts): the identity service's errors and the area's own rules.
import { HttpError, type ErrorTranslator } from '../../platform/http/errors.js';
import { IdentityConflictError, IdentityInvalidError, IdentityNotFoundError, IdentityUnavailableError } from './identityService.js';

/** A change the organisation's rules forbid: above the caller's own roles (403) or locking the organisation out (409). */
export class SecurityRuleError extends Error {
  constructor(
    message: string,
    readonly kind: 'forbidden' | 'conflict',
    readonly field?: string,
  ) {
    super(message);
    this.name = 'SecurityRuleError';
  }
}

export const securityHttpError: ErrorTranslator = (error) => {
  if (error instanceof IdentityNotFoundError) return new HttpError(404, 'not_found', error.message);
  if (error instanceof IdentityConflictError) return new HttpError(409, 'conflict', error.message, error.field);
  if (error instanceof IdentityInvalidError) return new HttpError(400, 'invalid_request', error.message, error.field);
  if (error instanceof IdentityUnavailableError) return new HttpError(503, 'unavailable', error.message);
  if (error instanceof SecurityRuleError)
    return new HttpError(error.kind === 'forbidden' ? 403 : 409, error.kind, error.message, error.field);
  return null;
};
