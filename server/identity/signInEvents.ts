// The sign-in event log of the dev identity server: successes, failures and lockouts with
// time, address and client, appended one JSON line each to `${dataDir}/events.jsonl` (never
// rewritten) and kept in memory, newest last, for the organisation admins' queries. Keycloak
// keeps the same events (LOGIN, LOGIN_ERROR, ...) when its event store is on.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';

export type SignInEventType = 'LOGIN' | 'LOGIN_ERROR' | 'LOCKOUT' | 'LOGOUT';

export interface StoredSignInEvent {
  id: string;
  /** Epoch milliseconds. */
  time: number;
  type: SignInEventType;
  /** The account's organisation, when the event belongs to a known account in one. */
  organisation: string | null;
  accountId: string | null;
  username: string | null;
  address: string | null;
  client: string | null;
  error: string | null;
}

export interface EventQuery {
  organisation: string;
  types?: readonly SignInEventType[];
  accountId?: string;
  from?: number;
  to?: number;
  first: number;
  max: number;
}

/** Events kept in memory for queries; older ones stay in the file. */
const MEMORY_LIMIT = 100_000;

export class SignInEventLog {
  private readonly events: StoredSignInEvent[] = [];
  private appending: Promise<void> = Promise.resolve();

  private constructor(private readonly file: string) {}

  static async open(file: string): Promise<SignInEventLog> {
    const log = new SignInEventLog(file);
    const text = await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return '';
      throw err;
    });
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const event = JSON.parse(line) as StoredSignInEvent;
        if (typeof event.id === 'string' && typeof event.time === 'number') log.events.push(event);
      } catch {
        // A line cut short by a crash: the rest of the log is still good.
      }
    }
    log.events.splice(0, Math.max(0, log.events.length - MEMORY_LIMIT));
    return log;
  }

  record(event: Omit<StoredSignInEvent, 'id' | 'time'> & { time?: number }): Promise<void> {
    const stored: StoredSignInEvent = { id: randomUUID(), time: event.time ?? Date.now(), ...event } as StoredSignInEvent;
    this.events.push(stored);
    if (this.events.length > MEMORY_LIMIT) this.events.shift();
    // Appends are chained so lines never interleave; a failed append does not stop later ones.
    this.appending = this.appending
      .catch(() => undefined)
      .then(() => fs.appendFile(this.file, `${JSON.stringify(stored)}\n`, { mode: 0o600 }));
    return this.appending;
  }

  /** Newest first. */
  query(query: EventQuery): { events: StoredSignInEvent[]; hasMore: boolean } {
    const matches: StoredSignInEvent[] = [];
    let skipped = 0;
    for (let index = this.events.length - 1; index >= 0; index -= 1) {
      const event = this.events[index];
      if (!event || event.organisation !== query.organisation) continue;
      if (query.types && !query.types.includes(event.type)) continue;
      if (query.accountId && event.accountId !== query.accountId) continue;
      if (query.from !== undefined && event.time < query.from) continue;
      if (query.to !== undefined && event.time > query.to) continue;
      if (skipped < query.first) {
        skipped += 1;
        continue;
      }
      if (matches.length === query.max) return { events: matches, hasMore: true };
      matches.push(event);
    }
    return { events: matches, hasMore: false };
  }

  flush(): Promise<void> {
    return this.appending.catch(() => undefined);
  }
}
