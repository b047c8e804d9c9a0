// The embedded engine's time-limited reads (what data API endpoints run on), on a real DuckDB
// file: a statement past its limit is interrupted and named as a time-out, and every read
// connection answers the next statements, prepared ones included, with their own values.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Engine } from '../../../../server/src/platform/warehouse/engine';
import { openDuckDbEngine, READ_CONNECTIONS } from '../../../../server/src/platform/warehouse/duckdbEngine';
import { StatementTimeoutError } from '../../../../server/src/platform/warehouse/errors';
import { Sql } from '../../../../server/src/platform/warehouse/sql';

let dir: string;
let engine: Engine;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-query-within-'));
  engine = await openDuckDbEngine(path.join(dir, 'account.duckdb'));
});
afterAll(async () => {
  await engine.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const square = (n: number) => Sql.of('SELECT CAST(? AS INTEGER) * CAST(? AS INTEGER) AS square', [n, n]);

test('a read past its time limit is interrupted and answered as a time-out', async () => {
  const endless = Sql.of('SELECT count(*) AS n FROM range(1000000000000) AS a(x) WHERE x % 7 = CAST(? AS BIGINT)', [3]);
  const started = Date.now();
  await expect(engine.queryWithin!(endless, 300)).rejects.toBeInstanceOf(StatementTimeoutError);
  expect(Date.now() - started).toBeLessThan(10_000);
});

test('after a time-out, every connection answers prepared statements with their own values, many at once', async () => {
  const numbers = Array.from({ length: READ_CONNECTIONS * 5 }, (_, index) => index + 1);
  const answers = await Promise.all(numbers.map((n) => engine.queryWithin!(square(n), 5000)));
  expect(answers.map((answer) => answer.rows[0]?.square)).toEqual(numbers.map((n) => n * n));
  expect(answers[0]?.columns).toEqual(['square']);
});

test('a statement that fails to prepare is a warehouse error, and the connection stays usable', async () => {
  await expect(engine.queryWithin!(Sql.of('SELECT * FROM no_such_table WHERE 1 = ?', [1]), 5000)).rejects.toThrow(
    'The sample warehouse could not run the request.',
  );
  expect((await engine.queryWithin!(square(9), 5000)).rows).toEqual([{ square: 81 }]);
});
