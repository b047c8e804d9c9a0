// Ingestion on the portal store (PGlite): the real artifacts of public dbt projects by schema
// version, the refusals of the "Bad input" list, atomicity and history.
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { readArtifactFile } from '../../../../server/src/features/dbt/artifacts/readJson';
import { ArtifactError, IngestionBusyError } from '../../../../server/src/features/dbt/errors';
import { ingestArtifacts, type ArtifactSet } from '../../../../server/src/features/dbt/ingest';
import { acquireIngestionLock } from '../../../../server/src/features/dbt/ingestionLock';
import { listAudit, type Actor } from '../../../../server/src/platform/store/audit';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { manifestOf, openTestStore, realJson, realPath, runResultsOf } from './fixtures';

jest.setTimeout(120_000);

const actor: Actor = { organisation: 'acme', subject: 'sub-admin', username: 'admin' };
const options = { organisation: 'acme', origin: 'upload' as const, actor };

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(async () => {
  await store?.close();
});

const nodeCount = async (organisation = 'acme') =>
  Number(
    (
      await store.db
        .selectFrom('dbt_nodes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organisation_id', '=', organisation)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The current ingestion of the organisation's project (each project has its own), or of its only project. */
const current = async (organisation = 'acme', project?: string) =>
  (
    await store.db
      .selectFrom('dbt_ingestions')
      .select('id')
      .where('organisation_id', '=', organisation)
      .where('is_current', '=', true)
      .$if(project !== undefined, (query) => query.where('project_name', '=', project as string))
      .executeTakeFirst()
  )?.id ?? null;

// Counts as ../shared/dbt-real/INDEX.md lists them (read from each manifest).
const accepted: [string, string, Record<string, number>][] = [
  [
    'MIKEJW08__dbt-airbnb-practice-project',
    'v9',
    { models: 8, sources: 3, exposures: 1, tests: 18, seeds: 1, snapshots: 1, metrics: 0, semanticModels: 0 },
  ],
  [
    'yuvaraj91__dbt-jaffle-sl-template',
    'v10',
    { models: 8, sources: 6, exposures: 0, tests: 12, seeds: 6, snapshots: 0, metrics: 4, semanticModels: 3 },
  ],
  [
    'daniel-obare__dbt-Postgres-Project',
    'v11',
    { models: 10, sources: 8, exposures: 0, tests: 7, seeds: 1, snapshots: 0, metrics: 0, semanticModels: 0 },
  ],
  ['peekknuf__ELT_ECOM', 'v11', { models: 3, sources: 0, exposures: 0, tests: 3, seeds: 11, snapshots: 0, metrics: 0, semanticModels: 0 }],
  [
    'dbt-labs__c24-workshops-sales',
    'v12',
    { models: 22, sources: 8, exposures: 0, tests: 49, seeds: 1, snapshots: 0, metrics: 9, semanticModels: 3 },
  ],
  [
    '2moonyo__global-trade-intelligence-pipeline',
    'v12',
    { models: 65, sources: 24, exposures: 0, tests: 395, seeds: 0, snapshots: 0, metrics: 0, semanticModels: 0 },
  ],
  [
    'minhvoutdallas__crypto-analytics',
    'v12',
    { models: 4, sources: 1, exposures: 0, tests: 26, seeds: 0, snapshots: 0, metrics: 0, semanticModels: 0 },
  ],
  [
    'PruthvirajH__dbt-airbnb-analytics__docs',
    'v12',
    { models: 8, sources: 3, exposures: 1, tests: 15, seeds: 1, snapshots: 1, metrics: 0, semanticModels: 0 },
  ],
];

async function realSet(folder: string, parts: readonly ('run_results' | 'sources' | 'catalog')[] = []): Promise<ArtifactSet> {
  const set: ArtifactSet = { manifest: await realJson(folder, 'manifest.json') };
  for (const part of parts) set[part] = await realJson(folder, `${part}.json`);
  return set;
}

describe.each(accepted)('%s (manifest %s) is accepted', (folder, version, counts) => {
  test('with the counts of its manifest', async () => {
    const { readdir } = await import('node:fs/promises');
    const present = await readdir(realPath(folder, ''));
    const parts = (['run_results', 'sources', 'catalog'] as const).filter((part) => present.includes(`${part}.json`));
    const summary = await ingestArtifacts(store.db, await realSet(folder, parts), { ...options, organisation: `real-${version}` });
    expect(summary.manifestSchemaVersion).toBe(version);
    expect(summary.counts).toEqual(counts);
    expect(await current(`real-${version}`, summary.projectName)).toBe(summary.id);
  });
});

test("the catalog gives columns their warehouse types, matched without regard to case, and a column only it knows the warehouse's spelling", async () => {
  await ingestArtifacts(store.db, await realSet('PruthvirajH__dbt-airbnb-analytics__docs', ['catalog']), {
    ...options,
    organisation: 'typed',
  });
  const columns = await store.db
    .selectFrom('dbt_columns')
    .select(['name', 'data_type'])
    .where('organisation_id', '=', 'typed')
    .where('node_id', '=', 'seed.dbtlearn.seed_full_moon_dates')
    .execute();
  // The seed declares no columns: the one it has is named as Snowflake spells it.
  expect(columns).toEqual([{ name: 'FULL_MOON_DATE', data_type: 'DATE' }]);
});

test.each([
  ['calogica__dbt-expectations__docs', 'v7'],
  ['adityapallipati__dbt_tutorial', 'v8'],
  ['Koosha-Mehdipoor__airbnb-dbt-snowflake-pipeline__fusion-preview', 'v20'],
])('%s (manifest %s) is refused, naming its version and the supported ones', async (folder, version) => {
  const manifest = await readArtifactFile(realPath(folder, 'manifest.json'), 'manifest');
  const refusal = ingestArtifacts(store.db, { manifest }, options);
  await expect(refusal).rejects.toBeInstanceOf(ArtifactError);
  await expect(refusal).rejects.toThrow(`manifest schema ${version} is not supported: this portal reads v9, v10, v11, v12`);
});

describe('bad input is refused with what is wrong, and the current set stays as it was', () => {
  let before: string | null;
  let nodesBefore: number;
  beforeAll(async () => {
    await ingestArtifacts(
      store.db,
      await realSet('PruthvirajH__dbt-airbnb-analytics__docs', ['run_results', 'sources', 'catalog']),
      options,
    );
    before = await current();
    nodesBefore = await nodeCount();
  });
  afterEach(async () => {
    expect(await current()).toBe(before);
    expect(await nodeCount()).toBe(nodesBefore);
  });

  const { parseArtifactText } = jest.requireActual<typeof import('../../../../server/src/features/dbt/artifacts/readJson')>(
    '../../../../server/src/features/dbt/artifacts/readJson',
  );

  test('not JSON', () => {
    expect(() => parseArtifactText('<html>not json</html>', 'manifest')).toThrow(/manifest is not valid JSON/);
  });

  test('truncated JSON', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(realPath('PruthvirajH__dbt-airbnb-analytics__docs', 'manifest.json'), 'utf8');
    expect(() => parseArtifactText(text.slice(0, 5000), 'manifest')).toThrow(/manifest is truncated JSON/);
  });

  test('an empty file', () => {
    expect(() => parseArtifactText('  \n', 'manifest')).toThrow(/manifest is empty/);
  });

  test('missing dbt_schema_version', async () => {
    await expect(ingestArtifacts(store.db, { manifest: { metadata: { dbt_version: '1.9.0' }, nodes: {} } }, options)).rejects.toThrow(
      'manifest has no "metadata.dbt_schema_version"',
    );
  });

  test('not an artifact at all', async () => {
    await expect(ingestArtifacts(store.db, { manifest: [1, 2, 3] }, options)).rejects.toThrow(/manifest is not a dbt artifact/);
    await expect(ingestArtifacts(store.db, { manifest: { name: 'my-package', version: '1.0.0' } }, options)).rejects.toThrow(
      /no "metadata.dbt_schema_version"/,
    );
  });

  test('another artifact in the manifest part', async () => {
    await expect(
      ingestArtifacts(store.db, { manifest: await realJson('PruthvirajH__dbt-airbnb-analytics__docs', 'run_results.json') }, options),
    ).rejects.toThrow(/manifest is a dbt run-results artifact \(v6\), not a manifest/);
  });

  test('a manifest whose edges name missing nodes', async () => {
    const manifest = manifestOf({ models: [{ name: 'orders', parents: ['model.shop.gone'] }] });
    await expect(ingestArtifacts(store.db, { manifest }, options)).rejects.toThrow(
      /1 edge\(s\) naming missing nodes \(model\.shop\.orders → model\.shop\.gone\)/,
    );
  });

  test('a good manifest with a run_results of an unsupported version', async () => {
    const runResults = { ...runResultsOf([]), metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/run-results/v3.json' } };
    await expect(
      ingestArtifacts(store.db, { manifest: manifestOf({ models: [{ name: 'orders' }] }), run_results: runResults }, options),
    ).rejects.toThrow('run-results schema v3 is not supported: this portal reads v4, v5, v6');
  });

  test('a manifest whose nodes are not an object', async () => {
    await expect(ingestArtifacts(store.db, { manifest: { ...manifestOf({ models: [] }), nodes: 'none' } }, options)).rejects.toThrow(
      /manifest v12 cannot be read: "nodes"/,
    );
  });

  test('a second ingestion while one is running answers who holds it', async () => {
    const lock = await acquireIngestionLock(store.db, 'acme', 'upload by docs');
    try {
      const second = ingestArtifacts(store.db, { manifest: manifestOf({ models: [{ name: 'orders' }] }) }, options);
      await expect(second).rejects.toBeInstanceOf(IngestionBusyError);
      await expect(second).rejects.toThrow(/\(upload by docs, started .*\) is still running/);
    } finally {
      await lock.release();
    }
  });

  test('a lock left by a process that died is taken over at once; one of a live process elsewhere holds until its lease runs out', async () => {
    // A real process id that has ended, on this host: what a kill -9 during an ingestion leaves.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    await store.db
      .insertInto('dbt_ingestion_locks')
      .values({
        organisation_id: 'crashed',
        holder: 'upload by docs #deadbeef',
        instance_id: `${hostname()}-${dead}-deadbeef`,
        host: hostname(),
        pid: dead,
        lease_until: new Date(Date.now() + 60_000),
      })
      .execute();
    const summary = await ingestArtifacts(
      store.db,
      { manifest: manifestOf({ models: [{ name: 'orders' }] }) },
      { ...options, organisation: 'crashed' },
    );
    expect(summary.counts.models).toBe(1);
    expect(await store.db.selectFrom('dbt_ingestion_locks').selectAll().where('organisation_id', '=', 'crashed').execute()).toEqual([]);

    // Another host's holder cannot be checked: its lease decides.
    await store.db
      .insertInto('dbt_ingestion_locks')
      .values({
        organisation_id: 'elsewhere',
        holder: 'upload by docs #cafecafe',
        instance_id: 'other-host-1-cafecafe',
        host: 'other-host',
        pid: 1,
        lease_until: new Date(Date.now() + 60_000),
      })
      .execute();
    await expect(
      ingestArtifacts(store.db, { manifest: manifestOf({ models: [{ name: 'orders' }] }) }, { ...options, organisation: 'elsewhere' }),
    ).rejects.toBeInstanceOf(IngestionBusyError);
    await store.db
      .updateTable('dbt_ingestion_locks')
      .set({ lease_until: new Date(Date.now() - 1000) })
      .where('organisation_id', '=', 'elsewhere')
      .execute();
    await expect(
      ingestArtifacts(store.db, { manifest: manifestOf({ models: [{ name: 'orders' }] }) }, { ...options, organisation: 'elsewhere' }),
    ).resolves.toMatchObject({ counts: { models: 1 } });
  });

  test('the lock names the holding process and lapses 30 s after its last renewal', async () => {
    const lock = await acquireIngestionLock(store.db, 'renewed', 'upload by docs');
    try {
      const row = await store.db
        .selectFrom('dbt_ingestion_locks')
        .select(['lease_until', 'pid', 'host'])
        .where('organisation_id', '=', 'renewed')
        .executeTakeFirstOrThrow();
      expect(row.pid).toBe(process.pid);
      expect(row.host).toBe(hostname());
      const leaseMs = new Date(row.lease_until).getTime() - Date.now();
      expect(leaseMs).toBeGreaterThan(20_000);
      expect(leaseMs).toBeLessThanOrEqual(31_000);
    } finally {
      await lock.release();
    }
  });
});

test('a new set replaces the current one; run results and freshness stay as history; each ingestion is audited', async () => {
  const first = await ingestArtifacts(
    store.db,
    {
      manifest: manifestOf({ models: [{ name: 'a' }, { name: 'b', parents: ['model.shop.a'] }] }),
      run_results: runResultsOf([{ id: 'model.shop.a', status: 'success' }]),
    },
    { ...options, organisation: 'history' },
  );
  const second = await ingestArtifacts(
    store.db,
    { manifest: manifestOf({ models: [{ name: 'a' }] }), run_results: runResultsOf([{ id: 'model.shop.a', status: 'error' }]) },
    { ...options, organisation: 'history' },
  );
  expect(await current('history')).toBe(second.id);
  expect(await nodeCount('history')).toBe(1);
  const edges = await store.db.selectFrom('dbt_edges').selectAll().where('organisation_id', '=', 'history').execute();
  expect(edges).toEqual([]);
  const runs = await store.db
    .selectFrom('dbt_run_results')
    .select(['ingestion_id', 'status'])
    .where('organisation_id', '=', 'history')
    .orderBy('id')
    .execute();
  expect(runs).toEqual([
    { ingestion_id: first.id, status: 'success' },
    { ingestion_id: second.id, status: 'error' },
  ]);
  const audit = await listAudit(store.db, 'history');
  expect(audit.filter((entry) => entry.action === 'dbt.ingest').map((entry) => entry.target)).toEqual([second.id, first.id]);
});

test('results of `dbt docs generate` are not taken for builds', async () => {
  const manifest = manifestOf({ models: [{ name: 'a' }] });
  await ingestArtifacts(
    store.db,
    { manifest, run_results: runResultsOf([{ id: 'model.shop.a', status: 'success' }], 'generate') },
    { ...options, organisation: 'docsgen' },
  );
  const runs = await store.db.selectFrom('dbt_run_results').selectAll().where('organisation_id', '=', 'docsgen').execute();
  expect(runs).toEqual([]);
});
