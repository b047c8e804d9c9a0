// The one rule for text people type, the backstop every route has, and how an unreadable
// multipart body is answered: what the store cannot keep never reaches it, and the answer names
// the field.
import { z } from 'zod';
import { lineText, markdownText, textProblem } from '@common/text/textRules';
import { multipartHttpError } from '../../../server/src/platform/http/multipartErrors';
import { BODY_DEPTH_MAX, unstorableText } from '../../../server/src/platform/http/textGuard';
import { jsonDepthExceeds } from '../../../server/src/features/dbt/artifacts/readJson';

test('text with a lone surrogate or a control character is refused; tabs and line breaks are text', () => {
  expect(textProblem('Revenue 2026 📈')).toBeNull();
  expect(textProblem('a\tb\nc', { multiline: true })).toBeNull();
  expect(textProblem('title \ud800 here')).toMatch(/unpaired UTF-16 surrogate/);
  expect(textProblem('\udc00')).toMatch(/unpaired/);
  expect(textProblem('nul\u0000')).toMatch(/control characters/);
  expect(textProblem('two\nlines')).toMatch(/one line/);
  const issue = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
  expect(issue(lineText(20), 'ok')).toBeUndefined();
  expect(issue(lineText(20), '\ud83d')).toMatch(/surrogate/);
  expect(issue(markdownText(100), 'line one\nline two')).toBeUndefined();
  expect(issue(markdownText(100), 'bell\u0007')).toMatch(/control characters/);
});

test('the backstop names the field holding NUL, a lone surrogate, or nesting past the limit; it never recurses', () => {
  expect(unstorableText({ name: 'fine', tags: ['a', 'b'] })).toBeNull();
  expect(unstorableText({ project: { description: 'x\u0000' } })).toEqual({
    field: 'project.description',
    message: 'project.description: must not contain NUL characters.',
  });
  expect(unstorableText({ items: ['ok', '\ud800'] })).toMatchObject({ field: 'items.1' });
  expect(unstorableText({ ['\u0000']: 1 })?.message).toMatch(/field name/);
  let deep: unknown = 1;
  for (let level = 0; level < 100_000; level += 1) deep = { a: deep };
  expect(unstorableText({ meta: deep })?.message).toMatch(new RegExp(`more than ${BODY_DEPTH_MAX} levels`));
});

test('an artifact nested past any dbt artifact is found in one pass over its text, strings skipped', () => {
  expect(jsonDepthExceeds(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`, 200)).toBe(true);
  expect(jsonDepthExceeds('{"a":"{{{{{{{{{{ [[[[[[ \\" {{{{"}', 3)).toBe(false);
  expect(jsonDepthExceeds('{"a":{"b":{"c":[1]}}}', 4)).toBe(false);
  expect(jsonDepthExceeds('{"a":{"b":{"c":[1]}}}', 3)).toBe(true);
});

test('multipart bodies that cannot be read are 400s in words; too many parts is 400, not 413', () => {
  const coded = (code: string, message = code) => Object.assign(new Error(message), { code, statusCode: 413 });
  expect(multipartHttpError(coded('FST_FILES_LIMIT'))).toMatchObject({ statusCode: 400, message: expect.stringMatching(/each file once/) });
  expect(multipartHttpError(coded('FST_INVALID_MULTIPART_CONTENT_TYPE'))).toMatchObject({ statusCode: 415 });
  expect(multipartHttpError(new Error('Unexpected end of form'))).toMatchObject({
    statusCode: 400,
    message: expect.stringMatching(/could not be read: Unexpected end of form/),
  });
  expect(multipartHttpError(new Error('Multipart: Boundary not found'))).toMatchObject({ statusCode: 400 });
  expect(multipartHttpError(new Error('something else'))).toBeNull();
});
