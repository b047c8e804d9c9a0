// What the warehouse API accepts in names, filters and free text, checked in the browser before
// sending so a typo is explained at its field at once. The rules mirror the server's
// (server/src/warehouse/identifiers.ts), which checks everything again: this is a courtesy,
// not the defence.

export const MAX_IDENTIFIER_LENGTH = 255;
const UNQUOTED_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const QUERY_TAG = /^[A-Za-z0-9_.:=/@+-]+$/;
export const MAX_QUERY_TAG_LENGTH = 200;
const SEARCH = /^[A-Za-z0-9_$@. -]+$/;
export const MAX_SEARCH_LENGTH = 100;
const CONTROL_CHARACTER = /[\p{Cc}\p{Cs}]/u;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** Role names Snowflake reserves; the server refuses to create them. */
export { RESERVED_ROLE_NAMES } from '@common/warehouse/systemRoles';

/** A user, role or warehouse name: Snowflake's unquoted identifier form. Undefined when fine. */
export function identifierError(value: string): string | undefined {
  if (value.length === 0) return 'Enter a name.';
  if (value.length > MAX_IDENTIFIER_LENGTH) return `Use at most ${MAX_IDENTIFIER_LENGTH} characters (this has ${value.length}).`;
  if (!UNQUOTED_IDENTIFIER.test(value)) {
    return 'Start with a letter or underscore, then use only letters, digits, underscores and dollar signs.';
  }
  return undefined;
}

/** Snowflake stores unquoted names in upper case; so does the portal. */
export function canonicalName(value: string): string {
  return value.trim().toUpperCase();
}

export function queryTagError(value: string): string | undefined {
  if (value.length === 0) return 'Enter a tag.';
  if (value.length > MAX_QUERY_TAG_LENGTH) return `Use at most ${MAX_QUERY_TAG_LENGTH} characters.`;
  if (!QUERY_TAG.test(value) || value.includes('--') || value.includes('/*')) {
    return 'Use only letters, digits and _ . : = / @ + - (no comment markers).';
  }
  return undefined;
}

export function searchError(value: string): string | undefined {
  const text = value.trim();
  if (text.length > MAX_SEARCH_LENGTH) return `Use at most ${MAX_SEARCH_LENGTH} characters.`;
  if (text.length > 0 && (!SEARCH.test(text) || text.includes('--') || text.includes('$$'))) {
    return 'Use only letters, digits, spaces and _ $ @ . -';
  }
  return undefined;
}

/**
 * Display names and comments: Snowflake keeps any text (apostrophes, accents, any script), and
 * the server quotes and binds it; only the length and control characters (line breaks, tabs)
 * are refused. Too long is said with the limit, never cut.
 */
export function plainTextError(value: string, maxLength: number): string | undefined {
  if (value.length > maxLength) return `Use at most ${maxLength} characters (this has ${value.length}).`;
  if (CONTROL_CHARACTER.test(value)) return 'Use a single line without tabs or other control characters.';
  return undefined;
}

export function emailError(value: string): string | undefined {
  if (value.length > 254 || !EMAIL.test(value)) return 'Enter an e-mail address such as jane@example.com.';
  return undefined;
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
