// Explore's word index: every lexeme PostgreSQL's full-text parser made of the search documents
// (`tsvector_to_array` of each stored `document`, so a word means exactly what it means to
// `to_tsquery('simple', …)`), sorted, each with the documents that hold it. A prefix is a range
// of that sorted list found by binary search, so "cus" costs the postings of the words starting
// so, never a scan of the table or a round trip to the store. Documents are named by their
// position in the project index's name order.

export interface PrefixIndex {
  /** Distinct lexemes, in code-unit order (every word with a given prefix is one run of them). */
  readonly lexemes: readonly string[];
  /** Postings of lexeme i: positions[starts[i]] up to positions[starts[i + 1]]. */
  readonly starts: Int32Array;
  readonly positions: Int32Array;
  readonly documents: number;
}

/**
 * Builds the index from each document's lexemes, given as one space-separated string per
 * document (PostgreSQL's parser never makes a lexeme with white space in it).
 */
export function buildPrefixIndex(lexemesOfDocument: readonly string[]): PrefixIndex {
  const postings = new Map<string, number[]>();
  lexemesOfDocument.forEach((lexemes, position) => {
    if (lexemes === '') return;
    for (const lexeme of lexemes.split(' ')) {
      const list = postings.get(lexeme);
      if (list === undefined) postings.set(lexeme, [position]);
      // tsvector_to_array lists each lexeme once per document.
      else list.push(position);
    }
  });
  const lexemes = [...postings.keys()].sort();
  const starts = new Int32Array(lexemes.length + 1);
  let total = 0;
  lexemes.forEach((lexeme, i) => {
    starts[i] = total;
    total += (postings.get(lexeme) as number[]).length;
  });
  starts[lexemes.length] = total;
  const positions = new Int32Array(total);
  lexemes.forEach((lexeme, i) => positions.set(postings.get(lexeme) as number[], starts[i] as number));
  return { lexemes, starts, positions, documents: lexemesOfDocument.length };
}

/** The first lexeme not before `word`. */
function lowerBound(lexemes: readonly string[], word: string): number {
  let low = 0;
  let high = lexemes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((lexemes[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * For each document, how many of the words (at most 255) it holds a lexeme starting with: it
 * matches `'w1':* & 'w2':*` when the count is words.length. A mask rather than a list, so a
 * search can add the documents it finds otherwise without another pass.
 */
export function prefixMatchCounts(index: PrefixIndex, words: readonly string[]): Uint8Array {
  const matched = new Uint8Array(index.documents);
  words.forEach((word, w) => {
    for (let i = lowerBound(index.lexemes, word); i < index.lexemes.length && (index.lexemes[i] as string).startsWith(word); i += 1) {
      const end = index.starts[i + 1] as number;
      for (let p = index.starts[i] as number; p < end; p += 1) {
        const position = index.positions[p] as number;
        // Counted once per word however many of its lexemes start so (a second one finds w + 1);
        // a document that missed an earlier word can never match all of them.
        if (matched[position] === w) matched[position] = w + 1;
      }
    }
  });
  return matched;
}

/**
 * Positions of the documents holding, for every word, a lexeme starting with it (PostgreSQL's
 * `'w1':* & 'w2':*`), in ascending order. The words are lower-case letters and digits.
 */
export function prefixMatches(index: PrefixIndex, words: readonly string[]): number[] {
  if (words.length === 0) return [];
  const matched = prefixMatchCounts(index, words);
  const found: number[] = [];
  for (let position = 0; position < index.documents; position += 1) if (matched[position] === words.length) found.push(position);
  return found;
}
