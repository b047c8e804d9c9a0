// How long a failed job waits before its next attempt: exponential back-off, so a failing
// connector or mail server is not hammered, capped so a retry still happens the same day.

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The wait after the `attempt`-th run failed (attempt 1 → base, 2 → 2 × base, 3 → 4 × base, …). */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 30));
}
