// The words of a ticket search, made safe for to_tsquery: only letters and digits reach it, each
// word as a prefix (as the catalog's search does), so operators and quotes typed are just separators.

const MAX_WORDS = 12;

export function queryWords(q: string | undefined): string[] {
  const words = (q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** `'ord':* & 'cust':*` — every word as a prefix. */
export function prefixQuery(words: readonly string[]): string {
  return words.map((word) => `'${word}':*`).join(' & ');
}
