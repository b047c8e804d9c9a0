// One log line per request, at a level that says how it went: refused or failed requests (4xx,
// 5xx) at info or error and slow ones at warn, so the default log shows what needs a look;
// successful requests at debug (LOG_LEVEL=debug shows every request). Writing two JSON lines
// for every successful request, as Fastify does by default, cost about half of the API's
// throughput.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is worth a warning whatever its answer. */
const SLOW_MS = 1000;

/**
 * Query parameters whose values are credentials when a client puts them in a URL (an API key as
 * `?api_key=`, an OAuth `code`, a `token`): logged as `[redacted]`. Matched on the name's last
 * word, so `access_token`, `client_secret` and `x-api-key` are caught too; a harmless name such
 * as `sort_key` loses its value in the log, which is the safe side.
 */
const SECRET_QUERY_NAME = /(^|[_.-])(api_?key|apikey|key|token|secret|password|passwd|code|signature|sig|credentials?)$/i;

/** The URL as logged: the path and query, with the values of credential-like parameters replaced. */
export function redactedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const parts = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as sent.
      }
      return equals >= 0 && SECRET_QUERY_NAME.test(name) ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, mark)}?${parts.join('&')}`;
}

export class RequestLog extends LogController {
  override incomingRequest(): void {
    // The completed line says everything; one line per request.
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const fields = { method: request.method, url: redactedUrl(request.url), status: reply.statusCode, ms };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (ms >= SLOW_MS) reply.log.warn(fields, 'slow request');
    else if (reply.statusCode >= 400) reply.log.info(fields, 'request');
    // pino turns disabled levels into no-ops, so this costs nothing at the default level.
    else reply.log.debug(fields, 'request');
  }
}
