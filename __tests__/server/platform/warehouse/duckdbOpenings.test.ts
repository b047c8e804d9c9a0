// Every kind of DuckDB database the portal and its scripts open — a sample account or usage copy
// (the engine), the sample generator's working copy and the private parser of endpoint SQL — has
// an explicit memory limit, spill limit and temp directory: each database opened is asked for its
// settings as it opens. And no code in server/ or scripts/ opens DuckDB any other way.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import { DEFAULT_DUCKDB_LIMITS, openDuckDbInstance } from '../../../../server/src/platform/warehouse/duckdbInstance';
import { assertReadOnlyQuery, PARSER_LIMITS, parserTempDirectory } from '../../../../server/src/platform/warehouse/readOnlyQuery';
import { generateSampleAccount } from '../../../../server/src/samples/warehouse/generator';
import { openUsageCopy } from '../../../../server/src/features/warehouse/usage-sync/usageCopy';
import { WarehouseRegistry } from '../../../../server/src/features/warehouse/registry';

interface Opened {
  file: string;
  memoryLimit: string;
  tempLimit: string;
  tempDirectory: string;
}

const opened: Opened[] = [];
const create = DuckDBInstance.create.bind(DuckDBInstance);
let dir: string;

/** DuckDB reads sizes in decimal units and reports them in binary ones. */
const reported = {
  '256MB': '244.1 MiB',
  '384MB': '366.2 MiB',

  '1GB': '953.6 MiB',
  '64MB': '61.0 MiB',
  '256MB temp': '244.1 MiB',
  '10GB': '9.3 GiB',
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-duckdb-openings-'));
  jest.spyOn(DuckDBInstance, 'create').mockImplementation(async (file, options) => {
    const instance = await create(file, options);
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll(
      "SELECT current_setting('memory_limit') AS m, current_setting('max_temp_directory_size') AS t, current_setting('temp_directory') AS d",
    );
    connection.closeSync();
    const row = reader.getRowObjectsJS()[0] as { m: string; t: string; d: string };
    opened.push({ file: file ?? ':memory:', memoryLimit: row.m, tempLimit: row.t, tempDirectory: row.d });
    return instance;
  });
});
afterAll(async () => {
  jest.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  opened.length = 0;
});

test('a sample account or usage copy opens with the limits it is given and spills beside its file', async () => {
  const file = path.join(dir, 'account.duckdb');
  const engine = await openDuckDbEngine(file, { limits: { memoryLimit: '384MB', tempLimit: '1GB' } });
  await engine.close();
  const copy = await openUsageCopy(path.join(dir, 'usage'), 'acme', 'sample:test', { memoryLimit: '384MB', tempLimit: '1GB' });
  await copy.close();
  expect(opened).toEqual([
    { file, memoryLimit: reported['384MB'], tempLimit: reported['1GB'], tempDirectory: `${file}.tmp` },
    {
      file: path.join(dir, 'usage', 'acme.duckdb'),
      memoryLimit: reported['384MB'],
      tempLimit: reported['1GB'],
      tempDirectory: `${path.join(dir, 'usage', 'acme.duckdb')}.tmp`,
    },
  ]);
});

test('without limits of its own, an engine takes the defaults', async () => {
  const file = path.join(dir, 'defaults.duckdb');
  const engine = await openDuckDbEngine(file);
  await engine.close();
  expect(DEFAULT_DUCKDB_LIMITS).toEqual({ memoryLimit: '256MB', tempLimit: '10GB' });
  expect(opened).toEqual([{ file, memoryLimit: reported['256MB'], tempLimit: reported['10GB'], tempDirectory: `${file}.tmp` }]);
});

