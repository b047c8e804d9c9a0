// The generic pieces of the portal's full-text search (PostgreSQL `to_tsquery('simple', …)` over
// a `document` tsvector): what people type becomes a query that can never be tsquery syntax, and
// what was found comes back as highlighted extracts. The catalog, the knowledge base, the FAQ,
// Hive, the support desk and the help assistant all use these, so a query means the same thing
// everywhere.
import type { HighlightedText } from '@common/search/highlightedText';

/** At most this many words of a query are searched for. */
export const MAX_WORDS = 12;
const EXTRACT_LENGTH = 180;

/**
 * The words of a query, lower-cased, letters and digits only: whatever else was typed
 * (operators, quotes, brackets, colons) separates words and never reaches to_tsquery as syntax.
 */
export function queryWords(q: string | undefined): string[] {
  const words = (q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** `'ord':* & 'cust':*` — every word as a prefix; the words hold no quote or operator. */
export function prefixQuery(words: readonly string[]): string {
  return words.map((word) => `'${word}':*`).join(' & ');
}

/** Splits `text` into parts, marking every word that starts with one of the query words (and, with `inWord`, the query word found inside another). */
export function highlight(text: string, words: readonly string[], options: { inWord?: boolean } = {}): HighlightedText {
  if (text === '') return [];
  if (words.length === 0) return [{ text, match: false }];
  const parts: HighlightedText = [];
  let plain = '';
  for (const token of text.split(/([\p{L}\p{N}]+)/u)) {
    if (token === '') continue;
    const lower = token.toLowerCase();
    const isWord = /^[\p{L}\p{N}]+$/u.test(token);
    if (isWord && words.some((word) => lower.startsWith(word))) {
      if (plain) parts.push({ text: plain, match: false });
      plain = '';
      parts.push({ text: token, match: true });
      continue;
    }
    // A search that matches text inside a word (the catalog's names) marks just that text.
    const inside = isWord && options.inWord ? words.find((word) => lower.includes(word)) : undefined;
    if (inside) {
      const at = lower.indexOf(inside);
      plain += token.slice(0, at);
      if (plain) parts.push({ text: plain, match: false });
      parts.push({ text: token.slice(at, at + inside.length), match: true });
      plain = token.slice(at + inside.length);
      continue;
    }
    plain += token;
  }
  if (plain) parts.push({ text: plain, match: false });
  return parts;
}

/** A piece of `text` (whitespace flattened) around its first match, highlighted. */
export function highlightedExtract(text: string, words: readonly string[], length = EXTRACT_LENGTH): HighlightedText {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return highlight(flat, words);
  const lower = flat.toLowerCase();
  const first =
    words
      .map((word) => lower.search(new RegExp(`(^|[^\\p{L}\\p{N}])${word}`, 'u')))
      .filter((at) => at >= 0)
      .sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, Math.min(first - 40, flat.length - length));
  const piece = `${start > 0 ? '…' : ''}${flat.slice(start, start + length)}${start + length < flat.length ? '…' : ''}`;
  return highlight(piece, words);
}

/** Markdown as the words a reader sees: no markup characters, link targets or code fences, for extracts. */
export function markdownToPlain(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```\w*/g, ' '))
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~|]/g, '');
}

/** The SQL text of a tsquery that accepts any of `words` (each as a prefix): retrieval ranks by how many match. */
export function anyWordQuery(words: readonly string[]): string {
  return words.map((word) => `'${word}':*`).join(' | ');
}

// Words that say nothing about what a question is about; left out of retrieval (not of search).
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from has have how i if in is it its me my no not of on or our so that the their them there this to was we what when where which who why will with you your should could would please get use using'.split(
    ' ',
  ),
);

/** The words of a question worth retrieving by: no stop words, none shorter than two characters. */
export function significantWords(q: string): string[] {
  return queryWords(q).filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}
