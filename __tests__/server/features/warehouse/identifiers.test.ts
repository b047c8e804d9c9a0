import { InvalidIdentifierError, InvalidInputError } from '../../../../server/src/platform/warehouse/errors';
import {
  parseEmail,
  parseIdentifier,
  parsePlainText,
  parseQueryId,
  parseQueryTag,
  parseSearch,
  quoteIdentifier,
  stringLiteral,
} from '../../../../server/src/platform/warehouse/identifiers';
import { parseDateRange, parseLimit, parseQueryFilter } from '../../../../server/src/features/warehouse/analytics/filters';
import { ident, int, sql } from '../../../../server/src/platform/warehouse/sql';

describe('Snowflake identifiers', () => {
  it('accepts unquoted identifiers and resolves them to upper case, as Snowflake does', () => {
    expect(parseIdentifier('analyst', 'roleName')).toBe('ANALYST');
    expect(parseIdentifier('_tmp$1', 'roleName')).toBe('_TMP$1');
    expect(parseIdentifier('Jane_Doe2', 'userName')).toBe('JANE_DOE2');
    expect(parseIdentifier('A'.repeat(255), 'userName')).toHaveLength(255);
  });

  it.each([
    ['', 'must not be empty'],
    ['1ABC', 'must start with a letter or underscore'],
    ['$ABC', 'must start with a letter or underscore'],
    ['jane.doe', 'must start with a letter or underscore'],
    ['jane@acme.com', 'must start with a letter or underscore'],
    ['A'.repeat(256), 'at most 255'],
  ])('refuses %j naming the field', (value, reason) => {
    let error: unknown;
    try {
      parseIdentifier(value, 'roleName');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidIdentifierError);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field: 'roleName' });
    expect((error as InvalidIdentifierError).reason).toContain(reason);
  });

  it('refuses non-text values', () => {
    expect(() => parseIdentifier(42, 'userName')).toThrow(InvalidIdentifierError);
    expect(() => parseIdentifier(null, 'userName')).toThrow('userName: must be a text value');
  });

  it('always emits identifiers double-quoted with inner quotes doubled', () => {
    expect(quoteIdentifier('ANALYST')).toBe('"ANALYST"');
    expect(quoteIdentifier('A"B')).toBe('"A""B"');
    expect(ident('analyst', 'roleName').text).toBe('"ANALYST"');
    // An existing object may have any name Snowflake holds: quoted, a quote inside is doubled.
    expect(ident('x"; DROP', 'roleName').text).toBe('"x""; DROP"');
    expect(ident('jane.doe@acme.com', 'userName').text).toBe('"jane.doe@acme.com"');
    expect(() => ident('x\nDROP', 'roleName')).toThrow(InvalidIdentifierError);
    expect(() => ident('', 'roleName')).toThrow(InvalidIdentifierError);
  });

  it('writes string literals with quotes doubled and backslashes escaped', () => {
    expect(stringLiteral("O'Brien")).toBe("'O''Brien'");
    expect(stringLiteral('a\\b')).toBe("'a\\\\b'");
  });
});

describe('other request values', () => {
  it('binds every interpolated value instead of writing it into the text', () => {
    const statement = sql`SELECT * FROM T WHERE A = ${"x' OR 1=1 --"} AND B = ${3} LIMIT ${int(5)}`;
    expect(statement.text).toBe('SELECT * FROM T WHERE A = ? AND B = ? LIMIT 5');
    expect(statement.params).toEqual(["x' OR 1=1 --", 3]);
    expect(() => int(1.5)).toThrow();
  });

  it('validates query tags, searches, query ids, plain text and e-mails', () => {
    expect(parseQueryTag('dbt:model=fct_orders', 'queryTag')).toBe('dbt:model=fct_orders');
    expect(() => parseQueryTag('{"app":"dbt"}', 'queryTag')).toThrow(InvalidInputError);
    expect(parseSearch('  jane doe ', 'search')).toBe('jane doe');
    expect(parseQueryId('01B2C3D4-0000-1234-0000-00012345ABCD', 'queryId')).toBe('01b2c3d4-0000-1234-0000-00012345abcd');
    expect(() => parseQueryId('not-a-query', 'queryId')).toThrow('queryId');
    expect(parsePlainText('Zoë Müller (Finance)', 'displayName', 255)).toBe('Zoë Müller (Finance)');
    // Snowflake stores any text in a display name or comment: apostrophes, accents, any script.
    expect(parsePlainText("Seán O'Brien", 'displayName', 255)).toBe("Seán O'Brien");
    expect(parsePlainText('Données d’accès — équipe 東京 \\ "x"', 'comment', 1000)).toBe('Données d’accès — équipe 東京 \\ "x"');
    expect(() => parsePlainText('two\nlines', 'comment', 1000)).toThrow('control characters');
    expect(() => parsePlainText('x'.repeat(500), 'displayName', 255)).toThrow('must be at most 255 characters (it has 500)');
    expect(parseEmail('jane.doe@acme.example', 'email')).toBe('jane.doe@acme.example');
    expect(() => parseEmail("jane'@acme.example", 'email')).toThrow('email');
  });

  it('validates date ranges and limits, naming the field', () => {
    expect(parseDateRange({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(() => parseDateRange({ from: '2026-02-30', to: '2026-03-01' })).toThrow(expect.objectContaining({ field: 'from' }));
    expect(() => parseDateRange({ from: '2026-03-01', to: '2026-02-01' })).toThrow(expect.objectContaining({ field: 'to' }));
    expect(() => parseDateRange({ from: '2020-01-01', to: '2026-01-01' })).toThrow(expect.objectContaining({ field: 'to' }));
    expect(() => parseDateRange({ from: '01/02/2026', to: '2026-01-01' })).toThrow(expect.objectContaining({ field: 'from' }));
    expect(parseLimit('25', 'limit', 50)).toBe(25);
    expect(parseLimit(undefined, 'limit', 50)).toBe(50);
    expect(() => parseLimit('5; DROP', 'limit', 50)).toThrow(expect.objectContaining({ field: 'limit' }));
    expect(() => parseLimit(0, 'limit', 50)).toThrow(InvalidInputError);
    expect(() => parseQueryFilter({ from: '2026-01-01', to: '2026-01-02', userName: '' })).toThrow(
      expect.objectContaining({ field: 'userName' }),
    );
    expect(parseQueryFilter({ from: '2026-01-01', to: '2026-01-02', warehouseName: 'bi_wh', userName: null, queryTag: 'a:b' })).toEqual({
      range: { from: '2026-01-01', to: '2026-01-02' },
      warehouseName: 'BI_WH',
      queryTag: 'a:b',
    });
  });
});
