// The support desk's own refusals and how the API answers them (each carries its HTTP answer;
// the platform error handler sends it). Each is thrown before anything is written.
import { DomainError } from '../../platform/errors/domainError.js';

/** A status change the ticket's rules do not allow; the message names the transition. */
export class TransitionError extends DomainError {
  constructor(
    message: string,
    readonly forbidden: boolean,
  ) {
    super(
      message,
      forbidden ? { status: 403, code: 'forbidden', field: 'status' } : { status: 400, code: 'invalid_transition', field: 'status' },
    );
    this.name = 'TransitionError';
  }
}

/** A file that may not be attached (type, size, name, count). */
export class AttachmentError extends DomainError {
  constructor(
    message: string,
    readonly tooLarge: boolean,
  ) {
    super(
      message,
      tooLarge ? { status: 413, code: 'payload_too_large', field: 'file' } : { status: 400, code: 'invalid_attachment', field: 'file' },
    );
    this.name = 'AttachmentError';
  }
}

/** Something only support staff may do (internal notes, assignment). */
export class StaffOnlyError extends DomainError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message, { status: 403, code: 'forbidden', field });
    this.name = 'StaffOnlyError';
  }
}
