// The one rule for text people type into the portal (names, titles, descriptions, comments),
// run by the server's route schemas and the browser's forms alike. Control characters other than
// tab and line breaks have no place in such text, and a lone UTF-16 surrogate is not text at all
// (PostgreSQL refuses it in JSON, and NUL anywhere): both are refused with a 400 naming the field.
import { z } from 'zod';

// eslint-disable-next-line no-control-regex -- exactly the characters refused.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` cannot be kept as text (a sentence fragment after the field's name), or null. */
export function textProblem(value: string, options: { multiline?: boolean } = {}): string | null {
  if (LONE_SURROGATE.test(value)) return 'must be text (it holds an unpaired UTF-16 surrogate)';
  if (CONTROL_CHARACTER.test(value))
    return options.multiline ? 'must not contain control characters' : 'must be one line without control characters';
  if (!options.multiline && /[\r\n]/.test(value)) return 'must be one line without control characters';
  return null;
}

const checked = (schema: z.ZodString, multiline: boolean) =>
  schema.superRefine((value, ctx) => {
    const problem = textProblem(value, { multiline });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A one-line text: not empty after trimming, at most `max` characters, no control characters. */
export const lineText = (max: number) =>
  checked(z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`), false);

/** Text of several lines (Markdown, a description): not empty after trimming, at most `max` characters. */
export const markdownText = (max: number) =>
  checked(z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`), true);

/** Like markdownText, but may be empty. */
export const optionalText = (max: number) =>
  checked(z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`), true);
