// The browser's end of the live channel (GET api/live, server-sent events). EventSource
// cannot send an Authorization header and the access token must stay in memory, so the
// stream is read with fetch and a bearer header and parsed with eventsource-parser. All
// subscribers share one connection: it opens with the first subscriber, reconnects with
// back-off when it drops (with a fresh token), and closes when the last subscriber leaves.
// Live messages are hints that something changed; pages refetch what they show.
// Notifications are more than hints: each carries an id (`n:<number>`), and a reconnection
// sends the newest one seen as Last-Event-ID, so the server replays what arrived meanwhile.
import { endpointUrl } from '@common/api/endpoint';
import { jobsEndpoints } from '@common/jobs/jobsEndpoints';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  NOTIFICATION_CURSOR_TOPIC,
  NOTIFICATION_EVENT_ID_PREFIX,
  notificationIdFromEventId,
} from '@common/notifications/notificationTypes';
import { getAuthClient } from '../authClient';
import { getRuntimeConfig } from '../../config/currentConfig';
import { TOKEN_MIN_VALIDITY_SECONDS } from '../../config/constants';

export type LiveHandler = (data: unknown) => void;

/** Waits between reconnection attempts: doubles from the first to the last, plus up to 20 % jitter. */
export const LIVE_RECONNECT_DELAYS = { firstMs: 1000, maxMs: 30_000 } as const;
/** Asks keycloak for a refresh whatever the token's remaining lifetime (after a 401). */
const FORCE_REFRESH = -1;

const handlers = new Map<string, Set<LiveHandler>>();
let connection: AbortController | null = null;
/** The newest notification id received (a decimal string), sent back as Last-Event-ID. */
let lastNotificationId: string | null = null;
/** Ids already handed to subscribers: a replayed notification is never delivered twice. */
const deliveredNotifications = new Set<string>();
const DELIVERED_MEMORY = 500;

/**
 * Remembers a notification event's id; false when it was delivered before (drop it). The
 * cursor (sent when a stream opens without Last-Event-ID) only says where the user is: the
 * notification with that id may still be on its way, so it does not count as delivered.
 */
function firstDelivery(topic: string, eventId: string | undefined): boolean {
  const id = notificationIdFromEventId(eventId);
  if (id === null) return true;
  if (lastNotificationId === null || BigInt(id) > BigInt(lastNotificationId)) lastNotificationId = id;
  if (topic === NOTIFICATION_CURSOR_TOPIC) return true;
  if (deliveredNotifications.has(id)) return false;
  deliveredNotifications.add(id);
  if (deliveredNotifications.size > DELIVERED_MEMORY) {
    const oldest = deliveredNotifications.values().next().value;
    if (oldest !== undefined) deliveredNotifications.delete(oldest);
  }
  return true;
}

function liveUrl(): string {
  const base = new URL(getRuntimeConfig().apiBaseUrl, window.location.href);
  return new URL(endpointUrl(jobsEndpoints.live), base).href;
}

function subscriberCount(): number {
  let count = 0;
  for (const set of handlers.values()) count += set.size;
  return count;
}

function dispatch(message: EventSourceMessage): void {
  const topic = message.event ?? 'message';
  if (!firstDelivery(topic, message.id)) return;
  const listeners = handlers.get(topic);
  if (!listeners || listeners.size === 0) return;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    console.warn(`[live] ignored a "${topic}" event whose data is not JSON`);
    return;
  }
  for (const handler of [...listeners]) {
    try {
      handler(data);
    } catch (error) {
      // One page's broken handler must not keep the others from their events.
      console.error(`[live] a "${topic}" handler failed`, error);
    }
  }
}

function wait(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export function reconnectDelayMs(failures: number): number {
  const base = Math.min(LIVE_RECONNECT_DELAYS.maxMs, LIVE_RECONNECT_DELAYS.firstMs * 2 ** Math.min(failures, 10));
  return Math.round(base * (1 + Math.random() * 0.2));
}

/** Reads one connection until it ends; true when it delivered anything (so back-off starts over). */
async function readStream(signal: AbortSignal, forceRefresh: boolean): Promise<{ received: boolean; unauthorised: boolean }> {
  const auth = getAuthClient();
  if (!auth.isAuthenticated()) return { received: false, unauthorised: false };
  await auth.updateToken(forceRefresh ? FORCE_REFRESH : TOKEN_MIN_VALIDITY_SECONDS);
  const response = await fetch(liveUrl(), {
    headers: {
      Authorization: `Bearer ${auth.token() ?? ''}`,
      Accept: 'text/event-stream',
      ...(lastNotificationId !== null ? { 'Last-Event-ID': `${NOTIFICATION_EVENT_ID_PREFIX}${lastNotificationId}` } : {}),
    },
    cache: 'no-store',
    signal,
  });
  if (response.status === 401) return { received: false, unauthorised: true };
  if (!response.ok || !response.body) throw new Error(`api/live answered ${response.status}`);
  let received = false;
  const parser = createParser({
    onEvent: (message) => {
      received = true;
      dispatch(message);
    },
    onComment: () => {
      received = true;
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
  return { received, unauthorised: false };
}

/** Keeps one connection open for as long as `signal` has not fired. */
async function keepConnected(signal: AbortSignal): Promise<void> {
  let failures = 0;
  let forceRefresh = false;
  while (!signal.aborted) {
    try {
      const { received, unauthorised } = await readStream(signal, forceRefresh);
      forceRefresh = unauthorised;
      failures = received ? 0 : failures + 1;
    } catch (error) {
      if (signal.aborted) return;
      failures += 1;
      console.warn('[live] the live connection dropped; reconnecting', error);
    }
    if (signal.aborted) return;
    await wait(reconnectDelayMs(Math.max(0, failures - 1)), signal);
  }
}

/**
 * Calls `handler` with the data of every live event of `topic` (e.g. "job") until the
 * returned function is called. The first subscriber opens the connection; the last one to
 * leave closes it.
 */
export function subscribeLive(topic: string, handler: LiveHandler): () => void {
  const set = handlers.get(topic) ?? new Set<LiveHandler>();
  set.add(handler);
  handlers.set(topic, set);
  if (!connection) {
    const controller = new AbortController();
    connection = controller;
    void keepConnected(controller.signal).finally(() => {
      if (connection === controller) connection = null;
    });
  }
  let subscribed = true;
  return () => {
    if (!subscribed) return;
    subscribed = false;
    set.delete(handler);
    if (set.size === 0) handlers.delete(topic);
    if (subscriberCount() === 0 && connection) {
      connection.abort();
      connection = null;
    }
  };
}

/** Forgets the notification position (sign-out, tests): the next connection starts afresh. */
export function resetLiveNotificationPosition(): void {
  lastNotificationId = null;
  deliveredNotifications.clear();
}

/** Whether a connection is open or being (re)opened; for tests and diagnostics. */
export function isLiveConnected(): boolean {
  return connection !== null;
}
