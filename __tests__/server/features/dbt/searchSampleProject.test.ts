// Explore's search over the sample project's artifacts (server/dbt-sample-project, built in a
// sample DuckDB warehouse as `npm run dbt:sample` builds them): its marts tagged `certified`
// rank first among equal name matches, a name typed exactly finds its assets before any column,
// its semantic model is found by name, and with no query the assets come before the columns.
import { buildSampleArtifacts } from '../../../../server/src/samples/dbt/sampleArtifacts';
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import { createProjectIndexCache, type ProjectIndex } from '../../../../server/src/features/dbt/projectIndex';
import { searchCatalog } from '../../../../server/src/features/dbt/search';
import { catalogSearchQuery, type SearchHit } from '../../../../common/dbt/catalogContract';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { NOW, openTestAccount, type TestAccount } from '../warehouse/sampleAccount';
import { openTestStore } from './fixtures';

jest.setTimeout(120_000);

let account: TestAccount;
let store: Store;
let index: ProjectIndex;

beforeAll(async () => {
  account = await openTestAccount({ org: 'acme', queryCount: 500 });
  const artifacts = await buildSampleArtifacts(account.engine, { now: NOW, organisation: 'acme', portalUrl: 'https://portal.example.com' });
  store = await openTestStore();
  await ingestArtifacts(
    store.db,
    { manifest: artifacts.manifest, run_results: artifacts.runResults, sources: artifacts.sources, catalog: artifacts.catalog },
    { organisation: 'sample', origin: 'sample', actor: { organisation: 'sample', subject: 's', username: 'admin' } },
  );
  index = (await createProjectIndexCache(store.db).get('sample')) as ProjectIndex;
});
afterAll(async () => {
  await store?.close();
  await account?.close();
});

const search = (query: Record<string, unknown>) => searchCatalog(store.db, 'sample', index, catalogSearchQuery.parse(query));
const label = (hit: SearchHit) => (hit.column ? `column:${hit.name}.${hit.column}` : `${hit.kind}:${hit.name}`);

test('the certified fct_orders outranks the other fct_ models, which start with the same word', async () => {
  const result = await search({ q: 'fct' });
  const models = result.hits.filter((hit) => hit.kind === 'model');
  expect(models.length).toBeGreaterThan(3);
  expect(models[0]).toMatchObject({ name: 'fct_orders', certified: true });
  // The rest in name order (fct_daily_revenue would come first without certification).
  const rest = models.slice(1).map((hit) => hit.name);
  expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  expect(rest[0]).toBe('fct_daily_revenue');
  expect(models.slice(1).every((hit) => !hit.certified)).toBe(true);
});

test('a name typed exactly finds its assets (the semantic model among them) before any column sharing the word', async () => {
  const result = await search({ q: 'orders', limit: 100 });
  const labels = result.hits.map(label);
  expect(labels).toContain('semantic_model:orders');
  const firstColumn = labels.findIndex((hit) => hit.startsWith('column:'));
  const exact = result.hits.filter((hit) => hit.kind !== 'column' && hit.name === 'orders').map(label);
  expect(labels.slice(0, exact.length)).toEqual(exact);
  expect(firstColumn).toBeGreaterThanOrEqual(exact.length);
  // fct_orders is certified but only a word of its name starts so: below the exact names.
  expect(labels.indexOf('model:fct_orders')).toBeGreaterThan(exact.length - 1);
});

test('with no query, every asset comes before every column', async () => {
  const first = await search({ limit: 100 });
  const all = [...first.hits];
  for (let offset = 100; offset < first.total; offset += 100) all.push(...(await search({ limit: 100, offset })).hits);
  const firstColumn = all.findIndex((hit) => hit.kind === 'column');
  expect(firstColumn).toBeGreaterThan(0);
  expect(all.slice(firstColumn).every((hit) => hit.kind === 'column')).toBe(true);
  expect(
    all
      .slice(0, firstColumn)
      .filter((hit) => hit.certified)
      .map((hit) => hit.name),
  ).toEqual(expect.arrayContaining(['fct_orders', 'dim_customers']));
});
