// The one error the Airbyte client throws for anything that went wrong with a request: an answer
// that is not a success (Airbyte answers problem JSON: `{type, title, detail, status}`), no answer
// in time, no answer at all, or an answer not shaped as the client needs. Its message says what
// happened in words, with Airbyte's `detail`; the client secret and the access token are taken out
// of every text that came from elsewhere before it is used.
import { DomainError } from '../../../platform/errors/domainError.js';

export type AirbyteFailure = 'refused' | 'timeout' | 'unreachable' | 'unexpected_answer';

export class AirbyteApiError extends DomainError {
  constructor(
    message: string,
    /** The HTTP status Airbyte answered, or undefined when no answer came. */
    readonly status: number | undefined,
    readonly failure: AirbyteFailure,
    /** The request as `METHOD /v1/path` (no query, no host). */
    readonly request: string,
    /** Airbyte's own `detail` (or its answer's text), secrets removed. */
    readonly detail?: string,
  ) {
    super(
      message,
      status === 400 || status === 422 ? { status: 400, code: 'airbyte_refused' } : { status: 502, code: 'airbyte_unavailable' },
    );
    this.name = 'AirbyteApiError';
  }
}

/** Replaces each secret that occurs in `text` (the client secret, access tokens). */
export function withoutSecrets(text: string, secrets: Iterable<string | undefined>): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) result = result.split(secret).join('[hidden]');
  }
  return result;
}
