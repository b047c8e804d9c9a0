import { LRUCache } from 'lru-cache';

/**
 * Recent analytics answers of one warehouse, so that a page opened by many people (or reloaded)
 * is computed once: usage data only moves when the account does, and on Snowflake it lags
 * ACCOUNT_USAGE by up to hours anyway, while every recomputation costs the client credits.
 *
 * - Keyed by analysis and its validated arguments; concurrent asks for the same key share one
 *   computation (a failure is not kept).
 * - Kept for `ttlMs` from when the computation started; cleared whenever this process writes to
 *   the warehouse, so a change made through the portal shows at once. Another portal process's
 *   write shows within `ttlMs`. A `ttlMs` of 0 keeps nothing.
 * - At most `maxEntries` answers; the least recently used goes first. Answers are shared:
 *   callers must not mutate them.
 */
export class ResultCache {
  private readonly entries: LRUCache<string, Promise<unknown>> | null;

  constructor(ttlMs: number, maxEntries = 500, now: () => number = Date.now) {
    // lru-cache calls an entry stale once its age is over `ttl`, and takes a start time of 0 for
    // "never stale"; an answer here is stale once its age reaches `ttlMs`, whenever the clock
    // starts. So lru-cache reads the clock in half milliseconds, one half late: an age of `ttlMs`
    // is then over 2·ttlMs − 1 halves, and no start is 0. It reads the clock on every check
    // (ttlResolution 0), so an injected clock is believed at once.
    this.entries =
      ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: 2 * ttlMs - 1, ttlResolution: 0, perf: { now: () => 2 * now() + 1 } }) : null;
  }

  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.entries) return compute();
    const entries = this.entries;
    const hit = entries.get(key);
    if (hit) return hit as Promise<T>;
    // The promise itself is kept, so asks arriving while it runs share it.
    const value = compute();
    entries.set(key, value);
    value.catch(() => {
      if (entries.peek(key) === value) entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries?.clear();
  }
}
