/** Deterministic randomness for synthetic artifacts: mulberry32, seeded from a text (FNV-1a). */
export interface Draw {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** An index in [0, length), biased towards the start (popular items get picked more: fan-out). */
  skewed(length: number, power?: number): number;
}

export function seeded(text: string): Draw {
  let state = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) state = Math.imul(state ^ text.charCodeAt(i), 0x01000193) >>> 0;
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
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    skewed: (length, power = 2.5) => Math.min(length - 1, Math.floor(Math.pow(next(), power) * length)),
  };
}
