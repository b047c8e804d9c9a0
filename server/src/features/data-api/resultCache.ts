/**
 * Answers of published endpoints, kept for the endpoint's cache lifetime and keyed by endpoint
 * version, bound values (the key's fixed values included) and page. It lives in process memory:
 * it is an optimisation only, so each portal instance keeping its own copy is fine, and a new
 * version simply has a new key. Least recently used entries go first once it is full.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(private readonly maxEntries = 2000) {}

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }

  set(key: string, value: T, ttlMs: number, now = Date.now()): void {
    if (ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
