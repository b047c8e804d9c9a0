// The alerts area's errors and how the API answers them (each carries its HTTP answer;
// the platform error handler sends it). Every refusal names what is wrong and changes nothing.
import { DomainError } from '../../platform/errors/domainError.js';

/** A rule the organisation does not have (another organisation's looks the same). */
export class AlertRuleNotFoundError extends DomainError {
  constructor() {
    super('No alert rule with that id in your organisation.', { status: 404, code: 'not_found' });
    this.name = 'AlertRuleNotFoundError';
  }
}

/** A rule name the organisation already uses. */
export class AlertRuleNameTakenError extends DomainError {
  constructor(name: string) {
    super(`An alert rule named "${name}" already exists.`, { status: 409, code: 'conflict', field: 'name' });
    this.name = 'AlertRuleNameTakenError';
  }
}

/** A destination the catalog settings do not allow (a private address, a host not on the list). */
export class DestinationRefusedError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message, { status: 400, code: 'invalid_request', field });
    this.name = 'DestinationRefusedError';
  }
}
