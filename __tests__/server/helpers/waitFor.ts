// Waiting in server tests for something that happens on its own time (a job finishing, an event
// arriving, a row being written): ask again every `stepMs` until the answer is truthy, and fail
// by name once `timeoutMs` has passed, never after a fixed sleep that is too short on a busy
// machine and too long on an idle one.

export interface WaitOptions {
  /** How long to keep asking before the test fails (10 s unless given). */
  timeoutMs?: number;
  /** The pause between two asks (25 ms unless given). */
  stepMs?: number;
  /** More to show on failure, e.g. the end of the portal's log. */
  details?: () => string;
}

/** The probe's first truthy answer; throws "timed out waiting for <what>" when none comes in time. */
export async function waitFor<T>(
  what: string,
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  { timeoutMs = 10_000, stepMs = 25, details }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) {
      const more = details?.();
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${more ? `:\n${more}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

/** A waitFor with a suite's own defaults (a slow job's deadline, the portal's log on failure). */
export function waitWith(defaults: WaitOptions) {
  return <T>(what: string, probe: () => T | null | undefined | false | Promise<T | null | undefined | false>, options: WaitOptions = {}) =>
    waitFor(what, probe, { ...defaults, ...options });
}
