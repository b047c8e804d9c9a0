// Explore's search, on the in-memory project index: the word index (the lexemes PostgreSQL's
// full-text parser made of each search document) finds the documents holding every word typed as
// a prefix, names holding a word inside them are added, and facet counts, filters, ranking and
// highlights are worked out over those matches. Only the page's health is read from the store.
import {
  catalogFacetNames,
  type CatalogFacetName,
  type CatalogSearchResponse,
  type FacetCount,
  type HighlightedText,
  type SearchHit,
  type catalogSearchQuery,
} from '@common/dbt/catalogContract';
import type { z } from 'zod';
import type { StoreDb } from '../../platform/store/openStore.js';
import { highlight, highlightedExtract, queryWords } from '../../platform/search/index.js';
import { countAllValues, countValues, filterMask, holdsAny, type FacetColumn } from './facetColumns.js';
import { groupsHolding } from './nameGroups.js';
import { prefixMatchCounts } from './prefixIndex.js';
import type { IndexDoc, ProjectIndex } from './projectIndex.js';
import { healthOfNodes } from './resultQueries.js';

// The generic pieces live in the platform (one implementation for every search); kept importable here.
export { highlight, queryWords };

type SearchQuery = z.output<typeof catalogSearchQuery>;

/** The catalog's description extract: the shared one, at its default length. */
export const descriptionExtract = (description: string, words: readonly string[]): HighlightedText =>
  highlightedExtract(description, words);

/** Per facet, a mask of the wanted values (null: no filter on that facet). */
function filtersOf(query: SearchQuery, index: ProjectIndex): (Uint8Array | null)[] {
  const wanted: Record<CatalogFacetName, readonly string[] | undefined> = {
    kind: query.kind,
    database: query.database,
    schema: query.schema,
    tag: query.tag,
    owner: query.owner,
    package: query.package,
    project: query.project,
    materialized: query.materialized,
    domain: query.domain,
    testStatus: query.testStatus,
    access: query.access,
    contract: query.contract,
    certified: query.certified,
  };
  return catalogFacetNames.map((facet, f) => {
    const values = wanted[facet];
    return values && values.length > 0 ? filterMask(index.facets[f] as FacetColumn, values) : null;
  });
}

/** The words typed, and the names they would spell joined, worked out once per search rather than per match. */
interface TypedName {
  words: readonly string[];
  underscored: string;
  spaced: string;
  joined: string;
}

const typedName = (words: readonly string[]): TypedName => ({
  words,
  underscored: words.join('_'),
  spaced: words.join(' '),
  joined: words.join(''),
});

/**
 * How well a name (lower-cased, with its words) answers the words typed, best first: the whole
 * name typed (5), the name starting with what was typed (4), every word starting a word of the
 * name (3), every word inside the name (2, "ustomer" in "customers"), some of them (1), none —
 * the match is in the description or around it (0). ts_rank would weigh the same thing, at a
 * cost per match that a short prefix makes large.
 */
function nameScore(whole: string, nameWords: readonly string[], typed: TypedName): number {
  const { words } = typed;
  if (typed.underscored === whole || typed.spaced === whole || typed.joined === whole) return 5;
  if (whole.startsWith(typed.underscored) || whole.startsWith(typed.spaced)) return 4;
  const starts = words.filter((word) => nameWords.some((part) => part.startsWith(word)) || whole.startsWith(word)).length;
  if (starts === words.length) return 3;
  const inside = words.filter((word) => whole.includes(word)).length;
  if (inside === words.length) return 2;
  return starts > 0 || inside > 0 ? 1 : 0;
}

/**
 * Ranks, best first: an asset (model, source, or any other resource) named exactly as typed (0),
 * then one whose name starts so (1), before a column named exactly or starting so (2, 3): people
 * type the name of the thing they look for, and a column sharing it (`stats.customers`) is seldom
 * that thing. Weaker name matches follow by score, assets and columns together (4–7), and a match
 * in the description or around the name last (7).
 */
