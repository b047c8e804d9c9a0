// One base class for every refusal an area's code throws. It carries how the API answers it
// (status, error code, the request field at fault), so the HTTP error handler maps all of them
// by class alone and no area needs a translator of its own. The message is always written for
// the person who made the request; anything internal belongs in `cause` (logged, never sent).
// The answer is one property (not `status`/`code` fields) so that subclasses describing another
// system's failure keep that system's own status and code beside it.

export interface DomainAnswer {
  /** The HTTP status the API answers with. */
  status: number;
  /** The `error` code of the answer's body, e.g. `not_found`, `invalid_request`. */
  code: string;
  /** The request field at fault, e.g. `name` or `definition.sql`. */
  field?: string;
}

export class DomainError extends Error {
  readonly answer: DomainAnswer;

  constructor(message: string, answer: DomainAnswer, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.answer = answer.field === undefined ? { status: answer.status, code: answer.code } : answer;
  }
}

/** The answer with `field` only when there is one. */
const withField = (status: number, code: string, field: string | undefined): DomainAnswer =>
  field === undefined ? { status, code } : { status, code, field };

/** The record does not exist in the caller's organisation (another organisation's looks the same): 404. */
export class NotFoundError extends DomainError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, { status: 404, code: 'not_found' }, options);
  }
}

/** Well-formed input that is wrong here; `field` names what: 400. */
export class InvalidRequestError extends DomainError {
  constructor(field: string | undefined, message: string, code = 'invalid_request') {
    super(message, withField(400, code, field));
  }
}

/** The current state refuses the change (a taken name, a move the state does not allow): 409. */
export class ConflictError extends DomainError {
  constructor(message: string, field?: string, code = 'conflict') {
    super(message, withField(409, code, field));
  }
}

/** The caller may open the page but not do this: 403. */
export class ForbiddenError extends DomainError {
  constructor(message: string, field?: string) {
    super(message, withField(403, 'forbidden', field));
  }
}

/** Something the request needs cannot be reached now (an engine, an identity service): 503. */
export class UnavailableError extends DomainError {
  constructor(message: string, code = 'unavailable', options?: { cause?: unknown }) {
    super(message, { status: 503, code }, options);
  }
}

export { withField as domainAnswer };
