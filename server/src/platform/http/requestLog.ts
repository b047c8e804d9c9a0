// One log line per request, at a level that says how it went: refused or failed requests (4xx,
// 5xx) at info or error and slow ones at warn, so the default log shows what needs a look;
// successful requests at debug (LOG_LEVEL=debug shows every request). Writing two JSON lines
// for every successful request, as Fastify does by default, cost about half of the API's
// throughput.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is worth a warning whatever its answer. */
const SLOW_MS = 1000;

export class RequestLog extends LogController {
  override incomingRequest(): void {
    // The completed line says everything; one line per request.
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const fields = { method: request.method, url: request.url, status: reply.statusCode, ms };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (ms >= SLOW_MS) reply.log.warn(fields, 'slow request');
    else if (reply.statusCode >= 400) reply.log.info(fields, 'request');
    // pino turns disabled levels into no-ops, so this costs nothing at the default level.
    else reply.log.debug(fields, 'request');
  }
}
