/**
 * Time as the artifacts tell it: the caller's "now" (the sample warehouse's own "now") plus the
 * real time elapsed since the build began, so durations are measured while every timestamp
 * stays consistent with the sample's data.
 */
export interface Clock {
  now(): Date;
  /** Seconds since the clock started. */
  elapsed(): number;
}

export function startClock(start: Date): Clock {
  const began = performance.now();
  return {
    now: () => new Date(start.getTime() + Math.round(performance.now() - began)),
    elapsed: () => (performance.now() - began) / 1000,
  };
}

export interface Timing {
  name: 'compile' | 'execute';
  started_at: string;
  completed_at: string;
}
