import { csvField, csvFileName, toCsv } from '../../src/components/csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
  ])('quotes %j only when it must', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+31 20 123', "'+31 20 123"],
    ['-2', "'-2"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\tcmd', "'\tcmd"],
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
  ])('keeps %j from being read as a formula', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes numbers as numbers (a negative figure is data), without float noise', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(0.1 + 0.2)).toBe('0.3');
    expect(csvField(1234567.891)).toBe('1234567.891');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('writes empty values as empty fields and booleans as words', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
  });
});

it('joins a header and rows with CRLF line ends, ending with one', () => {
  expect(
    toCsv(
      ['Name', 'Cost'],
      [
        ['a', 1],
        ['b, c', null],
      ],
    ),
  ).toBe('Name,Cost\r\na,1\r\n"b, c",\r\n');
});

it('makes a file name from a title and a range', () => {
  expect(csvFileName('Spend by user', '2026-08-24', '2026-11-21')).toBe('spend-by-user-2026-08-24-2026-11-21.csv');
  expect(csvFileName('warehouse users', '')).toBe('warehouse-users.csv');
  expect(csvFileName('')).toBe('export.csv');
});
