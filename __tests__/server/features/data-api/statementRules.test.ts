// The rules an endpoint's statement and parameters follow, without a server: placeholders become
// typed binds (never text) outside quotes and comments, identifier positions are refused, the
// parser refuses writes, several statements and file access, and the JSON Schema coerces and
// names what is wrong.
import { endpointParameter } from '@common/data-api/dataApiContract';
import { compilePlaceholders, PlaceholderError } from '../../../../server/src/features/data-api/placeholders';
import { parameterJsonSchema, ParameterError, validateParameters } from '../../../../server/src/features/data-api/parameterSchema';
import { assertReadOnlyQuery, UnsafeStatementError } from '../../../../server/src/platform/warehouse/readOnlyQuery';

const params = [
  endpointParameter.parse({ name: 'country', type: 'string', maxLength: 2, pattern: '^[A-Z]{2}$' }),
  endpointParameter.parse({ name: 'since', type: 'date', required: true }),
  endpointParameter.parse({ name: 'n', type: 'integer', default: 5, minimum: 1, maximum: 10 }),
  endpointParameter.parse({ name: 'open', type: 'boolean' }),
  endpointParameter.parse({ name: 'status', type: 'enum', values: ['a', 'b'] }),
];

test('placeholders become typed binds, in order, repeated as often as they appear', () => {
  const compiled = compilePlaceholders(
    'SELECT * FROM T WHERE C = {{country}} AND D >= :since AND (:country IS NULL OR 1 = 1) AND X::INT = :n',
    params,
  );
  expect(compiled.text).toBe(
    'SELECT * FROM T WHERE C = CAST(? AS VARCHAR) AND D >= CAST(? AS DATE) AND (CAST(? AS VARCHAR) IS NULL OR 1 = 1) AND X::INT = CAST(? AS BIGINT)',
  );
  expect(compiled.binds).toEqual(['country', 'since', 'country', 'n']);
});

test('quoted text, quoted names and comments are left alone', () => {
  const compiled = compilePlaceholders(
    `SELECT ':country', "{{country}}", 'it''s {{n}}' -- :since\n/* {{open}} */ FROM T WHERE A = :status`,
    params,
  );
  expect(compiled.binds).toEqual(['status']);
  expect(compiled.text).toContain(`':country', "{{country}}", 'it''s {{n}}' -- :since`);
});

test.each([
  ['SELECT * FROM {{country}}', /identifiers cannot be parameters/],
  ['SELECT * FROM T JOIN :country ON true', /identifiers cannot be parameters/],
  ['SELECT T.{{country}} FROM T', /identifiers cannot be parameters/],
  ['SELECT {{country}}.X FROM T', /identifiers cannot be parameters/],
  ['SELECT * FROM T ORDER BY :country', /identifiers cannot be parameters/],
  ['SELECT 1 AS {{country}}', /identifiers cannot be parameters/],
  ['SELECT :country(1)', /identifiers cannot be parameters/],
  ['SELECT {{missing}}', /no parameter/],
  ['SELECT {{ }}', /must hold a parameter name/],
  ['SELECT ? FROM T', /named placeholders/],
  ['SELECT $1 FROM T', /named placeholders/],
])('%s is refused', (sql, reason) => {
  expect(() => compilePlaceholders(sql, params)).toThrow(PlaceholderError);
  expect(() => compilePlaceholders(sql, params)).toThrow(reason);
});

test.each([
  'SELECT 1',
  'WITH a AS (SELECT 1 AS x) SELECT x FROM a',
  'SELECT * FROM range(10) t(i)',
  'SELECT upper(NAME) FROM S.T WHERE ID = ? ORDER BY 1 LIMIT 5',
])('%s is a read-only query', async (sql) => {
  await expect(assertReadOnlyQuery(sql)).resolves.toBeUndefined();
});

test.each([
  ['INSERT INTO T VALUES (1)', /read query/],
  ['UPDATE T SET A = 1', /read query/],
  ["COPY T TO '/tmp/x.csv'", /read query/],
  ["ATTACH 'x.db'", /read query/],
  ['PRAGMA version', /read query/],
  ['SET threads = 1', /read query/],
  ['SELECT 1; SELECT 2', /2 statements/],
  ["SELECT * FROM read_parquet('s3://b/x.parquet')", /read_parquet/],
  ["SELECT * FROM 'https://example.com/x.csv'", /file or URL/],
  ["SELECT * FROM query('DROP TABLE T')", /query/],
  ["SELECT getenv('HOME')", /getenv/],
  ["SELECT (SELECT count(*) FROM read_json_auto('/etc/x.json'))", /read_json_auto/],
  ['SELEC 1', /not valid SQL/],
])('%s is refused with the reason', async (sql, reason) => {
  await expect(assertReadOnlyQuery(sql)).rejects.toThrow(UnsafeStatementError);
  await expect(assertReadOnlyQuery(sql)).rejects.toThrow(reason);
});

