// One error shape for every API answer that is not a success:
//   { "error": "<code>", "message": "<sentence for a person>", "field"?: "<path>" }
// Store errors, validation errors and Fastify's own (bad JSON, body too large) all end here;
// an unexpected error is logged with its stack and answered 500 without details. Every refusal
// an area throws derives from DomainError (platform/errors/domainError.ts) and carries its own
// answer, so this module maps them by class and knows no area.
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from '../errors/domainError.js';
import { multipartHttpError } from './multipartErrors.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface ErrorBody {
  error: string;
  message: string;
  field?: string;
}

const codeForStatus: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_token',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) return new HttpError(error.answer.status, error.answer.code, error.message, error.answer.field);
  const multipart = multipartHttpError(error);
  if (multipart) return new HttpError(multipart.statusCode, multipart.code, multipart.message);
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const fastifyError = error as FastifyError;
    const message =
      fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'The request body is larger than the 1 MB limit.'
        : fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send the body as application/json.'
          : fastifyError.message;
    return new HttpError(status, codeForStatus[status] ?? 'invalid_request', message);
  }
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const known = toHttpError(error);
    if (!known) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ error: 'server_error', message: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody);
    }
    // The cause of an engine error may name internal objects: logged here, never answered.
    if (known.statusCode >= 500) request.log.warn({ err: error }, 'request refused');
    const body: ErrorBody = { error: known.code, message: known.message, ...(known.field ? { field: known.field } : {}) };
    if (known.statusCode === 401) {
      reply.header(
        'www-authenticate',
        `Bearer realm="dataworks", error="invalid_token", error_description="${known.message.replace(/"/g, "'")}"`,
      );
    }
    return reply.code(known.statusCode).send(body);
  });
}