function rankOf(score: number, isColumn: boolean): number {
  if (score >= 4) return (isColumn ? 2 : 0) + (5 - score);
  return 4 + (3 - score);
}

const RANKS = 8;

/**
 * Positions of the documents holding every word: as a prefix of one of their lexemes, or
 * somewhere inside their name (what full-text prefixes cannot find). Ascending, so in name order.
 */
function matchesOf(index: ProjectIndex, words: readonly string[]): Int32Array {
  const all = words.length;
  const counts = prefixMatchCounts(index.prefix, words);
  const { memberStarts, members } = index.names;
  for (const group of groupsHolding(index.names, words)) {
    const end = memberStarts[group + 1] as number;
    for (let k = memberStarts[group] as number; k < end; k += 1) counts[members[k] as number] = all;
  }
  let found = 0;
  for (const count of counts) if (count === all) found += 1;
  const positions = new Int32Array(found);
  let next = 0;
  for (let position = 0; next < found; position += 1) {
    if (counts[position] === all) {
      positions[next] = position;
      next += 1;
    }
  }
  return positions;
}

/** Facet counts over every document of the index. */
const countAll = (index: ProjectIndex): Int32Array[] => index.facets.map(countAllValues);

/** The first `needed` hits (positions, ascending) with assets before columns, each in name order. */
function assetsFirst(index: ProjectIndex, hits: ArrayLike<number>, needed: number): IndexDoc[] {
  const out: IndexDoc[] = [];
  for (const wantColumn of [false, true]) {
    for (let i = 0; i < hits.length && out.length < needed; i += 1) {
      const doc = index.docs[hits[i] as number] as IndexDoc;
      if ((doc.column !== null) === wantColumn) out.push(doc);
    }
  }
  return out;
}

/**
 * The first `needed` hits by rank, then assets before columns, certified first, then name order.
 * The hits come in name order, so each of those groups fills in order and stops at `needed`:
 * nothing is sorted, and a name's score is worked out once for every document bearing it.
 */
function rankedPage(index: ProjectIndex, hits: ArrayLike<number>, words: readonly string[], needed: number): IndexDoc[] {
  const typed = typedName(words);
  const { names, words: wordsOfName, groupOf } = index.names;
  const scoreOf = new Int8Array(names.length).fill(-1);
  // Per rank: certified assets, other assets, columns.
  const buckets: IndexDoc[][] = Array.from({ length: RANKS * 3 }, () => []);
  for (let i = 0; i < hits.length; i += 1) {
    const doc = index.docs[hits[i] as number] as IndexDoc;
    const group = groupOf[doc.position] as number;
    let score = scoreOf[group] as number;
    if (score < 0) {
      score = nameScore(names[group] as string, wordsOfName[group] as string[], typed);
      scoreOf[group] = score;
    }
    const bucket = buckets[rankOf(score, doc.column !== null) * 3 + (doc.column !== null ? 2 : doc.certified ? 0 : 1)] as IndexDoc[];
    if (bucket.length < needed) bucket.push(doc);
  }
  const out: IndexDoc[] = [];
  for (const bucket of buckets) {
    if (out.length >= needed) break;
    out.push(...bucket.slice(0, needed - out.length));
  }
  return out;
}

/** Every position of the index, for a list with no words typed. */
function allPositions(index: ProjectIndex): Int32Array {
  const positions = new Int32Array(index.docs.length);
  for (let position = 0; position < positions.length; position += 1) positions[position] = position;
  return positions;
}

/**
 * The hits among the matches and each facet's counts, in one pass over the matches: a document
 * that fails no filter counts in every facet and is a hit; one that fails exactly one filter
 * counts in that facet only (each facet ignores its own filter, so choosing a value still shows
 * what choosing another would give).
 */
