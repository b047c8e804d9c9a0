// The alerts area's errors and how the API answers them (handed to the error handler by
// app/portalServer.ts). Every refusal names what is wrong and changes nothing.
import { HttpError, type ErrorTranslator } from '../../platform/http/errors.js';

/** A rule the organisation does not have (another organisation's looks the same). */
export class AlertRuleNotFoundError extends Error {
  constructor() {
    super('No alert rule with that id in your organisation.');
    this.name = 'AlertRuleNotFoundError';
  }
}

/** A rule name the organisation already uses. */
export class AlertRuleNameTakenError extends Error {
  constructor(name: string) {
    super(`An alert rule named "${name}" already exists.`);
    this.name = 'AlertRuleNameTakenError';
  }
}

/** A destination the catalog settings do not allow (a private address, a host not on the list). */
export class DestinationRefusedError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'DestinationRefusedError';
  }
}

export const catalogAlertsHttpError: ErrorTranslator = (error) => {
  if (error instanceof AlertRuleNotFoundError) return new HttpError(404, 'not_found', error.message);
  if (error instanceof AlertRuleNameTakenError) return new HttpError(409, 'conflict', error.message, 'name');
  if (error instanceof DestinationRefusedError) return new HttpError(400, 'invalid_request', error.message, error.field);
  return null;
};
