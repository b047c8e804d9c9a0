// Explore's in-memory word index: prefixes and every-word matching on lexemes given by hand, then
// on the real artifacts of two public dbt projects (read by path from ../shared/dbt-real), the
// documents it finds for each query are exactly those PostgreSQL's own full-text search finds
// (`document @@ to_tsquery('simple', 'w1':* & 'w2':*)`) in the store the project was ingested
// into (PGlite, or PostgreSQL when STORE_TEST_DATABASE_URL is set).
import { sql } from 'kysely';
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import { buildPrefixIndex, prefixMatches } from '../../../../server/src/features/dbt/prefixIndex';
import { createProjectIndexCache, type IndexDoc, type ProjectIndex } from '../../../../server/src/features/dbt/projectIndex';
import { prefixQuery, queryWords } from '../../../../server/src/platform/search/index';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openTestStore, realJson } from './fixtures';

jest.setTimeout(120_000);

describe('the word index on lexemes given by hand', () => {
  const index = buildPrefixIndex(['stg orders stg_orders', 'customers id', '', 'orders customer customers', 'ordinal']);

  test('a prefix finds every document with a word starting so, in position order, each once', () => {
    expect(prefixMatches(index, ['ord'])).toEqual([0, 3, 4]);
    expect(prefixMatches(index, ['stg'])).toEqual([0]);
    expect(prefixMatches(index, ['customers'])).toEqual([1, 3]);
  });

  test('every word must match: one missing word leaves the document out', () => {
    expect(prefixMatches(index, ['ord', 'cust'])).toEqual([3]);
    expect(prefixMatches(index, ['cust', 'id'])).toEqual([1]);
    expect(prefixMatches(index, ['ord', 'missing'])).toEqual([]);
  });

  test('no word, or a word past every lexeme, finds nothing', () => {
    expect(prefixMatches(index, [])).toEqual([]);
    expect(prefixMatches(index, ['zzz'])).toEqual([]);
    expect(index.documents).toBe(5);
  });
});

describe('the word index against PostgreSQL full-text search on real projects', () => {
  let store: Store;
  const indexes = new Map<string, ProjectIndex>();

  beforeAll(async () => {
    store = await openTestStore();
    for (const [organisation, folder] of [
      ['c24', 'dbt-labs__c24-workshops-sales'],
      ['global-trade', '2moonyo__global-trade-intelligence-pipeline'],
    ] as const) {
      await ingestArtifacts(
        store.db,
        { manifest: await realJson(folder, 'manifest.json') },
        { organisation, origin: 'upload', actor: { organisation, subject: 's', username: 'admin' } },
      );
      indexes.set(organisation, (await createProjectIndexCache(store.db).get(organisation)) as ProjectIndex);
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  /** Queries a user could type: prefixes of one to five letters of the names' and descriptions' words, and pairs of them. */
  function queriesOf(index: ProjectIndex): string[][] {
    const words = new Set<string>();
    for (const doc of index.docs) for (const word of queryWords(`${doc.column ?? doc.name} ${doc.description}`)) words.add(word);
    const prefixes = new Set<string>();
    for (const word of words) for (const length of [1, 2, 3, 5]) if (word.length >= length) prefixes.add(word.slice(0, length));
    const singles = [...prefixes].sort();
    const pairs = singles.filter((_, i) => i % 7 === 0).map((first, i) => [first, singles[(i * 31) % singles.length] as string]);
    return [...singles.map((word) => [word]), ...pairs, ['nothingstartsso']];
  }

  test.each(['c24', 'global-trade'])('%s: each query finds exactly the documents PostgreSQL finds', async (organisation) => {
    const index = indexes.get(organisation) as ProjectIndex;
    const queries = queriesOf(index);
    expect(queries.length).toBeGreaterThan(200);
    let found = 0;
    for (const words of queries) {
      // A document is one asset or one of its columns: named by its kind, project, node and column.
      const rows = await sql<{ key: string }>`
        SELECT concat_ws('|', kind, project_name, unique_id, coalesce(column_name, '')) AS key FROM dbt_search_docs
        WHERE organisation_id = ${organisation} AND document @@ to_tsquery('simple', ${prefixQuery(words)})`.execute(store.db);
      const expected = rows.rows.map((row) => row.key).sort();
      const actual = prefixMatches(index.prefix, words)
        .map((position) => {
          const doc = index.docs[position] as IndexDoc;
          return [doc.kind, doc.project, doc.uniqueId, doc.column ?? ''].join('|');
        })
        .sort();
      expect({ words, ids: actual }).toEqual({ words, ids: expected });
      found += actual.length;
    }
    // The comparison means something: most queries find documents.
    expect(found).toBeGreaterThan(queries.length);
  });
});
