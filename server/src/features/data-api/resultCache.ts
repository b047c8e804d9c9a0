import { LRUCache } from 'lru-cache';

/**
 * Answers of published endpoints, kept for the endpoint's cache lifetime and keyed by endpoint
 * version, bound values (the key's fixed values included) and page. It lives in process memory:
 * it is an optimisation only, so each portal instance keeping its own copy is fine, and a new
 * version simply has a new key. Least recently used entries go first once it is full.
 */
export class ResultCache<T> {
  // Boxed: lru-cache keeps no null values, and "no such live endpoint" (null) is worth keeping.
  private readonly entries: LRUCache<string, { value: T }>;

  constructor(maxEntries = 2000, now: () => number = Date.now) {
    // An entry is stale once its age reaches its lifetime, where lru-cache waits until the age is
    // over `ttl` and takes a start time of 0 for "never stale": so it reads the clock in half
    // milliseconds, one half late, and is given 2·ttlMs − 1 halves (see set). It reads the clock
    // on every check (ttlResolution 0), so an injected clock is believed at once.
    this.entries = new LRUCache({ max: maxEntries, ttlResolution: 0, perf: { now: () => 2 * now() + 1 } });
  }

  get(key: string): T | undefined {
    return this.entries.get(key)?.value;
  }

  clear(): void {
    this.entries.clear();
  }

  set(key: string, value: T, ttlMs: number): void {
    if (ttlMs <= 0) return;
    this.entries.set(key, { value }, { ttl: 2 * ttlMs - 1 });
  }
}