function filterAndCount(
  index: ProjectIndex,
  matches: Int32Array,
  filters: readonly (Uint8Array | null)[],
): { hits: Int32Array; counts: Int32Array[] } {
  const facets = index.facets;
  const hits = new Int32Array(matches.length);
  let hitCount = 0;
  const failedOnly: number[][] = facets.map(() => []);
  for (let m = 0; m < matches.length; m += 1) {
    const position = matches[m] as number;
    let failed = -1;
    let failures = 0;
    for (let f = 0; f < filters.length && failures < 2; f += 1) {
      const mask = filters[f];
      if (mask && !holdsAny(facets[f] as FacetColumn, position, mask)) {
        failures += 1;
        failed = f;
      }
    }
    if (failures === 0) {
      hits[hitCount] = position;
      hitCount += 1;
    } else if (failures === 1) {
      (failedOnly[failed] as number[]).push(position);
    }
  }
  const kept = hits.subarray(0, hitCount);
  const counts = facets.map((column, f) => {
    const tally = new Int32Array(column.values.length);
    countValues(column, kept, tally);
    countValues(column, failedOnly[f] as number[], tally);
    return tally;
  });
  return { hits: kept, counts };
}

export async function searchCatalog(
  db: StoreDb,
  organisation: string,
  index: ProjectIndex | null,
  query: SearchQuery,
): Promise<CatalogSearchResponse> {
  const started = performance.now();
  const facets = Object.fromEntries(catalogFacetNames.map((facet) => [facet, [] as FacetCount[]])) as Record<
    CatalogFacetName,
    FacetCount[]
  >;
  if (!index) return { total: 0, hits: [], facets, tookMs: Math.round(performance.now() - started) };

  const words = queryWords(query.q);
  const typed = (query.q ?? '').trim() !== '';
  const filters = filtersOf(query, index);
  const filtered = filters.some((filter) => filter !== null);
  let counts: Int32Array[];
  let hits: ArrayLike<number>;
  if (!typed && !filtered) {
    index.allFacetCounts ??= countAll(index);
    counts = index.allFacetCounts;
    hits = allPositions(index);
  } else {
    // Only operators or punctuation typed: nothing to look for.
    const matches = !typed ? allPositions(index) : words.length === 0 ? new Int32Array(0) : matchesOf(index, words);
    ({ hits, counts } = filterAndCount(index, matches, filters));
  }
  catalogFacetNames.forEach((facet, f) => {
    const values = (index.facets[f] as FacetColumn).values;
    const list: FacetCount[] = [];
    (counts[f] as Int32Array).forEach((n, id) => {
      if (n > 0) list.push({ value: values[id] as string, count: n });
    });
    facets[facet] = list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  });

  // With a query, the best name matches first; only as many as the page needs are put in order.
  // Without one, assets come before columns (each part in name order).
  const total = hits.length;
  const needed = query.offset + query.limit;
  const ordered = typed ? rankedPage(index, hits, words, needed) : assetsFirst(index, hits, needed);

  const page: SearchHit[] = ordered.slice(query.offset, query.offset + query.limit).map((doc) => ({
    kind: doc.kind,
    uniqueId: doc.uniqueId,
    name: doc.name,
    column: doc.column,
    resourceType: doc.resourceType,
    database: doc.database,
    schema: doc.schema,
    packageName: doc.packageName,
    projectName: doc.project,
    nameHighlight: highlight(doc.column ?? doc.name, words, { inWord: true }),
    descriptionHighlight: descriptionExtract(doc.description, words),
    tags: doc.tags,
    testStatus: doc.testStatus,
    health: null as SearchHit['health'],
    certified: doc.certified,
  }));
  // The page's models and sources with their own health (one read of their latest results).
  const health = await healthOfNodes(db, organisation, index, [...new Set(page.map((hit) => hit.uniqueId))], new Date());
  for (const hit of page) hit.health = health.get(hit.uniqueId)?.status ?? null;
  return { total, hits: page, facets, tookMs: Math.round((performance.now() - started) * 10) / 10 };
}
