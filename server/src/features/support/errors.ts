// The support desk's own refusals and how the API answers them (handed to the error handler by
// app/portalServer.ts). Each is thrown before anything is written.
import { HttpError, type ErrorTranslator } from '../../platform/http/errors.js';

/** A status change the ticket's rules do not allow; the message names the transition. */
export class TransitionError extends Error {
  constructor(
    message: string,
    readonly forbidden: boolean,
  ) {
    super(message);
    this.name = 'TransitionError';
  }
}

/** A file that may not be attached (type, size, name, count). */
export class AttachmentError extends Error {
  constructor(
    message: string,
    readonly tooLarge: boolean,
  ) {
    super(message);
    this.name = 'AttachmentError';
  }
}

/** Something only support staff may do (internal notes, assignment). */
export class StaffOnlyError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'StaffOnlyError';
  }
}

export const supportHttpError: ErrorTranslator = (error) => {
  if (error instanceof TransitionError)
    return new HttpError(error.forbidden ? 403 : 400, error.forbidden ? 'forbidden' : 'invalid_transition', error.message, 'status');
  if (error instanceof AttachmentError)
    return new HttpError(error.tooLarge ? 413 : 400, error.tooLarge ? 'payload_too_large' : 'invalid_attachment', error.message, 'file');
  if (error instanceof StaffOnlyError) return new HttpError(403, 'forbidden', error.message, error.field);
  return null;
};
