// The one channel from the server to the browsers: anything on the server publishes a small
// message for an organisation (or one of its users), and every open /api/live connection of
// that audience, on any portal instance, receives it. Instances share messages through the
// store's LISTEN/NOTIFY; each instance then hands them to its own connections.
import { randomUUID } from 'node:crypto';
import { canOpen } from '@common/access/access';
import type { AppRouteId } from '@common/paths';
import type { StoreNotifier } from '../store/openStore.js';

/** The NOTIFY channel every portal instance listens on for live messages. */
export const LIVE_NOTIFY_CHANNEL = 'dataworks_live';

/** Topics become the SSE `event:` field: a plain word, never a newline. */
const TOPIC = /^[a-z][a-z0-9._-]{0,63}$/;

/**
 * Every message names who may receive it, and nobody else in the organisation does: one user
 * (`userId`), the users who may open one of the pages its news belongs to (`routes`, judged by the
 * access table, plus `alsoUserId`: who started the work), holders of some roles (`roles`), or,
 * explicitly, everyone (`toOrganisation`). A member with no roles, or a service account that only
 * uploads, hears nothing of an area they cannot open.
 */
export interface LiveMessage {
  organisation: string;
  /** Only this user (the token's subject) receives it. */
  userId?: string;
  /** Users who may open any of these pages receive it. */
  routes?: readonly AppRouteId[];
  /** With `routes`: this user receives it too (e.g. who started a job), whatever the pages say. */
  alsoUserId?: string | null;
  /** Only users holding any of these realm roles receive it. */
  roles?: readonly string[];
  /** Everyone of the organisation receives it (notifications meant for all). */
  toOrganisation?: boolean;
  /** These users (subjects) do not receive it (e.g. who turned a kind of message off). */
  exceptUserIds?: readonly string[];
  /** The SSE event id; random when absent. Set it when a reconnecting browser's Last-Event-ID must mean something (notifications). */
  id?: string;
  topic: string;
  /** Small and JSON-serialisable: pages refetch the details they show. */
  data: unknown;
}

/** What a connection receives. */
export interface LiveEvent {
  id: string;
  topic: string;
  data: unknown;
}

export interface LiveAudience {
  organisation: string;
  userId: string;
  /** The connection's realm roles, for messages meant for some roles only. */
  roles?: readonly string[];
}

export interface LiveChannel {
  /** The store's LISTEN/NOTIFY, shared with other platform pieces (the job runner's wake-ups). */
  readonly notifier: StoreNotifier;
  publish(message: LiveMessage): Promise<void>;
  /** Delivers every message meant for `audience` until the returned function is called. */
  subscribe(audience: LiveAudience, deliver: (event: LiveEvent) => void): Promise<() => void>;
  /** How many connections this instance serves (for tests and health pages). */
  subscriberCount(): number;
  close(): Promise<void>;
}

interface Envelope extends LiveMessage {
  id: string;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.organisation === 'string' &&
    typeof candidate.topic === 'string' &&
    (candidate.userId === undefined || typeof candidate.userId === 'string') &&
    (candidate.roles === undefined || isStringList(candidate.roles)) &&
    (candidate.routes === undefined || isStringList(candidate.routes)) &&
    (candidate.alsoUserId === undefined || candidate.alsoUserId === null || typeof candidate.alsoUserId === 'string') &&
    (candidate.exceptUserIds === undefined || isStringList(candidate.exceptUserIds))
  );
}

/** Whether a connection of `audience` receives the message. */
function reaches(envelope: Envelope, audience: LiveAudience): boolean {
  if (audience.organisation !== envelope.organisation) return false;
  if (envelope.exceptUserIds?.includes(audience.userId)) return false;
  if (envelope.userId !== undefined) return audience.userId === envelope.userId;
  const roles = audience.roles ?? [];
  if (envelope.routes !== undefined) {
    return envelope.alsoUserId === audience.userId || envelope.routes.some((route) => canOpen(roles, route));
  }
  if (envelope.roles !== undefined) return envelope.roles.some((role) => roles.includes(role));
  return envelope.toOrganisation === true;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function createLiveChannel(notifier: StoreNotifier): LiveChannel {
  const subscribers = new Set<{ audience: LiveAudience; deliver: (event: LiveEvent) => void }>();
  // LISTEN starts with the first subscriber and stays until close: connections come and go.
  let listening: Promise<() => Promise<void>> | null = null;
  let closed = false;

  const dispatch = (payload: string) => {
    let envelope: unknown;
    try {
      envelope = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isEnvelope(envelope)) return;
    const event: LiveEvent = { id: envelope.id, topic: envelope.topic, data: envelope.data };
    for (const subscriber of subscribers) {
      if (reaches(envelope, subscriber.audience)) subscriber.deliver(event);
    }
  };

  const startListening = () => {
    listening ??= notifier.listen(LIVE_NOTIFY_CHANNEL, dispatch).catch((error: unknown) => {
      // Let the next subscriber try again rather than keeping a failed start forever.
      listening = null;
      throw error;
    });
    return listening;
  };

  return {
    notifier,
    async publish(message) {
      if (!TOPIC.test(message.topic))
        throw new Error(`"${message.topic}" is not a valid live topic (lower-case word, at most 64 characters).`);
      if (message.userId === undefined && message.routes === undefined && message.roles === undefined && message.toOrganisation !== true) {
        throw new Error(
          `The live message "${message.topic}" names no audience: give a userId, the routes whose users may see it, roles, or toOrganisation.`,
        );
      }
      const envelope: Envelope = { ...message, id: message.id ?? randomUUID() };
      // The notifier refuses a payload over NOTIFY's limit with a message saying so.
      await notifier.notify(LIVE_NOTIFY_CHANNEL, JSON.stringify(envelope));
    },
    async subscribe(audience, deliver) {
      if (closed) throw new Error('The live channel is closed.');
      await startListening();
      const subscriber = { audience, deliver };
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    subscriberCount: () => subscribers.size,
    async close() {
      closed = true;
      subscribers.clear();
      const current = listening;
      listening = null;
      if (current) await (await current.catch(() => async () => undefined))();
    },
  };
}
