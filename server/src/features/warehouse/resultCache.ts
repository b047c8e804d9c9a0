/**
 * Recent analytics answers of one warehouse, so that a page opened by many people (or reloaded)
 * is computed once: usage data only moves when the account does, and on Snowflake it lags
 * ACCOUNT_USAGE by up to hours anyway, while every recomputation costs the client credits.
 *
 * - Keyed by analysis and its validated arguments; concurrent asks for the same key share one
 *   computation (a failure is not kept).
 * - Kept for `ttlMs`; cleared whenever this process writes to the warehouse, so a change made
 *   through the portal shows at once. Another portal process's write shows within `ttlMs`.
 * - At most `maxEntries` answers; the oldest goes first. Answers are shared: callers must not
 *   mutate them.
 */
export class ResultCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
