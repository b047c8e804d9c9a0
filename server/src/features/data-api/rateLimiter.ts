/**
 * Per-key rate limits in fixed one-minute windows, counted in the portal store so that every
 * portal instance sharing it counts the same calls: one `INSERT … ON CONFLICT … DO UPDATE …
 * RETURNING` reserves call numbers and reads the window's count atomically.
 *
 * An instance reserves a few numbers at a time (a lease: 1 for small limits, up to 50 for large
 * ones) and hands them out from memory, so a busy key does not cost a store write per call. A
 * call is allowed when its number is within the limit; numbers one instance reserved but did
 * not use count against the others, so the limit is never exceeded, only reached slightly early
 * when several instances serve one key.
 */
import { sql } from 'kysely';
import { RATE_WINDOW_SECONDS } from '@common/data-api/dataApiRules';
import type { StoreDb } from '../../platform/store/openStore.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

const WINDOW_MS = RATE_WINDOW_SECONDS * 1000;
const windowOf = (now: Date) => Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
const resetOf = (start: number, now: Date) => Math.max(1, Math.ceil((start + WINDOW_MS - now.getTime()) / 1000));

/** Reserves `count` call numbers of the key's current window; answers the highest one reserved. */
export async function reserveCalls(db: StoreDb, keyId: string, count: number, now = new Date()): Promise<number> {
  const row = await db
    .insertInto('data_api_rate_windows')
    .values({ key_id: keyId, window_start: new Date(windowOf(now)), calls: count })
    .onConflict((conflict) =>
      conflict.columns(['key_id', 'window_start']).doUpdateSet({ calls: sql`data_api_rate_windows.calls + ${count}` }),
    )
    .returning('calls')
    .executeTakeFirstOrThrow();
  return row.calls;
}

/** One call, counted straight in the store (no lease). */
export async function takeCall(db: StoreDb, keyId: string, limit: number, now = new Date()): Promise<RateDecision> {
  const number = await reserveCalls(db, keyId, 1, now);
  const start = windowOf(now);
  return { allowed: number <= limit, limit, remaining: Math.max(0, limit - number), resetSeconds: resetOf(start, now) };
}

interface Lease {
  window: number;
  /** The next call number to hand out, and the last one reserved. */
  next: number;
  last: number;
}

export class RateLimiter {
  private readonly leases = new Map<string, Lease>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly db: StoreDb) {}

  async take(keyId: string, limit: number, now = new Date()): Promise<RateDecision> {
    const window = windowOf(now);
    for (;;) {
      const lease = this.leases.get(keyId);
      if (lease && lease.window === window && (lease.next <= lease.last || lease.next > limit)) {
        // Past the limit in this window: refused without asking the store again.
        const number = lease.next <= lease.last ? lease.next++ : limit + 1;
        return { allowed: number <= limit, limit, remaining: Math.max(0, limit - number), resetSeconds: resetOf(window, now) };
      }
      // One reservation at a time per key; concurrent calls wait for it and then share it.
      let reserving = this.pending.get(keyId);
      if (!reserving) {
        const size = Math.min(50, Math.max(1, Math.floor(limit / 100)));
        reserving = reserveCalls(this.db, keyId, size, now).then((last) => {
          this.leases.set(keyId, { window, next: last - size + 1, last });
          if (this.leases.size > 10_000) this.leases.clear();
        });
        const settled = reserving.finally(() => this.pending.delete(keyId));
        this.pending.set(keyId, settled);
        reserving = settled;
      }
      await reserving;
    }
  }
}

/** Drops windows that ended; run now and then (the usage recorder's flush does it). */
export async function pruneWindows(db: StoreDb, now = new Date()): Promise<void> {
  await db
    .deleteFrom('data_api_rate_windows')
    .where('window_start', '<', new Date(now.getTime() - 2 * WINDOW_MS))
    .execute();
}
