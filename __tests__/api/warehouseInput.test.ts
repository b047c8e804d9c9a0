import {
  canonicalName,
  emailError,
  identifierError,
  plainTextError,
  queryTagError,
  searchError,
  serverFieldError,
} from '../../src/api/warehouseInput';

// The same payloads the server refuses (server/src/features/warehouse/identifiers.ts): the browser says
// so at the field before sending.
const injections = [`x'; DROP USER ADMIN; --`, 'a b', '"QUOTED"', 'name;', 'a.b', 'a-b', '1ABC', 'ÄBC', 'x\u0000', 'a/*', "O'Brien"];

it.each(injections)('refuses %j as a user, role or warehouse name', (value) => {
  expect(identifierError(value)).toBeDefined();
});

it('accepts Snowflake unquoted identifiers up to 255 characters and upper-cases them', () => {
  expect(identifierError('jane_doe')).toBeUndefined();
  expect(identifierError('_ETL$2')).toBeUndefined();
  expect(identifierError('A'.repeat(255))).toBeUndefined();
  expect(identifierError('A'.repeat(256))).toBe('Use at most 255 characters (this has 256).');
  expect(identifierError('')).toBe('Enter a name.');
  expect(canonicalName(' jane_doe ')).toBe('JANE_DOE');
});

it('checks query tags, searches, free text and e-mail addresses as the server does', () => {
  expect(queryTagError('dbt:model=orders')).toBeUndefined();
  expect(queryTagError('a--b')).toBeDefined();
  expect(queryTagError("x' OR 1=1")).toBeDefined();
  expect(searchError('jane doe')).toBeUndefined();
  expect(searchError('')).toBeUndefined();
  expect(searchError("jane'")).toBeDefined();
  expect(searchError('a$$b')).toBeDefined();
  expect(plainTextError('Jane Doe (finance)', 255)).toBeUndefined();
  // Display names and comments take any text Snowflake stores; only control characters and length are refused.
  expect(plainTextError("Seán O'Brien", 255)).toBeUndefined();
  expect(plainTextError('Données d’accès — 東京', 1000)).toBeUndefined();
  expect(plainTextError('two\nlines', 1000)).toBe('Use a single line without tabs or other control characters.');
  expect(plainTextError('x'.repeat(500), 255)).toBe('Use at most 255 characters (this has 500).');
  expect(emailError('jane@example.com')).toBeUndefined();
  expect(emailError('jane@')).toBeDefined();
});

it("turns a server's field message into a sentence for that field", () => {
  expect(serverFieldError('userName', 'userName: must start with a letter')).toEqual({
    field: 'userName',
    message: 'Must start with a letter.',
  });
  expect(serverFieldError(undefined, 'anything')).toBeNull();
});
