/**
 * Validation of every name and filter value that comes from a request, before any SQL is built.
 * The rules themselves are common/warehouse/identifierRules.ts (the pages apply them too); here
 * they become InvalidInputError naming the field, and names become SQL.
 *
 * Names are always emitted double-quoted with inner quotes doubled (quoteIdentifier), which
 * refers to exactly the object Snowflake holds: `JANE_DOE` for a name typed `jane_doe`, and
 * `"jane.doe@acme.com"` for a user created with that quoted name. Filter values are never
 * concatenated into SQL: they are bound as parameters, and still validated so that malformed
 * input is refused with a 400 naming the field.
 */
import {
  existingNameProblem,
  isEmail,
  newNameProblem,
  plainTextProblem,
  queryTagProblem,
  resolvedName,
  searchProblem,
  MAX_IDENTIFIER_LENGTH,
  MAX_QUERY_TAG_LENGTH,
  MAX_SEARCH_LENGTH,
} from '@common/warehouse/identifierRules';
import { InvalidIdentifierError, InvalidInputError } from './errors.js';

/** A name for a new user or role (Snowflake's unquoted form), upper-cased as Snowflake stores it. */
export function parseIdentifier(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new InvalidIdentifierError(field, 'must be a text value');
  switch (newNameProblem(value)) {
    case 'empty':
      throw new InvalidIdentifierError(field, 'must not be empty');
    case 'too_long':
      throw new InvalidIdentifierError(field, `must be at most ${MAX_IDENTIFIER_LENGTH} characters`);
    case 'not_unquoted':
      throw new InvalidIdentifierError(
        field,
        'must start with a letter or underscore and contain only letters, digits, underscores and dollar signs',
      );
    case undefined:
      return value.toUpperCase();
  }
}

/**
 * The name of a user, role or warehouse that exists in the account, as Snowflake holds it: any
 * name (a quoted one with dots, `@` or quotes too) but empty, overlong or with control characters.
 */
export function parseObjectName(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new InvalidIdentifierError(field, 'must be a text value');
  switch (existingNameProblem(value)) {
    case 'empty':
      throw new InvalidIdentifierError(field, 'must not be empty');
    case 'too_long':
      throw new InvalidIdentifierError(field, `must be at most ${MAX_IDENTIFIER_LENGTH} characters`);
    case 'control_characters':
      throw new InvalidIdentifierError(field, 'must not contain control characters such as line breaks');
    case undefined:
      return resolvedName(value);
  }
}

/** `"NAME"` with inner double quotes doubled, as Snowflake and DuckDB read quoted identifiers. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A query tag to filter on (see queryTagProblem for what is accepted and why). */
export function parseQueryTag(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new InvalidInputError(field, 'must be a text value');
  switch (queryTagProblem(value)) {
    case 'empty':
      throw new InvalidInputError(field, 'must not be empty');
    case 'too_long':
      throw new InvalidInputError(field, `must be at most ${MAX_QUERY_TAG_LENGTH} characters`);
    case 'characters':
      throw new InvalidInputError(field, 'may contain only letters, digits and the characters _ . : = / @ + - (no comment markers)');
    case undefined:
      return value;
  }
}

const QUERY_ID = /^[0-9a-fA-F][0-9a-fA-F-]{7,63}$/;

/** A Snowflake query id (hexadecimal groups separated by dashes). */
export function parseQueryId(value: unknown, field: string): string {
  if (typeof value !== 'string' || !QUERY_ID.test(value)) {
    throw new InvalidInputError(field, 'must be a query id (hexadecimal digits and dashes)');
  }
  return value.toLowerCase();
}

/** A free-text search over user or role names: letters, digits and `_ $ @ . -` and spaces. */
export function parseSearch(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new InvalidInputError(field, 'must be a text value');
  const trimmed = value.trim();
  if (trimmed.length === 0) throw new InvalidInputError(field, 'must not be empty');
  switch (searchProblem(trimmed)) {
    case 'too_long':
      throw new InvalidInputError(field, `must be at most ${MAX_SEARCH_LENGTH} characters`);
    case 'characters':
      throw new InvalidInputError(field, 'may contain only letters, digits, spaces and _ $ @ . -');
    case undefined:
      return trimmed;
  }
}

/**
 * Free text stored as a property (display name, comment): any text, bound as a parameter
 * wherever the engine allows and otherwise written by stringLiteral; see plainTextProblem.
 */
export function parsePlainText(value: unknown, field: string, maxLength: number): string {
  if (typeof value !== 'string') throw new InvalidInputError(field, 'must be a text value');
  switch (plainTextProblem(value, maxLength)) {
    case 'too_long':
      throw new InvalidInputError(field, `must be at most ${maxLength} characters (it has ${value.length})`);
    case 'control_characters':
      throw new InvalidInputError(field, 'must not contain control characters such as line breaks or tabs');
    case undefined:
      return value;
  }
}

export function parseEmail(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isEmail(value)) throw new InvalidInputError(field, 'must be an e-mail address');
  return value;
}

/**
 * `'text'` for Snowflake DDL: a quote is doubled and a backslash escaped, so the literal holds
 * exactly `value`. Given values that passed parsePlainText, parseEmail or parseObjectName.
 */
export function stringLiteral(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