test.each([
  // What an analyst writes: aggregates, windows, dates, text, JSON, CASE and casts, the Snowflake shims.
  "SELECT date_trunc('month', ORDER_DATE) AS m, count(*) AS n, sum(AMOUNT) AS total, avg(AMOUNT), median(AMOUNT) FROM RAW_SHOP.ORDERS GROUP BY ALL ORDER BY m",
  'SELECT ID, row_number() OVER (PARTITION BY CUSTOMER_ID ORDER BY ORDER_DATE DESC) AS rn, lag(AMOUNT) OVER (ORDER BY ORDER_DATE) FROM RAW_SHOP.ORDERS QUALIFY rn = 1',
  "SELECT upper(trim(NAME)), coalesce(EMAIL, 'none'), CASE WHEN AMOUNT > 10 THEN 'big' ELSE 'small' END, CAST(AMOUNT AS VARCHAR), AMOUNT::DOUBLE, regexp_replace(NAME, '[0-9]', '') FROM S.T WHERE NAME ILIKE '%a%'",
  "SELECT json_extract_string(PAYLOAD, '$.kind'), PAYLOAD->>'id', list_transform([1, 2], x -> x + 1), strftime(now(), '%Y'), DATEADD('day', 1, current_date) FROM S.EVENTS",
  'SELECT * FROM (VALUES (1, 2)) AS t(a, b) UNION ALL SELECT 3, 4',
  'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT n FROM r',
])('%s passes the allow lists', async (sql) => {
  await expect(assertReadOnlyQuery(sql)).resolves.toBeUndefined();
});

test.each([
  // The engine's own views: settings, the database files (with their server paths) and the log.
  ['SELECT * FROM duckdb_databases', /engine's own views/],
  ['SELECT path FROM system.main.duckdb_databases', /engine's own views/],
  ['SELECT * FROM pg_catalog.pg_settings', /engine's own views/],
  ['SELECT * FROM duckdb_logs', /engine's own views/],
  ['SELECT * FROM information_schema.tables', /engine's own views/],
  // Statement kinds and FROM items outside the allow list.
  ['SUMMARIZE SELECT 1', /SUMMARIZE is not allowed/],
  ['DESCRIBE SELECT 1', /DESCRIBE/],
  // Functions not on the allow list: settings, variables, session, side effects, serialised SQL,
  // and anything DuckDB does not have (a future file reader would be refused the same way).
  ["SELECT current_setting('temp_directory')", /current_setting is not allowed/],
  ["SELECT getvariable('x')", /getvariable/],
  ['SELECT version()', /version/],
  ["SELECT nextval('s')", /nextval/],
  ['SELECT sleep_ms(100000)', /sleep_ms/],
  ["SELECT json_serialize_sql('SELECT 1')", /json_serialize_sql/],
  ["SELECT read_text_somehow('/etc/passwd')", /read_text_somehow is not allowed/],
])('%s is refused by the allow lists', async (sql, reason) => {
  await expect(assertReadOnlyQuery(sql)).rejects.toThrow(UnsafeStatementError);
  await expect(assertReadOnlyQuery(sql)).rejects.toThrow(reason);
});

test('on Snowflake, its own function names pass and what reaches stages, URLs or the system is refused', async () => {
  await expect(
    assertReadOnlyQuery("SELECT TO_CHAR(ORDER_DATE, 'YYYY-MM'), NVL(EMAIL, ''), IFF(AMOUNT > 1, 1, 0) FROM RAW.SHOP.ORDERS", 'snowflake'),
  ).resolves.toBeUndefined();
  await expect(assertReadOnlyQuery('SELECT SYSTEM$WHITELIST()', 'snowflake')).rejects.toThrow(/system\$whitelist is not allowed/);
  await expect(assertReadOnlyQuery("SELECT GET_PRESIGNED_URL('@stage', 'x.csv')", 'snowflake')).rejects.toThrow(/get_presigned_url/);
  await expect(assertReadOnlyQuery("SELECT * FROM read_csv('x.csv')", 'snowflake')).rejects.toThrow(/read_csv/);
});

test('the JSON Schema coerces query-string text, fills defaults and names what is wrong', () => {
  const schema = parameterJsonSchema(params);
  expect(schema).toMatchObject({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    required: ['since'],
    additionalProperties: false,
  });
  expect(validateParameters(schema, { since: '2026-01-31', open: 'true', country: 'DE' })).toEqual({
    since: '2026-01-31',
    open: true,
    country: 'DE',
    n: 5,
  });
  const refusal = (input: Record<string, string>) => {
    try {
      validateParameters(schema, input);
    } catch (error) {
      return error instanceof ParameterError ? error.message : String(error);
    }
    return 'accepted';
  };
  expect(refusal({})).toBe('since: is required.');
  expect(refusal({ since: '31/01/2026' })).toMatch(/^since: must be a date/);
  expect(refusal({ since: '2026-01-31', n: '11' })).toBe('n: must be at most 10.');
  expect(refusal({ since: '2026-01-31', n: '2.5' })).toBe('n: must be an integer.');
  expect(refusal({ since: '2026-01-31', country: 'de' })).toMatch(/^country: must match the pattern/);
  expect(refusal({ since: '2026-01-31', status: 'c' })).toBe('status: must be one of a, b.');
  expect(refusal({ since: '2026-01-31', other: 'x' })).toBe('other: is not a parameter of this endpoint.');
});
