// Explore's ranking on a known project (PGlite store, or PostgreSQL when STORE_TEST_DATABASE_URL
// is set): an asset named exactly or starting like the query comes before a column named so and
// before a match in a description, a certified asset before an uncertified one of the same name
// score, and with no query the assets before the columns.
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import { createProjectIndexCache, type ProjectIndex } from '../../../../server/src/features/dbt/projectIndex';
import { searchCatalog } from '../../../../server/src/features/dbt/search';
import { catalogSearchQuery } from '../../../../common/dbt/catalogContract';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { manifestOf, openTestStore, type ProjectSpec } from './fixtures';

jest.setTimeout(60_000);

const project: ProjectSpec = {
  models: [
    { name: 'customers', description: 'One row per customer', columns: ['customer_id'] },
    { name: 'customers_daily', description: 'Sign-ups per day' },
    // A column named exactly like the model, and a word of another column.
    { name: 'stats', description: 'Counts', columns: ['customers', 'orders'] },
    { name: 'people', description: 'Every customers row, renamed' },
    { name: 'revenue_daily', description: 'Revenue per day' },
    { name: 'revenue_monthly', description: 'Revenue per month', meta: { certified: true } },
    { name: 'revenue_weekly', description: 'Revenue per week', tags: ['certified'] },
    { name: 'revenue_yearly', description: 'Revenue per year', meta: { certified: false } },
  ],
};

let store: Store;
let index: ProjectIndex;

beforeAll(async () => {
  store = await openTestStore();
  await ingestArtifacts(
    store.db,
    { manifest: manifestOf(project) },
    { organisation: 'rank', origin: 'upload', actor: { organisation: 'rank', subject: 's', username: 'admin' } },
  );
  index = (await createProjectIndexCache(store.db).get('rank')) as ProjectIndex;
});
afterAll(async () => {
  await store?.close();
});

const search = (query: Record<string, unknown>) => searchCatalog(store.db, 'rank', index, catalogSearchQuery.parse(query));
const label = (hit: { kind: string; name: string; column: string | null }) =>
  hit.column ? `${hit.kind}:${hit.name}.${hit.column}` : `${hit.kind}:${hit.name}`;

test('an exact then a prefix model name come before a column named exactly so, and description matches come last', async () => {
  const result = await search({ q: 'customers' });
  // The last two match around the name only: the description, and the node a column belongs to.
  expect(result.hits.map(label)).toEqual([
    'model:customers',
    'model:customers_daily',
    'column:stats.customers',
    'model:people',
    'column:customers.customer_id',
  ]);
});

test('a certified asset outranks an uncertified one of the same name score (meta or tag)', async () => {
  const result = await search({ q: 'revenue' });
  expect(result.hits.map(label)).toEqual(['model:revenue_monthly', 'model:revenue_weekly', 'model:revenue_daily', 'model:revenue_yearly']);
  expect(result.hits.map((hit) => hit.certified)).toEqual([true, true, false, false]);
});

test('certified is a facet of assets, and filters', async () => {
  const all = await search({});
  expect(all.facets.certified).toEqual([
    { value: 'not certified', count: 6 },
    { value: 'certified', count: 2 },
  ]);
  const certified = await search({ certified: 'certified' });
  expect(certified.hits.map(label)).toEqual(['model:revenue_monthly', 'model:revenue_weekly']);
});

test('with no query, every asset comes before every column', async () => {
  const result = await search({ limit: 100 });
  const kinds = result.hits.map((hit) => (hit.kind === 'column' ? 'column' : 'asset'));
  expect(kinds.indexOf('column')).toBe(8);
  expect(kinds.slice(8).every((kind) => kind === 'column')).toBe(true);
  // A page past the assets holds columns only.
  const second = await search({ limit: 5, offset: 5 });
  expect(second.hits.map((hit) => hit.kind)).toEqual(['model', 'model', 'model', 'column', 'column']);
});
