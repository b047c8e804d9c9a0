// How the security area's refusals answer over HTTP (each carries its HTTP answer;
// the platform error handler sends it): the identity service's errors and the area's own rules.
import { DomainError } from '../../platform/errors/domainError.js';

/** A change the organisation's rules forbid: above the caller's own roles (403) or locking the organisation out (409). */
export class SecurityRuleError extends DomainError {
  constructor(
    message: string,
    readonly kind: 'forbidden' | 'conflict',
    readonly field?: string,
  ) {
    super(message, { status: kind === 'forbidden' ? 403 : 409, code: kind, ...(field ? { field } : {}) });
    this.name = 'SecurityRuleError';
  }
}
