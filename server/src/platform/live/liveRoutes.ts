// GET /api/live: the browser's one stream of server-sent events. The authentication hook has
// already checked the bearer token (the browser reads this stream with fetch, so the token
// stays in memory instead of a URL or cookie). The connection receives the messages of its
// organisation and those addressed to its user, a comment every 25 s so proxies keep it open,
// and is unsubscribed when either side closes it.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { callerOf, organisationOf } from '../http/auth/authenticate.js';
import type { LiveChannel } from './liveChannel.js';
import { commentFrame, eventFrame, retryFrame } from './sseFrames.js';

export const LIVE_HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream drops. */
const RECONNECT_HINT_MS = 3000;

export interface LiveRouteOptions {
  heartbeatMs?: number;
}

export function registerLiveRoutes(app: FastifyInstance, live: LiveChannel, options: LiveRouteOptions = {}): void {
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const open = new Set<ServerResponse>();

  // Open streams never end by themselves: end them so closing the server does not wait forever.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
  });

  app.get('/api/live', async (request, reply) => {
    const caller = callerOf(request);
    const organisation = organisationOf(caller);
    const raw = reply.raw;
    const write = (frame: string) => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(frame);
    };

    // Subscribe before answering, so a failure is still an ordinary error answer.
    const unsubscribe = await live.subscribe({ organisation, userId: caller.subject }, (event) => write(eventFrame(event)));

    // From here on the response is ours: Fastify sends nothing more. Headers other hooks set
    // (security headers, CORS) are carried over.
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) raw.setHeader(name, value);
    }
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    open.add(raw);
    write(retryFrame(RECONNECT_HINT_MS));
    write(commentFrame('connected'));

    const heartbeat = setInterval(() => write(commentFrame('heartbeat')), heartbeatMs);
    let closed = false;
    const cleanUp = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(raw);
    };
    request.raw.on('close', cleanUp);
    raw.on('close', cleanUp);
    raw.on('error', cleanUp);
  });
}
