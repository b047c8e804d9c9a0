/**
 * Validation of every name and filter value that comes from a request, before any SQL is built.
 *
 * Identifiers (user, role, warehouse names). We accept only Snowflake's *unquoted* identifier
 * form: a letter (A-Z, a-z) or underscore first, then letters, digits, underscores or dollar
 * signs, at most 255 characters. Snowflake resolves an unquoted identifier to upper case, so we
 * upper-case it too and always emit it double-quoted (`"JANE_DOE"`), which refers to exactly
 * the object Snowflake would have resolved, and doubles any inner quote (none can survive the
 * validation; the doubling is a second line of defence). Quoted identifiers with other
 * characters (spaces, dots, `@`, lower case) are refused on purpose: they are rare for users,
 * roles and warehouses, and accepting them would let punctuation reach DDL text. Accounts
 * whose users are named by e-mail address (`"jane@acme.com"`) can therefore list those users
 * but not change them through the portal.
 *
 * Filter values are never concatenated into SQL: they are bound as parameters. They are still
 * validated so that malformed input is refused with a 400 naming the field.
 */
import { InvalidIdentifierError, InvalidInputError } from './errors.js';

export const MAX_IDENTIFIER_LENGTH = 255;
const UNQUOTED_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** Validates an unquoted Snowflake identifier and returns it as Snowflake resolves it (upper case). */
export function parseIdentifier(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new InvalidIdentifierError(field, 'must be a text value');
  if (value.length === 0) throw new InvalidIdentifierError(field, 'must not be empty');
  if (value.length > MAX_IDENTIFIER_LENGTH) {
    throw new InvalidIdentifierError(field, `must be at most ${MAX_IDENTIFIER_LENGTH} characters`);
  }
  if (!UNQUOTED_IDENTIFIER.test(value)) {
    throw new InvalidIdentifierError(
      field,
      'must start with a letter or underscore and contain only letters, digits, underscores and dollar signs',
    );
  }
  return value.toUpperCase();
}

/** `"NAME"` with inner double quotes doubled, as Snowflake and DuckDB read quoted identifiers. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** True when `value` would pass parseIdentifier (for mapping rows, never for request input). */
export function isIdentifier(value: string): boolean {
  return value.length > 0 && value.length <= MAX_IDENTIFIER_LENGTH && UNQUOTED_IDENTIFIER.test(value);
}

const QUERY_TAG = /^[A-Za-z0-9_.:=/@+-]+$/;
export const MAX_QUERY_TAG_LENGTH = 200;

/**
 * A query tag to filter on. Snowflake allows any text in QUERY_TAG; the filter accepts the
 * conventional `tool:key=value` shape (letters, digits and `_ . : = / @ + -`) so that a
 * quote, semicolon, space or control character is refused before it is bound.
 */
export function parseQueryTag(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new InvalidInputError(field, 'must be a text value');
  if (value.length === 0) throw new InvalidInputError(field, 'must not be empty');
  if (value.length > MAX_QUERY_TAG_LENGTH) throw new InvalidInputError(field, `must be at most ${MAX_QUERY_TAG_LENGTH} characters`);
  // Comment markers are refused too: harmless once bound, but never part of a tag worth filtering on.
  if (!QUERY_TAG.test(value) || value.includes('--') || value.includes('/*')) {
    throw new InvalidInputError(field, 'may contain only letters, digits and the characters _ . : = / @ + - (no comment markers)');
  }
  return value;
}

const QUERY_ID = /^[0-9a-fA-F][0-9a-fA-F-]{7,63}$/;

/** A Snowflake query id (hexadecimal groups separated by dashes). */
export function parseQueryId(value: unknown, field: string): string {
  if (typeof value !== 'string' || !QUERY_ID.test(value)) {
    throw new InvalidInputError(field, 'must be a query id (hexadecimal digits and dashes)');
  }
  return value.toLowerCase();
}

const SEARCH = /^[A-Za-z0-9_$@. -]+$/;

/** A free-text search over user or role names: letters, digits and `_ $ @ . -` and spaces. */
export function parseSearch(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new InvalidInputError(field, 'must be a text value');
  const trimmed = value.trim();
  if (trimmed.length === 0) throw new InvalidInputError(field, 'must not be empty');
  if (trimmed.length > 100) throw new InvalidInputError(field, 'must be at most 100 characters');
  // `--` and `$$` are refused too: harmless once bound, but never part of a name worth searching for.
  if (!SEARCH.test(trimmed) || trimmed.includes('--') || trimmed.includes('$$')) {
    throw new InvalidInputError(field, 'may contain only letters, digits, spaces and _ $ @ . -');
  }
  return trimmed;
}

/**
 * Free text stored as a property (display name, comment). Snowflake keeps any text there —
 * apostrophes ("Seán O'Brien"), accents, any script — so any text is accepted; it is bound as a
 * parameter wherever the engine allows and otherwise written as a string literal by
 * stringLiteral, which escapes the quote and the backslash, the only characters that could end
 * or bend it. Control characters are refused: a property value never needs one, and they are
 * how log lines and terminals are spoofed. Too long is refused with the limit, never cut.
 */
const CONTROL_CHARACTER = /[\p{Cc}\p{Cs}]/u;

export function parsePlainText(value: unknown, field: string, maxLength: number): string {
  if (typeof value !== 'string') throw new InvalidInputError(field, 'must be a text value');
  if (value.length > maxLength) throw new InvalidInputError(field, `must be at most ${maxLength} characters (it has ${value.length})`);
  if (CONTROL_CHARACTER.test(value)) throw new InvalidInputError(field, 'must not contain control characters such as line breaks or tabs');
  return value;
}

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export function parseEmail(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > 254 || !EMAIL.test(value)) {
    throw new InvalidInputError(field, 'must be an e-mail address');
  }
  return value;
}

/**
 * `'text'` for Snowflake DDL: a quote is doubled and a backslash escaped, so the literal holds
 * exactly `value`. Given values that passed parsePlainText, parseEmail or parseIdentifier.
 */
export function stringLiteral(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
