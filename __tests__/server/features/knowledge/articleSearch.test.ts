// Knowledge base search on PGlite, and on PostgreSQL when STORE_TEST_DATABASE_URL is set: the
// organisation's matches are found by the search index alone (the same articles a plain
// full-text match finds, never another organisation's), ranked by their heading (title, tags,
// category) and then by recency, with category counts over every match and highlighted extracts
// of the page's bodies.
import { sql } from 'kysely';
import { createArticle, listArticles } from '../../../../server/src/features/knowledge/articlesStore';
import { parseSearch } from '../../../../server/src/platform/search';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openSchemaStore } from '../../schemaStore';

jest.setTimeout(60_000);

const admin = { organisation: 'acme', subject: 'sub-admin', username: 'admin', roles: ['user', 'admin'] };
const reader = { organisation: 'acme', subject: 'sub-reader', username: 'reader', roles: ['user'] };
const foreign = { organisation: 'globex', subject: 'sub-globex', username: 'globexadmin', roles: ['user', 'admin'] };

let store: Store;
const ids: Record<string, string> = {};

/** Creates an article and dates its last change `daysAgo` days back, so recency is known. */
async function article(
  key: string,
  input: { title: string; body: string; category: string; tags?: string[]; status?: 'draft' | 'published' },
  daysAgo: number,
  actor = admin,
) {
  ids[key] = await createArticle(store.db, actor, { tags: [], status: 'published', ...input });
  await store.db
    .updateTable('kb_articles')
    .set({ updated_at: sql<Date>`now() - make_interval(days => ${daysAgo})` })
    .where('id', '=', ids[key] as string)
    .execute();
}

beforeAll(async () => {
  store = await openSchemaStore('knowledge_search');
  // Matches in the body only, the newest of them first among themselves.
  await article('bodyOld', { title: 'Reading the bill', body: 'Idle warehouses burn credits between queries.', category: 'Cost' }, 30);
  await article('bodyNew', { title: 'Month end', body: 'Check the **credits** used by each warehouse.', category: 'Cost' }, 1);
  // Matches in the title (weight A) and in a tag (B), older than the body matches.
  await article('title', { title: 'Where credits go', body: 'An overview of spending.', category: 'Warehouse' }, 60);
  await article('tag', { title: 'Budgets', body: 'Set a monthly budget.', category: 'Cost', tags: ['credits'] }, 90);
  await article('draft', { title: 'Credits draft', body: 'Unfinished notes on credits.', category: 'Cost', status: 'draft' }, 0);
  await article('other', { title: 'Connecting Airbyte', body: 'Sources and destinations.', category: 'Integrations' }, 5);
  // Another organisation's article with the same words is never found.
  await article('foreign', { title: 'Credits at Globex', body: 'Their credits.', category: 'Cost' }, 0, foreign);
  // A long body, so the extract is a piece around the first match.
  const filler = 'Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor. '.repeat(6);
  await article(
    'long',
    { title: 'Spilling', body: `${filler}Queries that spill to remote storage run slowly. ${filler}`, category: 'Warehouse' },
    10,
  );
});
afterAll(async () => {
  await store?.close();
});

const titlesOf = async (q: string, actor = reader, extra: Record<string, string> = {}) =>
  (await listArticles(store.db, actor, { q, ...extra })).articles.map((a) => a.title);

test('title matches rank first, then tags, then body matches newest first', async () => {
  expect(await titlesOf('credits')).toEqual(['Where credits go', 'Budgets', 'Month end', 'Reading the bill']);
  // Prefixes rank the same way.
  expect(await titlesOf('cred')).toEqual(['Where credits go', 'Budgets', 'Month end', 'Reading the bill']);
});

test('category counts cover every match; a category narrows the page and the total', async () => {
  const all = await listArticles(store.db, reader, { q: 'credits' });
  expect(all.total).toBe(4);
  expect(all.categories).toEqual([
    { value: 'Cost', count: 3 },
    { value: 'Warehouse', count: 1 },
  ]);
  const cost = await listArticles(store.db, reader, { q: 'credits', category: 'Cost' });
  expect(cost.articles.map((a) => a.title)).toEqual(['Budgets', 'Month end', 'Reading the bill']);
  expect(cost.total).toBe(3);
  expect(await titlesOf('credits', reader, { tag: 'credits' })).toEqual(['Budgets']);
});

test('drafts are found for editors who ask for them, never for readers', async () => {
  expect(await titlesOf('credits')).not.toContain('Credits draft');
  expect(await titlesOf('credits', admin, { status: 'all' })).toContain('Credits draft');
  expect(await titlesOf('credits', admin, { status: 'draft' })).toEqual(['Credits draft']);
});

test('phrases, exclusions and OR find what a full-text match of the whole document finds, in the organisation only', async () => {
  for (const q of ['credits', 'cred', '"credits used"', 'credits -idle', 'airbyte OR spill', 'warehouse credits', 'zzz']) {
    const tsquery = parseSearch(q).tsquery as string;
    const expected = await store.db
      .selectFrom('kb_articles')
      .select('title')
      .where('organisation_id', '=', 'acme')
      .where('status', '=', 'published')
      .where(sql<boolean>`document @@ to_tsquery('simple', ${tsquery})`)
      .execute();
    expect((await titlesOf(q)).sort()).toEqual(expected.map((row) => row.title).sort());
  }
  expect(await titlesOf('"credits used"')).toEqual(['Month end']);
  expect(await titlesOf('globex')).toEqual([]);
  expect(await titlesOf('credits', foreign)).toEqual(['Credits at Globex']);
});

test('titles and body extracts come back highlighted (markdown as plain words)', async () => {
  const [first] = (await listArticles(store.db, reader, { q: 'credits used' })).articles;
  expect(first?.title).toBe('Month end');
  expect(first?.extract).toEqual([
    { text: 'Check the ', match: false },
    { text: 'credits', match: true },
    { text: ' ', match: false },
    { text: 'used', match: true },
    { text: ' by each warehouse.', match: false },
  ]);
  const [spill] = (await listArticles(store.db, reader, { q: 'spill' })).articles;
  expect(spill?.titleHighlight).toEqual([{ text: 'Spilling', match: true }]);
  const text = spill?.extract.map((part) => part.text).join('') ?? '';
  expect(text.startsWith('…')).toBe(true);
  expect(text.length).toBeLessThanOrEqual(182);
  expect(spill?.extract).toContainEqual({ text: 'spill', match: true });
});

test('the heading a search ranks by holds the title, tags and category, not the body', async () => {
  const row = await store.db
    .selectFrom('kb_articles')
    .select(sql<string>`heading::text`.as('heading'))
    .where('id', '=', ids.tag as string)
    .executeTakeFirstOrThrow();
  expect(row.heading).toBe("'budgets':1A 'cost':3B 'credits':2B");
});
