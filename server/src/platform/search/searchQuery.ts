// What a person types into a search box, read with the operators people expect from a search
// engine and turned into a safe tsquery: "quoted words" must follow each other (a phrase),
// -word must not occur, OR between two terms accepts either, everything else must all occur
// (each word as a prefix, so results come while typing). Only letters and digits ever reach
// to_tsquery; every other character is one of those operators or a separator.
import { MAX_WORDS, queryWords } from './searchText.js';

export interface ParsedSearch {
  /** The tsquery text for `to_tsquery('simple', …)`; null when nothing searchable was typed. */
  tsquery: string | null;
  /** The words to highlight (negated ones left out). */
  words: string[];
}

interface Term {
  words: string[];
  phrase: boolean;
  negated: boolean;
}

/** Terms joined by AND; each clause is one term or several joined by OR. */
type Clause = Term[];

const prefix = (word: string) => `'${word}':*`;

function termQuery(term: Term): string {
  const body = term.phrase && term.words.length > 1 ? `(${term.words.map(prefix).join(' <-> ')})` : prefix(term.words[0] as string);
  return term.negated ? `!${body}` : body;
}

function clauseQuery(clause: Clause): string {
  return clause.length === 1 ? termQuery(clause[0] as Term) : `(${clause.map(termQuery).join(' | ')})`;
}

export function parseSearch(q: string | undefined): ParsedSearch {
  const tokens = (q ?? '').slice(0, 500).match(/-?"[^"]*"?|\S+/g) ?? [];
  const clauses: Clause[] = [];
  let pendingOr = false;
  let count = 0;
  for (const token of tokens) {
    if (count >= MAX_WORDS) break;
    if (token === 'OR' || token === '|') {
      pendingOr = clauses.length > 0;
      continue;
    }
    const negated = token.length > 1 && token.startsWith('-');
    const raw = negated ? token.slice(1) : token;
    const words = queryWords(raw).slice(0, MAX_WORDS - count);
    if (words.length === 0) continue;
    count += words.length;
    // A quoted run is one phrase; an unquoted token such as "dbt-core" is words that all must occur.
    const terms: Term[] = raw.startsWith('"')
      ? [{ words, phrase: true, negated }]
      : words.map((word) => ({ words: [word], phrase: false, negated }));
    const [first, ...rest] = terms as [Term, ...Term[]];
    if (pendingOr) (clauses[clauses.length - 1] as Clause).push(first);
    else clauses.push([first]);
    for (const term of rest) clauses.push([term]);
    pendingOr = false;
  }
  // Negations alone would match nearly everything: that is read as nothing to look for.
  const positive = clauses.some((clause) => clause.some((term) => !term.negated));
  const words = [...new Set(clauses.flatMap((clause) => clause.filter((term) => !term.negated).flatMap((term) => term.words)))];
  return { tsquery: positive ? clauses.map(clauseQuery).join(' & ') : null, words };
}
