/**
 * What the warehouse API accepts as names, filters and free text: the server refuses anything
 * else with a 400 naming the field, and the pages say the same at the field before sending.
 *
 * Names come in two kinds:
 * - A name the portal creates (a new user or role) takes Snowflake's *unquoted* form: a letter
 *   or underscore, then letters, digits, underscores or dollar signs, at most 255 characters.
 *   Snowflake stores it upper-cased, and so does the portal.
 * - A name that already exists in the account may be any name Snowflake holds, including ones
 *   created as quoted identifiers (`"jane.doe@acme.com"`, `"O'Brien"`): a name in the unquoted
 *   form is upper-cased as Snowflake resolves it; any other name is taken exactly. Either way
 *   the server writes it double-quoted with inner quotes doubled, or binds it. Only control and
 *   format characters (line breaks, bidi overrides) and more than 255 characters are refused.
 */

export const MAX_IDENTIFIER_LENGTH = 255;
export const MAX_QUERY_TAG_LENGTH = 200;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

const UNQUOTED_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\p{Cs}]/u;
const CONTROL = /[\p{Cc}\p{Cs}]/u;
const QUERY_TAG = /^[A-Za-z0-9_.:=/@+-]+$/;
const SEARCH = /^[A-Za-z0-9_$@. -]+$/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export type NewNameProblem = 'empty' | 'too_long' | 'not_unquoted';

/** Why `value` cannot name a new user or role, or undefined when it can. */
export function newNameProblem(value: string): NewNameProblem | undefined {
  if (value.length === 0) return 'empty';
  if (value.length > MAX_IDENTIFIER_LENGTH) return 'too_long';
  if (!UNQUOTED_IDENTIFIER.test(value)) return 'not_unquoted';
  return undefined;
}

export type ExistingNameProblem = 'empty' | 'too_long' | 'control_characters';

/** Why `value` cannot name an existing user, role or warehouse, or undefined when it can. */
export function existingNameProblem(value: string): ExistingNameProblem | undefined {
  if (value.length === 0) return 'empty';
  if (value.length > MAX_IDENTIFIER_LENGTH) return 'too_long';
  if (CONTROL_OR_FORMAT.test(value)) return 'control_characters';
  return undefined;
}

/** The name as Snowflake holds it: the unquoted form upper-cased, any other name exactly. */
export function resolvedName(value: string): string {
  return UNQUOTED_IDENTIFIER.test(value) ? value.toUpperCase() : value;
}

/** True when Snowflake would hold `value` as written without quotes (an upper-case unquoted name). */
export function isPlainName(value: string): boolean {
  return UNQUOTED_IDENTIFIER.test(value) && value === value.toUpperCase();
}

export type QueryTagProblem = 'empty' | 'too_long' | 'characters';

/**
 * A query tag to filter on. Snowflake allows any text in QUERY_TAG; the filter takes the
 * conventional `tool:key=value` shape, so a quote, semicolon or space never reaches a query,
 * and comment markers are refused too (never part of a tag worth filtering on).
 */
export function queryTagProblem(value: string): QueryTagProblem | undefined {
  if (value.length === 0) return 'empty';
  if (value.length > MAX_QUERY_TAG_LENGTH) return 'too_long';
  if (!QUERY_TAG.test(value) || value.includes('--') || value.includes('/*')) return 'characters';
  return undefined;
}

export type SearchProblem = 'too_long' | 'characters';

/** A search over user or role names (trimmed first; empty means no search). */
export function searchProblem(value: string): SearchProblem | undefined {
  const text = value.trim();
  if (text.length > MAX_SEARCH_LENGTH) return 'too_long';
  if (text.length > 0 && (!SEARCH.test(text) || text.includes('--') || text.includes('$$'))) return 'characters';
  return undefined;
}

export type PlainTextProblem = 'too_long' | 'control_characters';

/**
 * Display names and comments: Snowflake keeps any text (apostrophes, accents, any script);
 * control characters are refused (a property never needs one; they spoof logs and terminals).
 * Too long is said with the limit, never cut.
 */
export function plainTextProblem(value: string, maxLength: number): PlainTextProblem | undefined {
  if (value.length > maxLength) return 'too_long';
  if (CONTROL.test(value)) return 'control_characters';
  return undefined;
}

export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value);
}
