// What marks personal data: column names (the organisation's patterns from its settings, each
// matched as a whole word of a snake_case name: `email` finds `customer_email` and
// `email_address` but not `emails_sent`) and sampled values (shapes that are personal on their own).
export interface ValueShape {
  label: string;
  test: (text: string) => boolean;
}

const DATE_LIKE = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|^\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}$/;
const matches = (pattern: RegExp) => (text: string) => pattern.test(text);
/** Digits with the separators people write, at least 7 digits, and not a date. */
function isPhone(text: string): boolean {
  return /^\+?[0-9][0-9 ()./-]{5,18}[0-9]$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 7 && !DATE_LIKE.test(text);
}

export const VALUE_SHAPES: readonly ValueShape[] = [
  { label: 'e-mail addresses', test: matches(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/) },
  { label: 'phone numbers', test: isPhone },
  { label: 'IP addresses', test: matches(/^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/) },
  { label: 'US social security numbers', test: matches(/^\d{3}-\d{2}-\d{4}$/) },
  { label: 'IBANs', test: matches(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/) },
];

/** Share of a column's non-empty sampled values that must have one shape. */
export const VALUE_MATCH_SHARE = 0.8;
/** A column needs at least this many non-empty sampled values to be judged. */
export const VALUE_MIN_SAMPLES = 5;
export const SAMPLE_ROWS = 100;

/** The first pattern the column's name has as a whole word (patterns are [a-z0-9_]+, from settings). */
export function namePattern(columnName: string, patterns: readonly string[]): string | null {
  const name = `_${columnName.toLowerCase()}_`;
  return patterns.find((pattern) => name.includes(`_${pattern}_`)) ?? null;
}

/** The value shape most sampled values have, when enough of them have it. */
export function valueShape(values: readonly unknown[]): { label: string; matched: number; of: number } | null {
  const texts = values.filter((value): value is string => typeof value === 'string' && value.trim() !== '').map((value) => value.trim());
  if (texts.length < VALUE_MIN_SAMPLES) return null;
  for (const shape of VALUE_SHAPES) {
    const matched = texts.filter((text) => shape.test(text)).length;
    if (matched / texts.length >= VALUE_MATCH_SHARE) return { label: shape.label, matched, of: texts.length };
  }
  return null;
}
