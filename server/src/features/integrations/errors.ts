// The integrations area's refusals and how the API answers them (each carries its HTTP answer;
// the platform error handler sends it). Each is thrown before anything is written.
import { DomainError } from '../../platform/errors/domainError.js';

/** Something that clashes with what exists (a source still used, a sync already running). */
export class IntegrationConflictError extends DomainError {
  constructor(message: string) {
    super(message, { status: 409, code: 'conflict' });
    this.name = 'IntegrationConflictError';
  }
}

/** A connector that could not be run to answer (spec or discover failed), in the connector's words. */
export class ConnectorRunError extends DomainError {
  constructor(message: string) {
    super(message, { status: 502, code: 'connector_failed' });
    this.name = 'ConnectorRunError';
  }
}

/** A source's new settings failed the connector's check: nothing was saved; the message is the connector's. */
export class SourceCheckFailedError extends DomainError {
  constructor(message: string | null) {
    super(`The connection test failed, so nothing was saved: ${message ?? 'the connector gave no reason.'}`, {
      status: 400,
      code: 'check_failed',
    });
    this.name = 'SourceCheckFailedError';
  }
}
