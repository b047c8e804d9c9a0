// A connection's prepared statements on a real in-memory DuckDB: one statement per text whatever
// the values, values bound (never spliced into the text), the least recently used destroyed past
// the bound, and a statement that still answers after the table it reads changed.
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { openDuckDbInstance } from '../../../../server/src/platform/warehouse/duckdbInstance';
import { PreparedStatements } from '../../../../server/src/platform/warehouse/preparedStatements';
import { Sql } from '../../../../server/src/platform/warehouse/sql';
import os from 'node:os';
import path from 'node:path';

let instance: DuckDBInstance;
let connection: DuckDBConnection;

beforeAll(async () => {
  instance = await openDuckDbInstance(':memory:', {
    limits: { memoryLimit: '64MB', tempLimit: '64MB' },
    tempDirectory: path.join(os.tmpdir(), `dw-prepared-test-${process.pid}`),
  });
  connection = await instance.connect();
  await connection.run(`CREATE TABLE orders AS SELECT * FROM (VALUES ('GB', 3), ('DE', 5), ('DE', 7)) AS t(country, amount)`);
});
afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

const byCountry = (country: string) =>
  Sql.of('SELECT sum(amount)::INTEGER AS total FROM orders WHERE country = CAST(? AS VARCHAR)', [country]);
const totalOf = async (statements: PreparedStatements, statement: Sql) =>
  (await (await statements.bound(statement)).runAndReadAll()).getRowObjectsJS()[0]?.total;

test('one prepared statement per text, run with each call’s own values', async () => {
  const statements = new PreparedStatements(connection);
  expect(await totalOf(statements, byCountry('DE'))).toBe(12);
  expect(await totalOf(statements, byCountry('GB'))).toBe(3);
  // A value that would change the statement if it were spliced in is just a value.
  expect(await totalOf(statements, byCountry("DE' OR '1'='1"))).toBeNull();
  expect(statements.size).toBe(1);
  statements.clear();
  expect(statements.size).toBe(0);
});

test('past its bound the least recently used statement goes, and the others keep working', async () => {
  const statements = new PreparedStatements(connection, 2);
  const first = Sql.of('SELECT CAST(? AS INTEGER) + 1 AS total', [1]);
  const second = Sql.of('SELECT CAST(? AS INTEGER) + 2 AS total', [1]);
  const third = Sql.of('SELECT CAST(? AS INTEGER) + 3 AS total', [1]);
  const kept = await statements.bound(first);
  const dropped = await statements.bound(second);
  await statements.bound(first); // first is now the most recently used
  await statements.bound(third);
  expect(statements.size).toBe(2);
  expect(() => dropped.bind([1])).toThrow();
  expect(await totalOf(statements, first)).toBe(2);
  expect(await totalOf(statements, third)).toBe(4);
  expect(kept).toBe(await statements.bound(first));
  statements.clear();
});

test('a prepared statement answers from the table as it is now, after rows and columns changed', async () => {
  const statements = new PreparedStatements(connection);
  expect(await totalOf(statements, byCountry('GB'))).toBe(3);
  await connection.run(`INSERT INTO orders VALUES ('GB', 10)`);
  await connection.run(`ALTER TABLE orders ADD COLUMN note VARCHAR`);
  expect(await totalOf(statements, byCountry('GB'))).toBe(13);
  statements.clear();
});
