// The watched directory: a set is ingested once its files stop changing, once only (also after
// a restart), a refused set is not retried until it changes, and folders that are not
// organisation ids are left alone.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { watchArtifactsDirectory } from '../../../../server/src/features/dbt/artifactsDirectory';
import { createDbtService, type DbtService } from '../../../../server/src/features/dbt/dbtService';
import { createJobRunner, type JobRunner } from '../../../../server/src/platform/jobs';
import { createLiveChannel, type LiveChannel } from '../../../../server/src/platform/live';
import { type Store } from '../../../../server/src/platform/store/openStore';
import { manifestOf, realPath } from './fixtures';
import { openMemoryStore } from '../../schemaStore';

jest.setTimeout(60_000);

let store: Store;
let live: LiveChannel;
let jobs: JobRunner;
let service: DbtService;
let dir: string;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  store = await openMemoryStore();
  live = createLiveChannel(store.notifier);
  jobs = createJobRunner({ db: store.db, live });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-dbt-dir-'));
  service = createDbtService({
    db: store.db,
    live,
    jobs,
    log,
    warehouse: async () => null,
    settings: { uploadLimitBytes: 1024 * 1024, artifactsDir: dir, freshnessCheckMinutes: 0, tempDir: path.join(dir, 'tmp') },
  });
});
afterAll(async () => {
  await live?.close();
  await store?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const ingestionsOf = (organisation: string) =>
  store.db
    .selectFrom('dbt_ingestions')
    .select(['id', 'origin', 'parts'])
    .where('organisation_id', '=', organisation)
    .orderBy('ingested_at')
    .execute();

test('a stable set is ingested once, with its siblings; a restart does not ingest it again', async () => {
  // The watcher measures stability on this clock; the test moves it instead of waiting.
  let clock = Date.now();
  const now = () => clock;
  const artifacts = path.join(dir, 'artifacts');
  const stateFile = path.join(dir, 'state.json');
  const folder = path.join(artifacts, 'acme');
  await fs.mkdir(folder, { recursive: true });
  await fs.mkdir(path.join(artifacts, 'not an organisation!'), { recursive: true });
  await fs.copyFile(realPath('minhvoutdallas__crypto-analytics', 'manifest.json'), path.join(folder, 'manifest.json'));
  await fs.copyFile(realPath('minhvoutdallas__crypto-analytics', 'sources.json'), path.join(folder, 'sources.json'));
  await fs.copyFile(
    realPath('minhvoutdallas__crypto-analytics', 'manifest.json'),
    path.join(artifacts, 'not an organisation!', 'manifest.json'),
  );

  const watcher = await watchArtifactsDirectory({ directory: artifacts, stateFile, service, log, stableMs: 100, scanMs: 60_000, now });
  await watcher.scan();
  // Seen once: not yet known to be stable.
  expect(await ingestionsOf('acme')).toHaveLength(0);
  clock += 150; // longer than stableMs on the watcher's clock
  await watcher.scan();
  const first = await ingestionsOf('acme');
  expect(first).toEqual([expect.objectContaining({ origin: 'directory', parts: ['manifest', 'sources'] })]);
  clock += 150; // longer than stableMs on the watcher's clock
  await watcher.scan();
  expect(await ingestionsOf('acme')).toHaveLength(1);
  await watcher.close();

  const again = await watchArtifactsDirectory({ directory: artifacts, stateFile, service, log, stableMs: 100, scanMs: 60_000, now });
  await again.scan();
  clock += 150; // longer than stableMs on the watcher's clock
  await again.scan();
  expect(await ingestionsOf('acme')).toHaveLength(1);

  // A refused set is logged and remembered; a changed one is ingested.
  await fs.writeFile(
    path.join(folder, 'manifest.json'),
    '{"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/manifest/v8.json"}}',
  );
  await again.scan();
  clock += 150; // longer than stableMs on the watcher's clock
  await again.scan();
  expect(await ingestionsOf('acme')).toHaveLength(1);
  await fs.writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifestOf({ models: [{ name: 'orders' }] })));
  await fs.rm(path.join(folder, 'sources.json'));
  await again.scan();
  clock += 150; // longer than stableMs on the watcher's clock
  await again.scan();
  const after = await ingestionsOf('acme');
  expect(after).toHaveLength(2);
  expect(after[1]).toMatchObject({ parts: ['manifest'] });
  await again.close();
  expect(await store.db.selectFrom('dbt_ingestions').select('id').where('organisation_id', '=', 'not an organisation!').execute()).toEqual(
    [],
  );
});
