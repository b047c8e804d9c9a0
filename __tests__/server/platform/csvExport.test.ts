// The server's CSV: one writer (csv-stringify) and one spreadsheet-formula guard for the
// Queries export, the data API usage export and the data API's CSV answers.
import { parse } from 'csv-parse/sync';
import { guardFormula } from '../../../common/csv/formulaGuard';
import { csvLines } from '../../../server/src/platform/http/csvExport';

describe('the formula guard', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('prefixes %j with an apostrophe', (text) => {
    expect(guardFormula(text)).toBe(`'${text}`);
  });

  it.each(['', 'plain', '1-2', "'quoted", ' =1'])('leaves %j alone', (text) => {
    expect(guardFormula(text)).toBe(text);
  });
});

describe('csvLines', () => {
  it('quotes only what needs it, doubles quotes, and ends every line with \\n', () => {
    expect(csvLines([['a', 'b,c', 'say "hi"', 'two\nlines', 'cr\rhere', 3, -4.5, null, '']])).toBe(
      'a,"b,c","say ""hi""","two\nlines","cr\rhere",3,-4.5,,\n',
    );
    expect(csvLines([])).toBe('');
  });

  it('guards text that a spreadsheet would run, but never numbers', () => {
    expect(csvLines([['=1+1', '-2', -2, '@x', '\tx', '=a,b']])).toBe(`'=1+1,'-2,-2,'@x,'\tx,"'=a,b"\n`);
  });

  it('writes times as ISO 8601 and booleans as words', () => {
    expect(csvLines([[new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), true, false]])).toBe('2026-01-02T03:04:05.000Z,true,false\n');
  });

  it('quotes every text, the empty one too, when asked, and leaves numbers and nulls bare', () => {
    expect(csvLines([['id', '', null, 12, '=x', 'a"b']], { quoteText: true })).toBe(`"id","",,12,"'=x","a""b"\n`);
  });

  it('reads back as the same records (RFC 4180)', () => {
    const records = [
      ['name', 'note'],
      ['a "quoted" name', 'line one\nline two'],
      ['x,y', ''],
    ];
    expect(parse(csvLines(records))).toEqual(records);
    expect(parse(csvLines(records, { quoteText: true }))).toEqual(records);
  });
});
