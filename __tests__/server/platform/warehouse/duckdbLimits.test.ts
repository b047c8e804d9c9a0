// Every embedded DuckDB database the portal opens is bounded and closed off: its memory limit and
// spill size are set, no statement reads or writes a file outside its one staging folder or any
// URL, and no statement can change those settings again.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../../server/src/platform/warehouse/engine';
import { raw } from '../../../../server/src/platform/warehouse/sql';

let dir: string;
let engine: Engine;
let staging: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-duckdb-limits-'));
  staging = path.join(dir, 'staging');
  await fs.mkdir(staging);
  await fs.writeFile(path.join(dir, 'outside.csv'), 'secret\n42\n');
  engine = await openDuckDbEngine(path.join(dir, 'warehouse.duckdb'), {
    limits: { memoryLimit: '256MB', tempLimit: '1GB' },
    allowedDirectories: [staging],
  });
});
afterAll(async () => {
  await engine.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const run = (text: string) => engine.query(raw(text));
const causeOf = async (text: string) =>
  run(text).then(
    () => 'ran',
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );

test('the memory limit, spill limit and temp directory are set', async () => {
  const [settings] = await run(
    "SELECT current_setting('memory_limit') AS m, current_setting('max_temp_directory_size') AS t, current_setting('temp_directory') AS d, current_setting('enable_external_access') AS x",
  );
  expect(settings).toEqual({ m: '244.1 MiB', t: '953.6 MiB', d: `${path.join(dir, 'warehouse.duckdb')}.tmp`, x: false });
});

test('no file outside the staging folder and no URL can be read or written', async () => {
  expect(await causeOf(`SELECT * FROM read_csv('${path.join(dir, 'outside.csv')}')`)).toMatch(/disabled by configuration/);
  expect(await causeOf(`COPY (SELECT 1) TO '${path.join(dir, 'out.csv')}'`)).toMatch(/disabled by configuration/);
  expect(await causeOf("SELECT * FROM read_csv('https://example.com/x.csv')")).toMatch(/disabled by configuration|not allowed|disabled/i);
  expect(await causeOf(`ATTACH '${path.join(dir, 'other.duckdb')}' AS other`)).toMatch(/disabled by configuration|not allowed|disabled/i);
  // The one folder the usage sync stages its slices in stays usable.
  await run(`COPY (SELECT 42 AS n) TO '${path.join(staging, 'slice.parquet')}' (FORMAT parquet)`);
  expect(await run(`SELECT n FROM read_parquet('${path.join(staging, 'slice.parquet')}')`)).toEqual([{ n: 42 }]);
});

test('the settings cannot be changed by a statement', async () => {
  for (const statement of [
    "SET memory_limit = '100GB'",
    'SET enable_external_access = true',
    "SET allowed_directories = ['/']",
    'RESET memory_limit',
  ]) {
    expect(await causeOf(statement)).toMatch(/Cannot change configuration option|lock/i);
  }
});

test('a sort larger than the memory limit spills to disk and completes', async () => {
  const [row] = await run('SELECT count(*) AS n FROM (SELECT i, md5(i::VARCHAR) AS s FROM range(3000000) t(i) ORDER BY s)');
  expect(row).toEqual({ n: 3000000 });
});