test("the sample generator's working copy is held to the limits it is given, and its spill folder is removed", async () => {
  const file = path.join(dir, 'generated', 'acme.duckdb');
  await generateSampleAccount(file, { org: 'acme', queryCount: 500, days: 3, limits: { memoryLimit: '384MB', tempLimit: '1GB' } });
  expect(opened).toHaveLength(1);
  const [working] = opened as [Opened];
  expect(working.file).toMatch(new RegExp(`^${file.replace(/[.\\/]/g, '\\$&')}\\.\\d+\\.[0-9a-f]{8}\\.tmp$`));
  expect(working).toMatchObject({ memoryLimit: reported['384MB'], tempLimit: reported['1GB'], tempDirectory: `${working.file}.spill` });
  expect((await fs.readdir(path.dirname(file))).sort()).toEqual(['acme.duckdb']);
});

test("the portal's registry generates, opens and copies an organisation's sample with the configured limits", async () => {
  const registry = new WarehouseRegistry(
    {
      sampleDir: path.join(dir, 'registry', 'warehouse'),
      duckdb: { memoryLimit: '384MB', tempLimit: '1GB' },
      usage: { dir: path.join(dir, 'registry', 'usage'), backfillDays: 30, intervalMs: 3_600_000, readyWaitMs: 30_000 },
      defaults: { pricePerCredit: 3, storagePricePerTbMonth: 23, sampleQueries: 500 },
      organisations: {},
    },
    // The usage sync is left out: only the openings are looked at.
    { onUsageOpened: () => undefined },
  );
  try {
    await registry.forOrganisation('acme');
  } finally {
    await registry.close();
  }
  const account = path.join(dir, 'registry', 'warehouse', 'acme.duckdb');
  const copy = path.join(dir, 'registry', 'usage', 'acme.duckdb');
  expect(opened.map((o) => [o.file.startsWith(`${account}.`) ? 'working copy' : o.file, o.memoryLimit, o.tempLimit])).toEqual([
    ['working copy', reported['384MB'], reported['1GB']],
    [account, reported['384MB'], reported['1GB']],
    [copy, reported['384MB'], reported['1GB']],
  ]);
});

test('the endpoint SQL parser is held to its own small limits and spills under the system temp folder', async () => {
  await assertReadOnlyQuery('SELECT 1 AS one');
  expect(PARSER_LIMITS).toEqual({ memoryLimit: '64MB', tempLimit: '256MB' });
  expect(opened).toEqual([
    { file: ':memory:', memoryLimit: reported['64MB'], tempLimit: reported['256MB temp'], tempDirectory: parserTempDirectory() },
  ]);
  expect(parserTempDirectory().startsWith(os.tmpdir())).toBe(true);
});

test('a limit that is not a size is refused with a message naming it', async () => {
  await expect(
    openDuckDbInstance(path.join(dir, 'bad.duckdb'), { limits: { memoryLimit: 'lots', tempLimit: '1GB' }, tempDirectory: dir }),
  ).rejects.toThrow(/memory limit "lots"/);
  await expect(openDuckDbInstance(path.join(dir, 'bad.duckdb'), { limits: DEFAULT_DUCKDB_LIMITS, tempDirectory: ' ' })).rejects.toThrow(
    /temp directory/,
  );
});

/** Every way @duckdb/node-api opens a database: an instance, or a connection on the default in-memory one. */
const OPENS_DUCKDB = /DuckDBInstance\s*\.\s*(create|fromCache)\b|new\s+DuckDBInstance\b|DuckDBConnection\s*\.\s*create\b/;

async function sourceFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...(await sourceFiles(full)));
    } else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

test('no code in server/ or scripts/ opens DuckDB except through openDuckDbInstance', async () => {
  const repository = path.resolve(__dirname, '../../../..');
  const files = [...(await sourceFiles(path.join(repository, 'server'))), ...(await sourceFiles(path.join(repository, 'scripts')))];
  const offenders: string[] = [];
  for (const file of files) {
    if (OPENS_DUCKDB.test(await fs.readFile(file, 'utf8'))) offenders.push(path.relative(repository, file));
  }
  expect(offenders).toEqual(['server/src/platform/warehouse/duckdbInstance.ts']);
});
