// What the warehouse API accepts in names, filters and free text, said at the field before
// sending so a typo is explained at once. The rules are the server's own
// (common/warehouse/identifierRules.ts), which it checks again: this is a courtesy, not the
// defence.
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

export { MAX_IDENTIFIER_LENGTH, MAX_QUERY_TAG_LENGTH, MAX_SEARCH_LENGTH };

/** Role names Snowflake reserves; the server refuses to create them. */
export { RESERVED_ROLE_NAMES } from '@common/warehouse/systemRoles';

/** The name of a new user or role: Snowflake's unquoted identifier form. Undefined when fine. */
export function identifierError(value: string): string | undefined {
  switch (newNameProblem(value)) {
    case 'empty':
      return 'Enter a name.';
    case 'too_long':
      return `Use at most ${MAX_IDENTIFIER_LENGTH} characters (this has ${value.length}).`;
    case 'not_unquoted':
      return 'Start with a letter or underscore, then use only letters, digits, underscores and dollar signs.';
    default:
      return undefined;
  }
}

/**
 * The name of a user, role or warehouse that exists: any name Snowflake holds, including
 * quoted ones such as jane.doe@acme.com. Undefined when fine.
 */
export function existingNameError(value: string): string | undefined {
  switch (existingNameProblem(value)) {
    case 'empty':
      return 'Enter a name.';
    case 'too_long':
      return `Use at most ${MAX_IDENTIFIER_LENGTH} characters (this has ${value.length}).`;
    case 'control_characters':
      return 'Use a single line without tabs or other control characters.';
    default:
      return undefined;
  }
}

/** A name as Snowflake holds it: the unquoted form upper-cased, any other name exactly. */
export function canonicalName(value: string): string {
  return resolvedName(value.trim());
}

export function queryTagError(value: string): string | undefined {
  switch (queryTagProblem(value)) {
    case 'empty':
      return 'Enter a tag.';
    case 'too_long':
      return `Use at most ${MAX_QUERY_TAG_LENGTH} characters.`;
    case 'characters':
      return 'Use only letters, digits and _ . : = / @ + - (no comment markers).';
    default:
      return undefined;
  }
}

export function searchError(value: string): string | undefined {
  switch (searchProblem(value)) {
    case 'too_long':
      return `Use at most ${MAX_SEARCH_LENGTH} characters.`;
    case 'characters':
      return 'Use only letters, digits, spaces and _ $ @ . -';
    default:
      return undefined;
  }
}

/** Display names and comments: any single line of text up to `maxLength`, said, never cut. */
export function plainTextError(value: string, maxLength: number): string | undefined {
  switch (plainTextProblem(value, maxLength)) {
    case 'too_long':
      return `Use at most ${maxLength} characters (this has ${value.length}).`;
    case 'control_characters':
      return 'Use a single line without tabs or other control characters.';
    default:
      return undefined;
  }
}

export function emailError(value: string): string | undefined {
  return isEmail(value) ? undefined : 'Enter an e-mail address such as jane@example.com.';
}

/**
 * The field a server 400 (or 409) blamed and its reason as a sentence for that field:
 * "userName: must start with a letter" → { field: 'userName', message: 'Must start with a letter.' }.
 */
export function serverFieldError(field: string | undefined, message: string): { field: string; message: string } | null {
  if (!field) return null;
  const prefix = `${field}: `;
  const reason = message.startsWith(prefix) ? message.slice(prefix.length) : message;
  const sentence = reason.charAt(0).toUpperCase() + reason.slice(1);
  return { field, message: /[.!?]$/.test(sentence) ? sentence : `${sentence}.` };
}
