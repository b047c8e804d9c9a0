// Regular expressions that people write (a data API parameter's `pattern`, a connector spec's
// `pattern`) run on RE2's linear-time engine (re2js, a JavaScript port of RE2), never on the
// JavaScript engine's backtracking one: a pattern such as `^(a+)+$` takes time exponential in
// the input there, and one call would stall the whole server. RE2 matches in time proportional
// to the input whatever the pattern, at the price of refusing the constructs that need
// backtracking (back-references, lookahead); such a pattern is refused when it is saved, with
// RE2's reason, instead of being run.
import { RE2JS } from 're2js';

/** Patterns are short; a longer one is refused before it is compiled. */
export const PATTERN_MAX = 200;

export interface LinearRegExp {
  /** Whether the pattern matches anywhere in `text` (JSON Schema's `pattern` semantics). */
  test(text: string): boolean;
  /** The pattern as written: also the cache key of the validators that hold it. */
  toString(): string;
}

function compile(pattern: string): RE2JS {
  // ECMAScript spellings RE2 writes differently (named groups, \u{…}) are translated first.
  return RE2JS.compile(RE2JS.translateRegExp(pattern));
}

/**
 * Why `pattern` cannot be used (a sentence), or null when it can: it must be a valid
 * ECMAScript regular expression (what JSON Schema documents say) that RE2 can run.
 */
export function linearRegExpProblem(pattern: string): string | null {
  if (pattern.length > PATTERN_MAX) return `must be at most ${PATTERN_MAX} characters`;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'must be a valid regular expression';
  }
  try {
    compile(pattern);
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `uses a construct that cannot run in linear time (back-references and lookarounds are not supported): ${reason}`;
  }
}

/** Compiles `pattern` for the linear-time engine; throws (with RE2's reason) when it cannot run there. */
export function linearRegExp(pattern: string): LinearRegExp {
  const compiled = compile(pattern);
  return {
    test: (text) => compiled.test(text),
    toString: () => `/${pattern}/`,
  };
}

/**
 * The engine in the shape ajv takes as `code.regExp`, so JSON Schema `pattern` and
 * `patternProperties` are matched by RE2. `code` names it in ajv's generated source only.
 */
export const linearRegExpEngine = Object.assign((pattern: string) => linearRegExp(pattern), { code: 'linearRegExp' });
