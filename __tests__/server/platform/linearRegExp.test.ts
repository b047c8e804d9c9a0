// The linear-time engine for patterns people write: JSON Schema's search semantics, the
// ECMAScript spellings translated, constructs that need backtracking refused with a reason,
// and the nested-quantifier patterns that freeze a backtracking engine answered at once.
import Ajv2020 from 'ajv/dist/2020';
import { linearRegExp, linearRegExpEngine, linearRegExpProblem } from '@common/text/linearRegExp';

test('matches anywhere in the text, as JSON Schema patterns do', () => {
  expect(linearRegExp('b').test('abc')).toBe(true);
  expect(linearRegExp('^b').test('abc')).toBe(false);
  expect(linearRegExp('^[A-Z]{2}$').test('DE')).toBe(true);
  expect(linearRegExp('^[A-Z]{2}$').test('DEU')).toBe(false);
  expect(linearRegExp('^\\p{L}+$').test('héllo')).toBe(true);
  // Named groups and \u{…} as ECMAScript writes them.
  expect(linearRegExp('(?<digit>\\d)x').test('a1x')).toBe(true);
  expect(linearRegExp('\\u{1F600}').test('smile 😀')).toBe(true);
});

test('refuses what RE2 cannot run, and what is not a regular expression, saying why', () => {
  expect(linearRegExpProblem('^[a-z]+$')).toBeNull();
  expect(linearRegExpProblem('^(a+)+$')).toBeNull();
  expect(linearRegExpProblem('(a)\\1')).toMatch(/linear time.*\\1/);
  expect(linearRegExpProblem('a(?=b)')).toMatch(/linear time/);
  expect(linearRegExpProblem('(?<!a)b')).toMatch(/linear time/);
  expect(linearRegExpProblem('[')).toBe('must be a valid regular expression');
  expect(linearRegExpProblem('a'.repeat(201))).toMatch(/at most 200/);
});

test('nested quantifiers answer in linear time (exponential on a backtracking engine)', () => {
  const started = performance.now();
  expect(linearRegExp('^(a+)+$').test(`${'a'.repeat(50_000)}b`)).toBe(false);
  expect(linearRegExp('^([a-z]+\\.)+[a-z]+$').test(`${'a.'.repeat(20_000)}!`)).toBe(false);
  // Generous bound: a backtracking engine takes minutes on 40 characters of the first.
  expect(performance.now() - started).toBeLessThan(2_000);
});

test('ajv takes it as its engine: each pattern keeps its own matcher', () => {
  const ajv = new Ajv2020({ code: { regExp: linearRegExpEngine } });
  const validate = ajv.compile({
    type: 'object',
    properties: { a: { type: 'string', pattern: '^x+$' }, b: { type: 'string', pattern: '^y+$' } },
  });
  expect(validate({ a: 'xx', b: 'yy' })).toBe(true);
  expect(validate({ a: 'yy' })).toBe(false);
  expect(validate({ b: 'xx' })).toBe(false);
  expect(() => ajv.compile({ type: 'string', pattern: '(a)\\1' })).toThrow();
});
