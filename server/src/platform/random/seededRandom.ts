/**
 * Deterministic randomness for everything the portal makes up (the sample account, synthetic dbt
 * projects, the sample connector's data): mulberry32 seeded from a text through 32-bit FNV-1a.
 * The same text gives the same sequence on every machine, so samples and benchmarks repeat.
 */

/** 32-bit FNV-1a of a string. */
export function seedFrom(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** value × a factor uniform in [1 - spread, 1 + spread]. */
  jitter(value: number, spread: number): number;
  /** Fisher–Yates copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** An index in [0, length), biased towards the start (popular items get picked more: fan-out). */
  skewed(length: number, power?: number): number;
}

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    jitter: (value, spread) => value * (1 - spread + 2 * spread * next()),
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    skewed: (length, power = 2.5) => Math.min(length - 1, Math.floor(Math.pow(next(), power) * length)),
  };
}

/** The sequence for a text: `mulberry32(seedFrom(text))`. */
export const seeded = (text: string): Random => mulberry32(seedFrom(text));
