// GET /api/live: the browser's one stream of server-sent events. The authentication hook has
// already checked the bearer token (the browser reads this stream with fetch, so the token
// stays in memory instead of a URL or cookie). The connection receives the messages of its
// organisation and those addressed to its user, a comment every 25 s so proxies keep it open,
// and is unsubscribed when either side closes it. A browser that reconnects sends the id of the
// last event it received (Last-Event-ID); a replay source (the notifications service) sends
// what that user missed meanwhile, each event once, before anything newer.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jobsEndpoints } from '@common/jobs/jobsEndpoints';
import { callerOf, organisationOf } from '../http/auth/authenticate.js';
import { endpointRoute } from '../http/endpointRoute.js';
import { HttpError } from '../http/errors.js';
import type { Caller } from '../http/auth/tokenVerifier.js';
import type { LiveChannel, LiveEvent } from './liveChannel.js';
import { commentFrame, eventFrame, retryFrame } from './sseFrames.js';

export const LIVE_HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream drops. */
const RECONNECT_HINT_MS = 3000;

/** Where missed events come from after a reconnect (the notifications service). */
export interface LiveReplaySource {
  /** Called before the connection subscribes (e.g. to remember who is connected). */
  onConnect?(caller: Caller, organisation: string): Promise<void>;
  /** Written when a stream opens without Last-Event-ID: gives the browser an id to come back with. */
  cursor?(caller: Caller, organisation: string): Promise<LiveEvent | null>;
  /** The events this user missed after `lastEventId`, oldest first; [] when the id is not one of this source's. */
  missed(caller: Caller, organisation: string, lastEventId: string): Promise<LiveEvent[]>;
}

export interface LiveRouteOptions {
  heartbeatMs?: number;
  replay?: LiveReplaySource;
  /** Open streams one user may hold on this instance (one per browser tab); default 20. */
  maxStreamsPerUser?: number;
  /** Open streams this instance holds in all; default 2,000. */
  maxStreams?: number;
}

/** Each stream holds a socket and a subscription: bounded per user and per instance. */
export const LIVE_STREAMS_PER_USER = 20;
export const LIVE_STREAMS_PER_INSTANCE = 2_000;

/** The Last-Event-ID header, if it is a sensible length for an id. */
function lastEventIdOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 200 ? value.trim() : null;
}

export function registerLiveRoutes(app: FastifyInstance, live: LiveChannel, options: LiveRouteOptions = {}): void {
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const maxPerUser = options.maxStreamsPerUser ?? LIVE_STREAMS_PER_USER;
  const maxStreams = options.maxStreams ?? LIVE_STREAMS_PER_INSTANCE;
  const open = new Set<ServerResponse>();
  // Counted from the moment a stream is accepted (before its first await), so a burst of
  // requests cannot all pass the check before any of them is counted.
  const perUser = new Map<string, number>();
  let accepted = 0;
  const release = (userKey: string) => {
    accepted -= 1;
    const left = (perUser.get(userKey) ?? 1) - 1;
    if (left > 0) perUser.set(userKey, left);
    else perUser.delete(userKey);
  };

  // Open streams never end by themselves: end them so closing the server does not wait forever.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
  });

  app.route({
    ...endpointRoute(jobsEndpoints.live, {}),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const organisation = organisationOf(caller);
      const userKey = `${organisation}/${caller.subject}`;
      if ((perUser.get(userKey) ?? 0) >= maxPerUser) {
        reply.header('retry-after', '30');
        throw new HttpError(
          429,
          'too_many_requests',
          `You already have ${maxPerUser} live connections open (one per open tab); close a tab or wait for an old connection to end.`,
        );
      }
      if (accepted >= maxStreams) {
        reply.header('retry-after', '30');
        throw new HttpError(
          429,
          'too_many_requests',
          'This portal server holds as many live connections as it may; the page reconnects by itself shortly.',
        );
      }
      accepted += 1;
      perUser.set(userKey, (perUser.get(userKey) ?? 0) + 1);
      let released = false;
      const releaseOnce = () => {
        if (released) return;
        released = true;
        release(userKey);
      };
      try {
        await serve(request, reply, caller, organisation, releaseOnce);
      } catch (error) {
        releaseOnce();
        throw error;
      }
    },
  });

  async function serve(request: FastifyRequest, reply: FastifyReply, caller: Caller, organisation: string, releaseStream: () => void) {
    const raw = reply.raw;
    const write = (frame: string) => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(frame);
    };

    const lastEventId = lastEventIdOf(request.headers['last-event-id']);
    await options.replay?.onConnect?.(caller, organisation);
    // Subscribe before answering, so a failure is still an ordinary error answer. Until the
    // replay has been written, live events wait in `held`; events the replay already sent are
    // never sent again (a notification published just before the replay's query shows up in both).
    let held: LiveEvent[] | null = lastEventId && options.replay ? [] : null;
    const replayed = new Set<string>();
    const unsubscribe = await live.subscribe({ organisation, userId: caller.subject, roles: caller.roles }, (event) => {
      if (held) held.push(event);
      else if (!replayed.has(event.id)) write(eventFrame(event));
    });

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
      releaseStream();
    };
    request.raw.on('close', cleanUp);
    raw.on('close', cleanUp);
    raw.on('error', cleanUp);
    // A browser that went away while the stream was being set up has already closed: its place is freed now.
    if (raw.destroyed || raw.socket?.destroyed !== false) {
      cleanUp();
      return;
    }
    if (!lastEventId && options.replay?.cursor) {
      try {
        const cursor = await options.replay.cursor(caller, organisation);
        if (cursor) write(eventFrame(cursor));
      } catch (error) {
        request.log.warn({ err: error }, 'could not read the live cursor');
      }
    }
    if (held && lastEventId && options.replay) {
      try {
        for (const event of await options.replay.missed(caller, organisation, lastEventId)) {
          replayed.add(event.id);
          write(eventFrame(event));
        }
      } catch (error) {
        request.log.warn({ err: error }, 'could not replay missed live events');
      }
      const waiting = held;
      held = null;
      for (const event of waiting) if (!replayed.has(event.id)) write(eventFrame(event));
    }
  }
}
