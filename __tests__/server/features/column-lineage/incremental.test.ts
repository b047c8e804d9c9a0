// The column lineage job is incremental: after an upload only the models whose compiled SQL or
// whose parents' columns changed are parsed again, a model that is gone loses its lineage, and SQL
// that does not parse is kept as failed with the parser's reason (on a real project's manifest).
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import { computeColumnLineage } from '../../../../server/src/features/column-lineage/computeLineage';
import { createParserPool, type ParserPool } from '../../../../server/src/features/column-lineage/engine/parserPool';
import { assetColumnLineage, coverage } from '../../../../server/src/features/column-lineage/lineageQueries';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openTestStore, realJson } from '../dbt/fixtures';

jest.setTimeout(120_000);

const actor = { organisation: 'acme', subject: 'sub-admin', username: 'admin' };
const organisation = 'incremental-lineage';
const PROJECT = 'dbt-labs__c24-workshops-sales';

interface Manifest {
  nodes: Record<
    string,
    { resource_type: string; compiled_code?: string; depends_on?: { nodes?: string[] }; columns?: Record<string, unknown> }
  >;
  sources: Record<string, { columns?: Record<string, { name: string }> }>;
  child_map?: Record<string, string[]>;
  parent_map?: Record<string, string[]>;
}

let store: Store;
let pool: ParserPool;
let manifest: Manifest;
beforeAll(async () => {
  store = await openTestStore();
  pool = createParserPool(process.cwd(), 1);
  manifest = (await realJson(PROJECT, 'manifest.json')) as Manifest;
});
afterAll(async () => {
  await pool?.close();
  await store?.close();
});

const upload = (changed: Manifest) => ingestArtifacts(store.db, { manifest: changed }, { organisation, origin: 'upload', actor });
const models = () => Object.entries(manifest.nodes).filter(([, node]) => node.resource_type === 'model' && node.compiled_code);

test('parses every model once, then only what changed; a gone model loses its lineage; broken SQL is failed with a reason', async () => {
  await upload(manifest);
  const first = await computeColumnLineage(store.db, pool, organisation);
  expect(first).toEqual({ models: models().length, computed: models().length, failed: 0, unchanged: 0 });

  await upload(manifest);
  expect(await computeColumnLineage(store.db, pool, organisation)).toMatchObject({ computed: 0, unchanged: models().length });

  // One model's SQL breaks: it alone is parsed again, and fails with the parser's words.
  const [brokenId] = models()[0] as [string, unknown];
  const broken = structuredClone(manifest);
  (broken.nodes[brokenId] as { compiled_code: string }).compiled_code = 'select from where';
  await upload(broken);
  expect(await computeColumnLineage(store.db, pool, organisation)).toMatchObject({
    computed: 0,
    failed: 1,
    unchanged: models().length - 1,
  });
  const page = await assetColumnLineage(store.db, organisation, brokenId);
  expect(page).toMatchObject({ state: 'failed', reason: expect.stringContaining('Parse error') });
  const report = (await coverage(store.db, organisation)).projects[0];
  expect(report?.failures.map((failure) => failure.uniqueId)).toEqual([brokenId]);

  // Back as it was: parsed again, computed, nothing else touched.
  await upload(manifest);
  expect(await computeColumnLineage(store.db, pool, organisation)).toMatchObject({
    computed: 1,
    failed: 0,
    unchanged: models().length - 1,
  });
  expect((await assetColumnLineage(store.db, organisation, brokenId)).state).toBe('computed');

  // A parent's columns change (a source gains one): the models reading it are parsed again, only they.
  const [sourceId, source] = Object.entries(manifest.sources).find(([, entry]) => Object.keys(entry.columns ?? {}).length > 0) as [
    string,
    { columns: Record<string, { name: string }> },
  ];
  const readers = models().filter(([, node]) => node.depends_on?.nodes?.includes(sourceId)).length;
  expect(readers).toBeGreaterThan(0);
  const widened = structuredClone(manifest);
  const template = Object.values(source.columns)[0] as { name: string };
  (widened.sources[sourceId] as { columns: Record<string, unknown> }).columns.loaded_by = { ...template, name: 'loaded_by' };
  await upload(widened);
  expect(await computeColumnLineage(store.db, pool, organisation)).toMatchObject({
    computed: readers,
    unchanged: models().length - readers,
  });

  // A model removed from the project: its lineage rows go with it.
  const [goneId] = models().find(([id]) => !Object.values(manifest.nodes).some((node) => node.depends_on?.nodes?.includes(id))) as [
    string,
    unknown,
  ];
  const smaller = structuredClone(widened);
  delete smaller.nodes[goneId];
  for (const map of [smaller.child_map, smaller.parent_map]) {
    if (!map) continue;
    delete map[goneId];
    for (const [id, list] of Object.entries(map)) map[id] = list.filter((other) => other !== goneId);
  }
  await upload(smaller);
  expect(await computeColumnLineage(store.db, pool, organisation)).toMatchObject({ models: models().length - 1, computed: 0 });
  const left = await store.db
    .selectFrom('column_lineage_models')
    .select('node_id')
    .where('organisation_id', '=', organisation)
    .where('node_id', '=', goneId)
    .execute();
  expect(left).toEqual([]);
});
